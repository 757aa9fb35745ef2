/**
 * The part of obstacle_run_3d's privileged state this policy reads, validated on every observation. Kept
 * here (not imported from games/) because agents depend only on protocol and games-manifest.
 */
import { z } from 'zod';
import { BodyView, CameraView, EpisodeClock } from '../../common/policy/state-parts.js';

export const ObstacleRun3dView = z.object({
  ...EpisodeClock,
  /** Centre of the feet in metres and velocity in m/s; x right, y up, z forward at yaw 0. */
  player: BodyView,
  camera: CameraView,
  /** Index of the platform stood on (or last stood on), in path order. */
  platformIndex: z.number().int().min(0),
  deathY: z.number(),
  /** Solid boxes in path order (start first, finish pad last): top centre, half sides, top and underside, m. */
  platforms: z
    .array(z.object({ x: z.number(), z: z.number(), halfX: z.number().positive(), halfZ: z.number().positive(), top: z.number(), bottom: z.number() }))
    .min(2)
    .max(4096),
  physics: z.object({
    moveSpeed: z.number().positive(),
    jumpSpeed: z.number().positive(),
    gravity: z.number().positive(),
    radius: z.number().positive(),
    height: z.number().positive(),
  }),
});
export type ObstacleRun3dView = z.infer<typeof ObstacleRun3dView>;
