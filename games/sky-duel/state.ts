/** The privileged state of sky_duel, as `state()` emits it: everything a scripted policy needs. */
import { z } from 'zod';
import { bodyFields, episodeFields } from '../common/state-schema.js';

export const SkyDuelFighterState = z.strictObject({
  slot: z.number().int().min(0),
  team: z.number().int().min(0),
  /** Whether an agent plays this slot; an inactive fighter stands still. */
  active: z.boolean(),
  /** Feet position in metres (y = 0 on the platform top; x right, z forward at yaw 0) and velocity in m/s. */
  ...bodyFields,
  /** Facing and camera heading, degrees; W walks along (sin yaw, cos yaw) in (x, z), D along (cos yaw, -sin yaw). */
  yaw: z.number(),
  hp: z.number().min(0),
  /** Time before a press can start a swing, ms. */
  cooldownMs: z.number().min(0),
  /** Time before a pending strike lands, ms (0 when none). */
  windupMs: z.number().min(0),
  /** Knockback velocity at full strength (m/s) and the time it has left (ms); it fades linearly. */
  knockX: z.number(),
  knockZ: z.number(),
  knockMs: z.number().min(0),
  fallen: z.boolean(),
});
export type SkyDuelFighterState = z.infer<typeof SkyDuelFighterState>;

export const SkyDuelState = z.strictObject({
  ...episodeFields('sky_duel'),
  /** The square spans -side/2..side/2 in x and z. */
  platform: z.strictObject({ side: z.number().positive() }),
  /** Indexed by slot. */
  fighters: z.array(SkyDuelFighterState).length(2),
  /** The rules' numbers (see games/sky-duel/rules.ts for each one's meaning). */
  rules: z.strictObject({
    maxHp: z.number(),
    damage: z.number(),
    moveSpeed: z.number(),
    jumpSpeed: z.number(),
    gravity: z.number(),
    radius: z.number(),
    reach: z.number(),
    arcDeg: z.number(),
    heightTolerance: z.number(),
    windupMs: z.number(),
    cooldownMs: z.number(),
    knockbackSpeed: z.number(),
    knockbackMs: z.number(),
    fallDepth: z.number(),
  }),
});
export type SkyDuelState = z.infer<typeof SkyDuelState>;
