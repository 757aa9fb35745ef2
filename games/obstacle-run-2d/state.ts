/** The privileged state of obstacle_run_2d, as `state()` emits it: everything a scripted policy needs. */
import { z } from 'zod';
import { episodeFields } from '../common/state-schema.js';

export const ObstacleRun2dPlatformState = z.strictObject({
  /** Left and right ends of the slab, m. */
  x0: z.number(),
  x1: z.number(),
  /** Height of the walkable top and of the underside, m. */
  top: z.number(),
  bottom: z.number(),
});
export type ObstacleRun2dPlatformState = z.infer<typeof ObstacleRun2dPlatformState>;

export const ObstacleRun2dState = z.strictObject({
  ...episodeFields('obstacle_run_2d'),
  /** Centre of the feet in metres (x right, y up) and velocity in m/s. */
  player: z.strictObject({
    x: z.number(),
    y: z.number(),
    vx: z.number(),
    vy: z.number(),
    onGround: z.boolean(),
    alive: z.boolean(),
  }),
  /** Furthest x stood on so far and the finish line's x, m; progress = maxX / finishX, clamped to [0, 1]. */
  maxX: z.number(),
  finishX: z.number().positive(),
  progress: z.number().min(0).max(1),
  /** The feet falling below this height end the episode, m. */
  deathY: z.number(),
  /** Every platform in order of x; the last one holds the finish line. */
  platforms: z.array(ObstacleRun2dPlatformState),
  /** The rules' numbers: speeds in m/s, gravity in m/s^2, body size in m. */
  physics: z.strictObject({
    runSpeed: z.number(),
    jumpSpeed: z.number(),
    gravity: z.number(),
    halfWidth: z.number(),
    height: z.number(),
  }),
});
export type ObstacleRun2dState = z.infer<typeof ObstacleRun2dState>;
