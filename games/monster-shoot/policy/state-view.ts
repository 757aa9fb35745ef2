/**
 * The part of monster_shoot's privileged state this policy reads, validated on every observation. Kept here
 * (not imported from games/) because agents depend only on protocol and games-manifest.
 */
import { z } from 'zod';
import { CameraView } from '../../common/policy/state-parts.js';

export const MonsterShootView = z.object({
  simMs: z.number().min(0),
  tickMs: z.number().positive(),
  /** Feet position in metres (y = 0 on the floor). */
  player: z.object({ x: z.number(), y: z.number(), z: z.number(), hp: z.number() }),
  /** Degrees; yaw 0 looks along +z, positive turns towards +x; pitch positive looks up. */
  camera: CameraView.extend({ eyeHeight: z.number() }),
  arena: z.object({
    halfX: z.number().positive(),
    halfZ: z.number().positive(),
    blocks: z.array(z.object({ minX: z.number(), minZ: z.number(), maxX: z.number(), maxZ: z.number(), height: z.number() })).max(256),
  }),
  monsters: z
    .array(z.object({ id: z.number(), x: z.number(), z: z.number(), vx: z.number(), vz: z.number(), health: z.number() }))
    .max(1024),
  rules: z.object({
    moveSpeed: z.number().positive(),
    monsterSpeed: z.number().positive(),
    monsterHalfWidth: z.number().positive(),
    monsterHeight: z.number().positive(),
    touchDistance: z.number().positive(),
    shotDamage: z.number().positive(),
  }),
});
export type MonsterShootView = z.infer<typeof MonsterShootView>;
