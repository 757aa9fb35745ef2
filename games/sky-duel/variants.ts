/** The variants of sky_duel: platform size, spawn positions and timer change; the rules never do. */

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

export const VARIANTS: readonly SkyDuelVariant[] = [
  { id: 'origin', side: 12, spawns: facing(0, -3), timeLimitMs: 120_000 },
  { id: 'small', side: 8, spawns: facing(0, -2.5), timeLimitMs: 90_000 },
  { id: 'large', side: 16, spawns: facing(0, -5), timeLimitMs: 150_000 },
  { id: 'corners', side: 12, spawns: facing(-3.5, -3.5), timeLimitMs: 120_000 },
];
