/**
 * The part of obstacle_run_2d's privileged state this policy reads, validated on every observation. Kept
 * here (not imported from games/) because agents depend only on protocol and games-manifest.
 */
import { z } from 'zod';
import { EpisodeClock } from '../../common/policy/state-parts.js';

export const ObstacleRun2dView = z.object({
  ...EpisodeClock,
  /** Centre of the feet in metres (x right, y up) and velocity in m/s. */
  player: z.object({
    x: z.number(),
    y: z.number(),
    vx: z.number(),
    vy: z.number(),
    onGround: z.boolean(),
    alive: z.boolean(),
  }),
  finishX: z.number().positive(),
  deathY: z.number(),
  /** Solid slabs in order of x: ends, walkable top and underside, m. */
  platforms: z
    .array(z.object({ x0: z.number(), x1: z.number(), top: z.number(), bottom: z.number() }))
    .min(1)
    .max(4096),
  physics: z.object({
    runSpeed: z.number().positive(),
    jumpSpeed: z.number().positive(),
    gravity: z.number().positive(),
    halfWidth: z.number().positive(),
    height: z.number().positive(),
  }),
});
export type ObstacleRun2dView = z.infer<typeof ObstacleRun2dView>;
