/** The variants of monster_shoot: arena shape, monster count, toughness, speed and spawn layout change; the rules never do. */
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { monsterShootVariants } from './manifest.js';
import { monsterShoot } from './manifest.js';

/** An axis-aligned block on the floor (pillar or inner wall), metres. */
export interface Block {
  readonly minX: number;
  readonly minZ: number;
  readonly maxX: number;
  readonly maxZ: number;
  readonly height: number;
}

export interface MonsterShootVariant {
  readonly id: string;
  /** The floor spans [-halfX, halfX] x [-halfZ, halfZ], walled all round. */
  readonly halfX: number;
  readonly halfZ: number;
  readonly blocks: readonly Block[];
  /** Where the player starts (x, z) and which way it looks (yaw, degrees). */
  readonly start: { readonly x: number; readonly z: number; readonly yawDeg: number };
  /** Spawn points (x, z); each spawn picks one at random that is far enough from the player. */
  readonly spawnPoints: readonly (readonly [number, number])[];
  /** Monsters in the level, each with `health` hit points and walking `speed` m/s towards the player. */
  readonly count: number;
  readonly health: number;
  readonly speed: number;
  /** Monsters present at the start, at these points; the rest arrive one every `intervalMs` after `firstMs`. */
  readonly initial: readonly (readonly [number, number])[];
  readonly firstMs: number;
  readonly intervalMs: number;
  readonly timeLimitMs: number;
}

const pillar = (x: number, z: number, half = 1): Block => ({ minX: x - half, minZ: z - half, maxX: x + half, maxZ: z + half, height: 3 });

/** Points every `step` metres along the walls of a `halfX` x `halfZ` arena, `inset` metres inside them. */
function rim(halfX: number, halfZ: number, inset: number, step: number): [number, number][] {
  const points: [number, number][] = [];
  for (let x = -halfX + inset; x <= halfX - inset + 1e-9; x += step) points.push([x, -halfZ + inset], [x, halfZ - inset]);
  for (let z = -halfZ + inset + step; z <= halfZ - inset - step + 1e-9; z += step) points.push([-halfX + inset, z], [halfX - inset, z]);
  return points;
}

const PARAMS: VariantParams<typeof monsterShootVariants, Omit<MonsterShootVariant, 'id' | 'timeLimitMs'>> = {
  origin: {
    halfX: 16,
    halfZ: 16,
    blocks: [pillar(-7, -7), pillar(7, -7), pillar(-7, 7), pillar(7, 7)],
    start: { x: 0, z: 0, yawDeg: 0 },
    spawnPoints: rim(16, 16, 2, 4),
    count: 10,
    health: 60,
    speed: 1.2,
    initial: [[-4, 13], [4, 13]],
    firstMs: 5000,
    intervalMs: 6000,
  },
  horde: {
    halfX: 18,
    halfZ: 18,
    blocks: [pillar(0, 9), pillar(0, -9), pillar(9, 0), pillar(-9, 0)],
    start: { x: 0, z: 0, yawDeg: 0 },
    spawnPoints: rim(18, 18, 2, 4),
    count: 18,
    health: 40,
    speed: 1.6,
    initial: [[-6, 15], [0, 15], [6, 15], [0, -15]],
    firstMs: 4000,
    intervalMs: 3500,
  },
  corridor: {
    halfX: 6,
    halfZ: 30,
    blocks: [pillar(-3, 12, 0.8), pillar(3, -12, 0.8), pillar(3, 20, 0.8), pillar(-3, -20, 0.8)],
    start: { x: 0, z: 0, yawDeg: 0 },
    spawnPoints: [[-3, 27], [0, 27], [3, 27], [-3, -27], [0, -27], [3, -27]],
    count: 12,
    health: 60,
    speed: 1.8,
    initial: [[-3, 27], [3, 27]],
    firstMs: 4000,
    intervalMs: 5000,
  },
  brutes: {
    halfX: 14,
    halfZ: 14,
    blocks: [
      { minX: -4, minZ: -4, maxX: 4, maxZ: -3, height: 3 },
      { minX: -4, minZ: 3, maxX: 4, maxZ: 4, height: 3 },
    ],
    start: { x: 0, z: 0, yawDeg: 90 },
    spawnPoints: [[-12, -12], [12, -12], [-12, 12], [12, 12], [-12, 0], [12, 0]],
    count: 6,
    health: 120,
    speed: 1.1,
    initial: [[12, 0]],
    firstMs: 4000,
    intervalMs: 9000,
  },
  rush: {
    halfX: 20,
    halfZ: 12,
    blocks: [pillar(-10, 0), pillar(10, 0), pillar(0, 6, 0.7), pillar(0, -6, 0.7)],
    start: { x: 0, z: 0, yawDeg: 90 },
    spawnPoints: rim(20, 12, 2, 4),
    count: 9,
    health: 50,
    speed: 2.2,
    initial: [[18, -4], [18, 4], [-18, 0]],
    firstMs: 6000,
    intervalMs: 5000,
  },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly MonsterShootVariant[] = manifestVariants(monsterShoot, PARAMS);
