/** The privileged state of last_stand, as `state()` emits it: everything a scripted policy needs. */
import { z } from 'zod';
import { CameraState, MovingBodyState, episodeFields } from '../common/state-schema.js';

export const LastStandTileState = z.strictObject({
  col: z.number().int().min(0),
  row: z.number().int().min(0),
  status: z.enum(['intact', 'warning', 'fallen']),
  /** Time left before a warning tile drops, ms (0 otherwise). */
  warnLeftMs: z.number().min(0),
});
export type LastStandTileState = z.infer<typeof LastStandTileState>;

export const LastStandState = z.strictObject({
  ...episodeFields('last_stand'),
  /** Feet position (y = 0 on the tile tops) in metres and velocity in m/s; x right, y up, z forward at yaw 0. */
  player: MovingBodyState,
  /** Camera heading and tilt, degrees; W walks along (sin yaw, cos yaw) in (x, z), D along (cos yaw, -sin yaw). */
  camera: CameraState,
  /** Tile (col, row) has its centre at (originX + col * tileSize, originZ + row * tileSize); tiles absent from `tiles` never existed. */
  grid: z.strictObject({
    cols: z.number().int().positive(),
    rows: z.number().int().positive(),
    tileSize: z.number().positive(),
    originX: z.number(),
    originZ: z.number(),
  }),
  tiles: z.array(LastStandTileState),
  /** The rules' numbers: walk speed and jump speed in m/s, gravity in m/s^2, warning time in ms, fall depth in m. */
  physics: z.strictObject({
    moveSpeed: z.number(),
    jumpSpeed: z.number(),
    gravity: z.number(),
    warnMs: z.number(),
    fallDepth: z.number(),
  }),
});
export type LastStandState = z.infer<typeof LastStandState>;
