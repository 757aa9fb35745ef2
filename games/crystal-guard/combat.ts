/** Shots: a straight line from the eyes along the view, stopped by the first thing it meets within range. */
import { viewDirection } from '../common/angles.js';
import { rayBox } from '../common/collide.js';
import { gateOpen, type Arena, type Box } from './arena.js';
import { alive, bodyBox, type Player, type ShotResult } from './player.js';
import { Rules } from './rules.js';
import type { GatePlan } from './variants.js';

/** What a shot met: its result for the shooter's HUD, the struck player or crystal team, and where. */
export interface ShotHit {
  readonly result: ShotResult;
  /** Slot of the struck player, or team of the struck crystal. */
  readonly target?: number;
  readonly distance: number;
}

/** A point or direction in the arena, m: x, y up, z. */
export type Vec3 = readonly [number, number, number];

/** Distance along the ray from `o` along unit `d` to where it enters `b` (0 from inside), or Infinity when it misses, m. */
export function rayEntry(o: Vec3, d: Vec3, b: Box): number {
  return rayBox(o[0], o[1], o[2], d[0], d[1], d[2], { minX: b.min[0], minY: b.min[1], minZ: b.min[2], maxX: b.max[0], maxY: b.max[1], maxZ: b.max[2] }) ?? Infinity;
}

/** What stops a shot: cover, each team's gate (while closed) and crystal, indexed by team. */
export type ShotArena = Pick<Arena, 'solids'> & { readonly gates: readonly Box[]; readonly crystals: readonly Box[] };

/** Who fires: where the player stands, where it looks and its team. */
export type Shooter = Pick<Player, 'x' | 'z' | 'yawDeg' | 'pitchDeg' | 'team'>;

/** Traces `shooter`'s shot through the arena at `simMs` against `others` (every other player). */
export function traceShot(arena: ShotArena, gates: GatePlan, shooter: Shooter, others: readonly Pick<Player, 'slot' | 'x' | 'z' | 'respawnMs'>[], simMs: number): ShotHit {
  const o = [shooter.x, Rules.eyeHeight, shooter.z] as const;
  const d = viewDirection(shooter.yawDeg, shooter.pitchDeg);
  let best: ShotHit = { result: 'nothing', distance: Rules.shotRange };
  const consider = (b: Box, hit: Omit<ShotHit, 'distance'>): void => {
    const t = rayEntry(o, d, b);
    if (t < best.distance) best = { ...hit, distance: t };
  };
  for (const s of arena.solids) consider(s, { result: 'cover' });
  arena.gates.forEach((g, team) => {
    if (!gateOpen(gates, team, simMs)) consider(g, { result: 'gate' });
  });
  arena.crystals.forEach((c, team) => consider(c, team === shooter.team ? { result: 'own_crystal' } : { result: 'crystal', target: team }));
  for (const p of others) if (alive(p)) consider(bodyBox(p), { result: 'player', target: p.slot });
  // A shot aimed into the floor stops there.
  if (d[1] < 0) {
    const floor = -o[1] / d[1];
    if (floor < best.distance) best = { result: 'nothing', distance: floor };
  }
  return best;
}
