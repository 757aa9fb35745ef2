/** The arena a variant describes: walls, vaults, gates, crystals, cover and spawns, as axis-aligned boxes. */
import { Rules } from './rules.js';
import type { CrystalGuardVariant, GatePlan } from './variants.js';

/** An axis-aligned box, m. */
export interface Box {
  readonly min: readonly [number, number, number];
  readonly max: readonly [number, number, number];
}

export type SolidKind = 'wall' | 'vault' | 'pillar';

export interface Solid extends Box {
  readonly kind: SolidKind;
}

/** Where a player (re)appears: feet position and heading, degrees (0 = +z). */
export interface Spawn {
  readonly x: number;
  readonly z: number;
  readonly yawDeg: number;
}

export interface Arena {
  readonly width: number;
  readonly length: number;
  /** Things that stop both walking and shots. */
  readonly solids: readonly Solid[];
  /** Each team's gate: always stops walking, stops shots while closed. Indexed by team. */
  readonly gates: readonly [Box, Box];
  /** Each team's crystal hit box. Indexed by team. */
  readonly crystals: readonly [Box, Box];
  /** Each vault's whole footprint, which nobody can walk into. Indexed by team. */
  readonly vaults: readonly [Box, Box];
  readonly spawns: readonly [Spawn, Spawn];
}

const box = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): Box => ({
  min: [Math.min(x0, x1), y0, Math.min(z0, z1)],
  max: [Math.max(x0, x1), y1, Math.max(z0, z1)],
});

/** Crystal half width and height span, m. */
const CRYSTAL_HALF = 0.7;
const CRYSTAL_Y: readonly [number, number] = [0.5, 2.7];
const WALL = 0.4;
const GATE = 0.3;

/**
 * Builds the arena of `variant`, with team 0's spawn moved `spawnShift` metres along x; everything on team
 * 1's side is team 0's turned 180 degrees about the centre.
 */
export function buildArena(variant: CrystalGuardVariant, spawnShift = 0): Arena {
  const hw = variant.width / 2;
  const hl = variant.length / 2;
  const vw = variant.vaultHalfWidth;
  const h = Rules.vaultHeight;
  const solids: Solid[] = [
    { kind: 'wall', ...box(-hw - 1, 0, -hl - 1, hw + 1, Rules.wallHeight, -hl) },
    { kind: 'wall', ...box(-hw - 1, 0, hl, hw + 1, Rules.wallHeight, hl + 1) },
    { kind: 'wall', ...box(-hw - 1, 0, -hl, -hw, Rules.wallHeight, hl) },
    { kind: 'wall', ...box(hw, 0, -hl, hw + 1, Rules.wallHeight, hl) },
  ];
  const gates: Box[] = [];
  const crystals: Box[] = [];
  const vaults: Box[] = [];
  for (const s of [-1, 1]) {
    const back = s * hl;
    const front = s * (hl - variant.vaultDepth);
    solids.push({ kind: 'vault', ...box(-vw - WALL, 0, back, -vw, h, front) }, { kind: 'vault', ...box(vw, 0, back, vw + WALL, h, front) });
    gates.push(box(-vw, 0, front, vw, h, front + s * GATE));
    const cz = (back + front) / 2 + (s * GATE) / 2;
    crystals.push(box(-CRYSTAL_HALF, CRYSTAL_Y[0], cz - CRYSTAL_HALF, CRYSTAL_HALF, CRYSTAL_Y[1], cz + CRYSTAL_HALF));
    vaults.push(box(-vw - WALL, 0, back, vw + WALL, h, front));
  }
  for (const p of variant.pillars) {
    for (const s of [1, -1]) solids.push({ kind: 'pillar', ...box(s * p.x - p.hx, 0, s * p.z - p.hz, s * p.x + p.hx, 3, s * p.z + p.hz) });
  }
  const x = Math.min(hw - 1, Math.max(-hw + 1, variant.spawn.x + spawnShift));
  const { z } = variant.spawn;
  return {
    width: variant.width,
    length: variant.length,
    solids,
    gates: [gates[0]!, gates[1]!],
    crystals: [crystals[0]!, crystals[1]!],
    vaults: [vaults[0]!, vaults[1]!],
    spawns: [
      { x, z, yawDeg: 0 },
      { x: -x, z: -z, yawDeg: 180 },
    ],
  };
}

/** Whether team `team`'s gate is open at `simMs` under `plan`. */
export function gateOpen(plan: GatePlan, team: number, simMs: number): boolean {
  const t = simMs - plan.firstOpenMs - (plan.offsetMs[team] ?? 0);
  return t >= 0 && t % plan.periodMs < plan.openMs;
}

/** Time until team `team`'s gate next opens or closes, ms. */
export function gateToggleMs(plan: GatePlan, team: number, simMs: number): number {
  const t = simMs - plan.firstOpenMs - (plan.offsetMs[team] ?? 0);
  if (t < 0) return -t;
  const phase = t % plan.periodMs;
  return phase < plan.openMs ? plan.openMs - phase : plan.periodMs - phase;
}
