/** What the crystal_guard policy asks of the arena as observed: aims, lines of sight, and the game's own shots and walking. */
import { RAD } from '../../common/angles.js';
import type { MoveControls } from '../../common/held-keys.js';
import { gateOpen, type Box } from '../arena.js';
import { rayEntry, traceShot, type Vec3 } from '../combat.js';
import { blocked, stepPlayerTicks, type ShotResult, type Walker } from '../player.js';
import { Rules } from '../rules.js';
import type { CrystalGuardPlayerState, CrystalGuardState } from '../state.js';

export { blocked, gateOpen, type Vec3, type Walker };

/** Heading and tilt, degrees, that look from `from` at `to` (the inverse of the game's view direction). */
export function aimAt(from: Vec3, to: Vec3): { yaw: number; pitch: number } {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const dz = to[2] - from[2];
  return { yaw: Math.atan2(dx, dz) / RAD, pitch: Math.atan2(dy, Math.hypot(dx, dz)) / RAD };
}

export const center = (b: Box): Vec3 => [(b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2, (b.min[2] + b.max[2]) / 2];

/** What the policy wants a shot to meet; cover, a closed gate and its own crystal all block. */
export type ShotTarget = 'crystal' | 'player' | 'blocked' | 'nothing';

const SHOT_TARGET: Readonly<Record<ShotResult, ShotTarget>> = { crystal: 'crystal', player: 'player', gate: 'blocked', cover: 'blocked', own_crystal: 'blocked', nothing: 'nothing' };

/** What a shot by `me` standing at `at` and looking along (yaw, pitch) would meet at `simMs`, by the game's own trace. */
export function shotTarget(view: CrystalGuardState, me: CrystalGuardPlayerState, enemy: CrystalGuardPlayerState, at: Walker, pitch: number, simMs: number): ShotTarget {
  const shooter = { x: at.x, z: at.z, yawDeg: at.yawDeg, pitchDeg: pitch, team: me.team };
  const target = { slot: enemy.slot, x: enemy.x, z: enemy.z, respawnMs: enemy.alive ? 0 : 1 };
  return SHOT_TARGET[traceShot(view, view.gatePlan, shooter, [target], simMs).result];
}

/** Whether the segment from `a` to `b` is clear of every solid and of `extra` boxes. */
export function clearLine(view: CrystalGuardState, a: Vec3, b: Vec3, extra: readonly Box[] = []): boolean {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
  if (len < 1e-9) return true;
  const d: Vec3 = [(b[0] - a[0]) / len, (b[1] - a[1]) / len, (b[2] - a[2]) / len];
  return [...view.solids, ...extra].every((s) => rayEntry(a, d, s) >= len - 1e-6);
}

/** Walls, pillars and vault footprints: what nobody walks through. */
export function walkBlocks(view: CrystalGuardState): readonly Box[] {
  return [...view.solids, ...view.vaults];
}

/**
 * The blocks a walk of `ticks` ticks from `pos` can reach (any block in the way stops a move, so which ones are
 * asked does not matter, only that none within reach is left out): the walking speed for `ticks` ticks, the
 * body's radius and a metre more.
 */
export function blocksNear(view: CrystalGuardState, blocks: readonly Box[], pos: Walker, ticks: number): Box[] {
  const reach = (Rules.moveSpeed * ticks * view.tickMs) / 1000 + Rules.radius + 1;
  return blocks.filter((b) => pos.x > b.min[0] - reach && pos.x < b.max[0] + reach && pos.z > b.min[2] - reach && pos.z < b.max[2] + reach);
}

/**
 * Walks `pos` (mutated) for `ticks` ticks holding `controls` relative to its heading, by the game's own
 * `stepPlayerTicks`, among `near` (`blocksNear` of the start); its stride is left as it was unless `countStride`.
 */
export function walk(view: CrystalGuardState, near: readonly Box[], pos: Walker, controls: Omit<MoveControls, 'jump'>, ticks: number, countStride = false): void {
  stepPlayerTicks(pos, controls, view.tickMs, near, ticks, countStride);
}
