/** The variants of sky_duel: platform size, spawn positions and timer change; the rules never do. */
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { skyDuelVariants } from './manifest.js';
import { skyDuel } from './manifest.js';

/** Where a fighter starts: feet position in metres and facing in degrees (0 = +z). */
export interface Spawn {
  readonly x: number;
  readonly z: number;
  readonly yawDeg: number;
}

export interface SkyDuelVariant {
  readonly id: string;
  /** Side of the square platform, m; it spans -side/2..side/2 in x and z. */
  readonly side: number;
  /** Spawn of slot 0 and slot 1. */
  readonly spawns: readonly [Spawn, Spawn];
  readonly timeLimitMs: number;
}

/** Two spawns mirrored through the centre, each facing the other. */
function facing(x: number, z: number): readonly [Spawn, Spawn] {
  const yaw = (Math.atan2(-x, -z) * 180) / Math.PI;
  return [
    { x, z, yawDeg: Math.round(yaw * 1000) / 1000 },
    { x: -x, z: -z, yawDeg: Math.round((yaw > 0 ? yaw - 180 : yaw + 180) * 1000) / 1000 },
  ];
}

const PARAMS: VariantParams<typeof skyDuelVariants, Omit<SkyDuelVariant, 'id' | 'timeLimitMs'>> = {
  origin: { side: 12, spawns: facing(0, -3) },
  small: { side: 8, spawns: facing(0, -2.5) },
  large: { side: 16, spawns: facing(0, -5) },
  corners: { side: 12, spawns: facing(-3.5, -3.5) },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly SkyDuelVariant[] = manifestVariants(skyDuel, PARAMS);
