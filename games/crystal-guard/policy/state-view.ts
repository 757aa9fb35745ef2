/**
 * The part of crystal_guard's privileged state this policy reads, validated on every observation. Kept
 * here (not imported from games/) because agents depend only on protocol and games-manifest.
 */
import { z } from 'zod';

const Vec3 = z.tuple([z.number(), z.number(), z.number()]);
export const BoxView = z.object({ min: Vec3, max: Vec3 });
export type BoxView = z.infer<typeof BoxView>;

export const CrystalGuardPlayerView = z.object({
  slot: z.number().int().min(0),
  team: z.number().int().min(0),
  /** Feet position, m. */
  x: z.number(),
  z: z.number(),
  /** Degrees: a shot flies along (cos p sin y, sin p, cos p cos y); W walks along (sin y, cos y) in (x, z). */
  yaw: z.number(),
  pitch: z.number(),
  alive: z.boolean(),
  cooldownMs: z.number().min(0),
});
export type CrystalGuardPlayerView = z.infer<typeof CrystalGuardPlayerView>;

export const CrystalGuardView = z.object({
  variant: z.string(),
  simMs: z.number().min(0),
  tickMs: z.number().positive(),
  arena: z.object({ width: z.number().positive().max(500), length: z.number().positive().max(500) }),
  players: z.array(CrystalGuardPlayerView).length(2),
  crystals: z.array(BoxView.extend({ team: z.number().int().min(0), hp: z.number() })).length(2),
  gates: z.array(BoxView.extend({ team: z.number().int().min(0) })).length(2),
  gatePlan: z.object({ firstOpenMs: z.number(), periodMs: z.number().positive(), openMs: z.number().positive(), offsetMs: z.tuple([z.number(), z.number()]) }),
  solids: z.array(BoxView).max(1000),
  vaults: z.array(BoxView).length(2),
  rules: z.object({
    cooldownMs: z.number().min(0),
    shotRange: z.number().positive(),
    moveSpeed: z.number().positive(),
    radius: z.number().positive(),
    bodyHalfWidth: z.number().positive(),
    bodyHeight: z.number().positive(),
    eyeHeight: z.number().positive(),
    pitchMin: z.number(),
    pitchMax: z.number(),
  }),
});
export type CrystalGuardView = z.infer<typeof CrystalGuardView>;
