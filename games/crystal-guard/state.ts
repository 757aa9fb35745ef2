/** The privileged state of crystal_guard, as `state()` emits it: everything a scripted policy needs. */
import { z } from 'zod';
import { episodeFields } from '../common/state-schema.js';

const Vec3 = z.tuple([z.number(), z.number(), z.number()]);
/** An axis-aligned box, m. */
export const CrystalGuardBox = z.strictObject({ min: Vec3, max: Vec3 });
export type CrystalGuardBox = z.infer<typeof CrystalGuardBox>;

export const CrystalGuardPlayerState = z.strictObject({
  slot: z.number().int().min(0),
  team: z.number().int().min(0),
  /** Whether an agent plays this slot; an inactive player stands still. */
  active: z.boolean(),
  /** Feet position, m; the eyes are `rules.eyeHeight` above the floor (y = 0). */
  x: z.number(),
  z: z.number(),
  /** View heading and tilt, degrees: W walks along (sin yaw, cos yaw) in (x, z); a shot flies along (cos p sin y, sin p, cos p cos y). */
  yaw: z.number(),
  pitch: z.number(),
  hp: z.number().min(0),
  alive: z.boolean(),
  /** Time before a downed player respawns, ms (0 while alive). */
  respawnMs: z.number().min(0),
  /** Time before a press can fire, ms. */
  cooldownMs: z.number().min(0),
  spawn: z.strictObject({ x: z.number(), z: z.number(), yaw: z.number() }),
  lastShot: z.enum(['crystal', 'player', 'gate', 'cover', 'own_crystal', 'nothing']).nullable(),
});
export type CrystalGuardPlayerState = z.infer<typeof CrystalGuardPlayerState>;

export const CrystalGuardState = z.strictObject({
  ...episodeFields('crystal_guard'),
  /** The floor spans -width/2..width/2 in x and -length/2..length/2 in z; team 0's base is at -z. */
  arena: z.strictObject({ width: z.number().positive(), length: z.number().positive() }),
  /** Indexed by slot. */
  players: z.array(CrystalGuardPlayerState).length(2),
  /** Indexed by team: each crystal's hit box and hit points. */
  crystals: z.array(CrystalGuardBox.extend({ team: z.number().int().min(0), hp: z.number().min(0) })).length(2),
  /** Indexed by team: each gate's box, whether it is open now, and the time until it opens or closes. */
  gates: z.array(CrystalGuardBox.extend({ team: z.number().int().min(0), open: z.boolean(), toggleMs: z.number().min(0) })).length(2),
  /** Gate t is open when simMs >= firstOpenMs + offsetMs[t] and (simMs - firstOpenMs - offsetMs[t]) mod periodMs < openMs. */
  gatePlan: z.strictObject({ firstOpenMs: z.number(), periodMs: z.number().positive(), openMs: z.number().positive(), offsetMs: z.tuple([z.number(), z.number()]) }),
  /** Walls, vault walls and pillars: they stop walking and shots. */
  solids: z.array(CrystalGuardBox.extend({ kind: z.enum(['wall', 'vault', 'pillar']) })),
  /** Vault footprints (gate included), which nobody can walk into. */
  vaults: z.array(CrystalGuardBox).length(2),
  /** The rules' numbers (see games/crystal-guard/rules.ts for each one's meaning). */
  rules: z.strictObject({
    crystalHp: z.number(),
    crystalDamage: z.number(),
    playerHp: z.number(),
    playerDamage: z.number(),
    respawnMs: z.number(),
    cooldownMs: z.number(),
    shotRange: z.number(),
    moveSpeed: z.number(),
    radius: z.number(),
    bodyHalfWidth: z.number(),
    bodyHeight: z.number(),
    eyeHeight: z.number(),
    pitchMin: z.number(),
    pitchMax: z.number(),
  }),
});
export type CrystalGuardState = z.infer<typeof CrystalGuardState>;
