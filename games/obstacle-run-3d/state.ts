/** The privileged state of obstacle_run_3d, as `state()` emits it: everything a scripted policy needs. */
import { z } from 'zod';
import { CameraState, MovingBodyState, episodeFields } from '../common/state-schema.js';

export const ObstacleRun3dPlatformState = z.strictObject({
  /** Centre of the walkable top and its half sides along x and z, m. */
  x: z.number(),
  z: z.number(),
  halfX: z.number().positive(),
  halfZ: z.number().positive(),
  /** Height of the top and of the underside, m. */
  top: z.number(),
  bottom: z.number(),
});
export type ObstacleRun3dPlatformState = z.infer<typeof ObstacleRun3dPlatformState>;

export const ObstacleRun3dState = z.strictObject({
  ...episodeFields('obstacle_run_3d'),
  /** Centre of the feet in metres and velocity in m/s; x right, y up, z forward at yaw 0. */
  player: MovingBodyState,
  /** Camera heading and tilt, degrees; W walks along (sin yaw, cos yaw) in (x, z), D along (cos yaw, -sin yaw). */
  camera: CameraState,
  /** Index of the platform stood on (or last stood on) and the furthest reached, in path order. */
  platformIndex: z.number().int().min(0),
  bestPlatform: z.number().int().min(0),
  /** Path length from start centre to finish centre, the furthest distance reached along it (m), and their ratio. */
  path: z.strictObject({ length: z.number().positive(), reached: z.number().min(0), progress: z.number().min(0).max(1) }),
  /** The feet falling below this height end the episode, m. */
  deathY: z.number(),
  /** Every platform in path order: the start first, the finish pad last. */
  platforms: z.array(ObstacleRun3dPlatformState),
  /** The rules' numbers: speeds in m/s, gravity in m/s^2, body size in m. */
  physics: z.strictObject({
    moveSpeed: z.number(),
    jumpSpeed: z.number(),
    gravity: z.number(),
    radius: z.number(),
    height: z.number(),
  }),
});
export type ObstacleRun3dState = z.infer<typeof ObstacleRun3dState>;
