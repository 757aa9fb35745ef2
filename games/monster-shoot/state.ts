/** The privileged state of monster_shoot, as `state()` emits it: everything a scripted policy needs. */
import { z } from 'zod';
import { episodeFields } from '../common/state-schema.js';

export const MonsterShootMonsterState = z.strictObject({
  id: z.number().int().min(0),
  /** Centre of the monster's feet, m. */
  x: z.number(),
  z: z.number(),
  /** Velocity over the last tick, m/s. */
  vx: z.number(),
  vz: z.number(),
  health: z.number().min(0),
  maxHealth: z.number().positive(),
});
export type MonsterShootMonsterState = z.infer<typeof MonsterShootMonsterState>;

export const MonsterShootBlockState = z.strictObject({
  minX: z.number(),
  minZ: z.number(),
  maxX: z.number(),
  maxZ: z.number(),
  height: z.number().positive(),
});
export type MonsterShootBlockState = z.infer<typeof MonsterShootBlockState>;

export const MonsterShootState = z.strictObject({
  ...episodeFields('monster_shoot'),
  /** Feet position in metres (y = 0 on the floor); x right, y up, z forward at yaw 0. */
  player: z.strictObject({
    x: z.number(),
    y: z.number(),
    z: z.number(),
    onGround: z.boolean(),
    hp: z.number(),
    maxHp: z.number().positive(),
  }),
  /** View heading and tilt, degrees; W walks along (sin yaw, cos yaw) in (x, z); shots fly along the view. */
  camera: z.strictObject({ yaw: z.number(), pitch: z.number(), eyeHeight: z.number(), fovDeg: z.number() }),
  /** The floor spans [-halfX, halfX] x [-halfZ, halfZ]; blocks stop walking and shots. */
  arena: z.strictObject({ halfX: z.number().positive(), halfZ: z.number().positive(), blocks: z.array(MonsterShootBlockState) }),
  monsters: z.array(MonsterShootMonsterState),
  /** Monsters yet to arrive, and when the next one does (ms of game time; null when none is left). */
  spawns: z.strictObject({ remaining: z.number().int().min(0), nextMs: z.number().nullable() }),
  /** Health removed so far and the level's total (progress is their ratio). */
  damageDealt: z.number().min(0),
  totalHealth: z.number().positive(),
  /** The rules' numbers: speeds in m/s, times in ms, sizes in m. */
  rules: z.strictObject({
    moveSpeed: z.number(),
    monsterSpeed: z.number(),
    monsterHalfWidth: z.number(),
    monsterHeight: z.number(),
    touchDistance: z.number(),
    shotDamage: z.number(),
    shotCooldownMs: z.number(),
    shotCooldownLeftMs: z.number(),
    detonateDamage: z.number(),
  }),
});
export type MonsterShootState = z.infer<typeof MonsterShootState>;
