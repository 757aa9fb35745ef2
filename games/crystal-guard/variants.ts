/** The variants of crystal_guard: arena size, gate timing, cover and spawn positions change; the rules never do. */
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { crystalGuardVariants } from './manifest.js';
import { crystalGuard } from './manifest.js';

/**
 * When the gates are open. Gate t is open when simMs >= firstOpenMs + offsetMs[t] and
 * (simMs - firstOpenMs - offsetMs[t]) mod periodMs < openMs.
 */
export interface GatePlan {
  readonly firstOpenMs: number;
  readonly periodMs: number;
  readonly openMs: number;
  /** Extra delay of team 0's and team 1's gate, ms (equal: the gates move together). */
  readonly offsetMs: readonly [number, number];
}

/** A pillar of cover on team 0's side, given by its centre and half sizes in x and z; the layout mirrors it for team 1. */
export interface Pillar {
  readonly x: number;
  readonly z: number;
  readonly hx: number;
  readonly hz: number;
}

export interface CrystalGuardVariant {
  readonly id: string;
  /** Arena size: it spans -width/2..width/2 in x and -length/2..length/2 in z; team 0's base is at -z. */
  readonly width: number;
  readonly length: number;
  /** Half width and depth of each vault (the walled room holding a crystal, closed by a gate), m. */
  readonly vaultHalfWidth: number;
  readonly vaultDepth: number;
  readonly gates: GatePlan;
  readonly pillars: readonly Pillar[];
  /** Team 0's spawn (x, z, yaw); team 1's is mirrored through the centre. */
  readonly spawn: { readonly x: number; readonly z: number };
  readonly timeLimitMs: number;
}

const PARAMS: VariantParams<typeof crystalGuardVariants, Omit<CrystalGuardVariant, 'id' | 'timeLimitMs'>> = {
  origin: {
    width: 16,
    length: 36,
    vaultHalfWidth: 2.2,
    vaultDepth: 3.5,
    gates: { firstOpenMs: 6000, periodMs: 10_000, openMs: 4000, offsetMs: [0, 0] },
    pillars: [
      { x: -3.5, z: -1.5, hx: 0.8, hz: 0.8 },
      { x: 4.5, z: -7, hx: 1.2, hz: 0.6 },
    ],
    spawn: { x: -3, z: -12 },
  },
  long_hall: {
    width: 14,
    length: 44,
    vaultHalfWidth: 2,
    vaultDepth: 3.5,
    gates: { firstOpenMs: 5000, periodMs: 12_000, openMs: 5000, offsetMs: [0, 0] },
    pillars: [
      { x: 0, z: -5, hx: 1, hz: 1 },
      { x: -3.5, z: -12, hx: 0.7, hz: 1.4 },
      { x: 3.5, z: -12, hx: 0.7, hz: 1.4 },
    ],
    spawn: { x: 0, z: -16 },
  },
  alternating: {
    width: 16,
    length: 36,
    vaultHalfWidth: 2.2,
    vaultDepth: 3.5,
    gates: { firstOpenMs: 4000, periodMs: 12_000, openMs: 5000, offsetMs: [0, 6000] },
    pillars: [
      { x: -3.5, z: -1.5, hx: 0.8, hz: 0.8 },
      { x: 4.5, z: -7, hx: 1.2, hz: 0.6 },
    ],
    spawn: { x: -3, z: -12 },
  },
  flank_spawn: {
    width: 20,
    length: 34,
    vaultHalfWidth: 2.4,
    vaultDepth: 3.5,
    gates: { firstOpenMs: 6000, periodMs: 9000, openMs: 3500, offsetMs: [0, 0] },
    pillars: [
      { x: 0, z: -2.5, hx: 2.5, hz: 0.5 },
      { x: -5, z: -8, hx: 0.8, hz: 0.8 },
    ],
    spawn: { x: -8, z: -10 },
  },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly CrystalGuardVariant[] = manifestVariants(crystalGuard, PARAMS);
