/**
 * The part of last_stand's privileged state this policy reads, validated on every observation. Kept here
 * (not imported from games/) because agents depend only on protocol and games-manifest.
 */
import { z } from 'zod';
import { BodyView, CameraView, EpisodeClock } from '../../common/policy/state-parts.js';

export const LastStandView = z.object({
  ...EpisodeClock,
  /** Feet position in metres (y = 0 on the tile tops) and velocity in m/s. */
  player: BodyView,
  camera: CameraView,
  grid: z.object({
    cols: z.number().int().positive().max(256),
    rows: z.number().int().positive().max(256),
    tileSize: z.number().positive(),
    originX: z.number(),
    originZ: z.number(),
  }),
  tiles: z
    .array(
      z.object({
        col: z.number().int().min(0),
        row: z.number().int().min(0),
        status: z.enum(['intact', 'warning', 'fallen']),
        warnLeftMs: z.number().min(0),
      }),
    )
    .max(65_536),
  physics: z.object({
    moveSpeed: z.number().positive(),
    jumpSpeed: z.number().positive(),
    gravity: z.number().positive(),
    warnMs: z.number().positive(),
    fallDepth: z.number().positive(),
  }),
});
export type LastStandView = z.infer<typeof LastStandView>;
