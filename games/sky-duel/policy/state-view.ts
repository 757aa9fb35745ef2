/**
 * The part of sky_duel's privileged state this policy reads, validated on every observation. Kept here
 * (not imported from games/) because agents depend only on protocol and games-manifest.
 */
import { z } from 'zod';

export const SkyDuelFighterView = z.object({
  slot: z.number().int().min(0),
  /** Feet position in metres (y = 0 on the platform top) and velocity in m/s. */
  x: z.number(),
  y: z.number(),
  z: z.number(),
  vx: z.number(),
  vz: z.number(),
  onGround: z.boolean(),
  /** Facing and camera heading, degrees; W walks along (sin yaw, cos yaw) in (x, z). */
  yaw: z.number(),
  hp: z.number(),
  cooldownMs: z.number().min(0),
  knockX: z.number(),
  knockZ: z.number(),
  knockMs: z.number().min(0),
  fallen: z.boolean(),
});
export type SkyDuelFighterView = z.infer<typeof SkyDuelFighterView>;

export const SkyDuelView = z.object({
  simMs: z.number().min(0),
  tickMs: z.number().positive(),
  platform: z.object({ side: z.number().positive() }),
  fighters: z.array(SkyDuelFighterView).length(2),
  rules: z.object({
    moveSpeed: z.number().positive(),
    radius: z.number().positive(),
    reach: z.number().positive(),
    arcDeg: z.number().positive(),
    windupMs: z.number().min(0),
    cooldownMs: z.number().min(0),
    knockbackMs: z.number().positive(),
  }),
});
export type SkyDuelView = z.infer<typeof SkyDuelView>;
