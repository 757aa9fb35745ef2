/**
 * The part of cue_chase's privileged state this policy reads, validated on every observation. Kept here
 * (not imported from games/) because agents depend only on protocol and games-manifest.
 */
import { z } from 'zod';

const Box = z.object({ minX: z.number(), minY: z.number(), minZ: z.number(), maxX: z.number(), maxY: z.number(), maxZ: z.number() });

export const CueChaseView = z.object({
  tickMs: z.number().positive(),
  player: z.object({ x: z.number(), z: z.number() }),
  /** Degrees; W walks along (sin yaw, cos yaw) in (x, z); the player faces the heading. */
  camera: z.object({ yaw: z.number(), pitch: z.number() }),
  tradeIndex: z.number().int().min(0),
  trades: z.array(z.object({ person: z.string() })).max(256),
  people: z.array(z.object({ id: z.string(), x: z.number(), z: z.number() })).max(1024),
  solids: z.array(Box).max(4096),
  plaza: z.object({ halfX: z.number().positive().max(200), halfZ: z.number().positive().max(200) }),
  rules: z.object({ moveSpeed: z.number().positive(), playerRadius: z.number().positive(), reach: z.number().positive(), facingDeg: z.number().positive() }),
});
export type CueChaseView = z.infer<typeof CueChaseView>;
