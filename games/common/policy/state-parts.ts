/**
 * Pieces of privileged state that several games emit alike, for the policies' state schemas. Kept here
 * (not imported from games/) because agents depend only on protocol and games-manifest.
 */
import { z } from 'zod';

/** Episode clock of the timed solo games: game time so far, the limit and the tick, ms. */
export const EpisodeClock = {
  simMs: z.number().min(0),
  timeLimitMs: z.number().positive(),
  tickMs: z.number().positive(),
};

/** Camera heading and tilt, degrees; W walks along (sin yaw, cos yaw) in (x, z). */
export const CameraView = z.object({ yaw: z.number(), pitch: z.number() });
export type CameraView = z.infer<typeof CameraView>;

/** A jumping body: feet position in metres, velocity in m/s, whether it stands and lives. */
export const BodyView = z.object({
  x: z.number(),
  y: z.number(),
  z: z.number(),
  vx: z.number(),
  vy: z.number(),
  vz: z.number(),
  onGround: z.boolean(),
  alive: z.boolean(),
});
export type BodyView = z.infer<typeof BodyView>;

/** An axis-aligned solid box by its corners, m. */
export const SolidBox = z.object({ minX: z.number(), minY: z.number(), minZ: z.number(), maxX: z.number(), maxY: z.number(), maxZ: z.number() });
export type SolidBox = z.infer<typeof SolidBox>;

/** Where a walking player of the walk-up-and-press-F games stands and looks; it faces the camera heading. */
export const WalkerState = {
  tickMs: z.number().positive(),
  player: z.object({ x: z.number(), z: z.number() }),
  camera: CameraView,
};

/** Walking and using rules of the walk-up-and-press-F games (scene_escape, cue_chase). */
export const UseRules = z.object({ moveSpeed: z.number().positive(), playerRadius: z.number().positive(), reach: z.number().positive(), facingDeg: z.number().positive() });

/** A body the motion models step tick by tick: position and velocity, m and m/s. */
export interface MovingBody {
  x: number;
  y: number;
  z: number;
  vx: number;
  vy: number;
  vz: number;
  onGround: boolean;
}

/** The observed body as a mutable copy, for a model to step. */
export function movingBodyOf(p: BodyView): MovingBody {
  return { x: p.x, y: p.y, z: p.z, vx: p.vx, vy: p.vy, vz: p.vz, onGround: p.onGround };
}
