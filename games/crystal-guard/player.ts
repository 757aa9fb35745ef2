/** A player: walking relative to the view heading with walls in the way, health, and respawning. */
import type { MoveControls } from '../common/held-keys.js';
import { walkDirection, type MutableWalk } from '../common/walk.js';
import type { Box, Spawn } from './arena.js';
import { Rules } from './rules.js';

export interface Player {
  readonly slot: number;
  readonly team: number;
  x: number;
  z: number;
  /** View heading and tilt, degrees (0 = +z, positive yaw towards +x, positive pitch up). */
  yawDeg: number;
  pitchDeg: number;
  hp: number;
  /** Time left before a downed player respawns, ms (0 while alive). */
  respawnMs: number;
  /** Time before a press can fire, ms. */
  cooldownMs: number;
  /** Walking animation phase, m walked. */
  stride: number;
  /** What the player's last shot did, for its HUD. */
  lastShot: ShotResult | undefined;
}

export type ShotResult = 'crystal' | 'player' | 'gate' | 'cover' | 'own_crystal' | 'nothing';

/** What `stepPlayer` moves: a position, the heading it walks by and the stride it counts (a planner walks one of its own). */
export type Walker = Pick<Player, 'x' | 'z' | 'yawDeg' | 'stride'>;

export function spawnPlayer(slot: number, team: number, spawn: Spawn): Player {
  return { slot, team, x: spawn.x, z: spawn.z, yawDeg: spawn.yawDeg, pitchDeg: 0, hp: Rules.playerHp, respawnMs: 0, cooldownMs: 0, stride: 0, lastShot: undefined };
}

export const alive = (p: Pick<Player, 'respawnMs'>): boolean => p.respawnMs <= 0;

/** Whether a body of radius `r` at (x, z) overlaps `box` seen from above. */
function overlaps(box: Box, x: number, z: number, r: number): boolean {
  return x > box.min[0] - r && x < box.max[0] + r && z > box.min[2] - r && z < box.max[2] + r;
}

/** Whether a player standing at (x, z) would be inside any of `blocks`. */
export function blocked(blocks: readonly Box[], x: number, z: number): boolean {
  // A plain loop, not some(): a planner asks this twice a tick of every trial, and a closure per call is garbage.
  for (const b of blocks) if (overlaps(b, x, z, Rules.radius)) return true;
  return false;
}

/** The walk of the tick being stepped, written again each tick. */
const stepWalk: MutableWalk = { x: 0, z: 0, len: 0 };

/** Walks the player for `dtMs` along the held keys; a move along an axis that would enter a block is dropped. */
export function stepPlayer(p: Walker, controls: Omit<MoveControls, 'jump'>, dtMs: number, blocks: readonly Box[]): void {
  stepPlayerTicks(p, controls, dtMs, blocks, 1);
}

/**
 * `ticks` ticks of `stepPlayer` with the same controls and heading, the same numbers tick by tick: the walk's
 * direction is taken once. `countStride` false leaves the stride (the walking animation's phase) as it was,
 * for a planner that reads only where the walk ends.
 */
export function stepPlayerTicks(p: Walker, controls: Omit<MoveControls, 'jump'>, dtMs: number, blocks: readonly Box[], ticks: number, countStride = true): void {
  const walk = walkDirection(controls, p.yawDeg, stepWalk);
  if (walk.len === 0) return;
  const step = (Rules.moveSpeed * dtMs) / 1000;
  const mx = (walk.x / walk.len) * step;
  const mz = (walk.z / walk.len) * step;
  for (let i = 0; i < ticks; i++) {
    const nx = p.x + mx;
    const nz = p.z + mz;
    const x0 = p.x;
    const z0 = p.z;
    if (!blocked(blocks, nx, p.z)) p.x = nx;
    if (!blocked(blocks, p.x, nz)) p.z = nz;
    if (countStride) p.stride += Math.hypot(p.x - x0, p.z - z0);
  }
}

/** The player's hit box. */
export function bodyBox(p: Pick<Player, 'x' | 'z'>): Box {
  const w = Rules.bodyHalfWidth;
  return { min: [p.x - w, 0, p.z - w], max: [p.x + w, Rules.bodyHeight, p.z + w] };
}
