import { describe, expect, it } from 'vitest';
import type { InputEvent } from '../../protocol/index.js';
import { describeGameBasics, frameHashes, runToEnd as runIdle } from '../../tests/support/game-suite.js';
import { advance } from '../../tests/support/pdq-driver.js';
import type { Simulation } from '../runtime/simulation.js';
import { SkyDuelState, skyDuelGame } from './index.js';
import { Rules } from './rules.js';
import { VARIANTS } from './variants.js';

const create = (seed: number, variant = 'origin', slots = [0, 1]): Simulation => skyDuelGame.create({ seed, variant, slots });
const state = (sim: Simulation): SkyDuelState => SkyDuelState.parse(sim.state());
const key = (slot: number, k: string, down: boolean, at = 0): InputEvent => ({ type: 'key', at, slot, key: k, down });
const swing = (slot: number, at = 0): InputEvent[] => [
  { type: 'button', at, slot, button: 'left', down: true },
  { type: 'button', at: at + 30, slot, button: 'left', down: false },
];

/** A fixed two-player schedule: each stretch's inputs over 720 ms of play plus 2 s idle. */
const SCHEDULE: readonly InputEvent[][] = [
  [key(0, 'W', true), key(0, 'W', false, 480), { type: 'look', at: 0, slot: 1, dx: 20, dy: 0 }, key(1, 'D', true), key(1, 'D', false, 240)],
  [...swing(0), ...swing(1, 120), key(1, 'Space', true), key(1, 'Space', false, 120)],
  [{ type: 'look', at: 0, slot: 0, dx: -45, dy: 0 }, key(0, 'A', true), key(0, 'A', false, 360)],
];

/** Holds `k` for slot `slot` long enough to walk `metres` (to the nearest tick), then lets go. */
function hold(sim: Simulation, slot: number, k: string, metres: number): void {
  sim.input(key(slot, k, true));
  const ticks = Math.round((metres / Rules.moveSpeed) * 1000 / Rules.tickMs);
  for (let i = 0; i < ticks; i++) sim.tick();
  sim.input(key(slot, k, false));
}

/** Places both fighters with the game's own controls: slot 0 at (0, z0) facing +z, slot 1 at (x1, z1) facing -z. */
function facingOff(z1: number, x1 = 0, z0 = 0, variant = 'origin'): Simulation {
  const sim = create(1, variant);
  const s = state(sim);
  const [a, b] = s.fighters;
  sim.input({ type: 'look', at: 0, slot: 0, dx: -a!.yaw, dy: 0 });
  sim.input({ type: 'look', at: 0, slot: 1, dx: 180 - b!.yaw, dy: 0 });
  const moveTo = (slot: number, dx: number, dz: number): void => {
    // With yaw 0 (slot 0) W is +z and D is +x; with yaw 180 (slot 1) W is -z and D is -x.
    const sign = slot === 0 ? 1 : -1;
    if (Math.abs(dx) > 1e-6) hold(sim, slot, dx * sign > 0 ? 'D' : 'A', Math.abs(dx));
    if (Math.abs(dz) > 1e-6) hold(sim, slot, dz * sign > 0 ? 'W' : 'S', Math.abs(dz));
  };
  moveTo(0, -a!.x, z0 - a!.z);
  const mid = state(sim).fighters[1]!;
  moveTo(1, x1 - mid.x, z1 - mid.z);
  return sim;
}

describe('sky_duel simulation', () => {
  describeGameBasics({
    game: skyDuelGame,
    create,
    // Each slot's frame after each stretch of SCHEDULE.
    hashes: (sim) => frameHashes(sim, SCHEDULE.map((inputs) => ({ ms: 720 + 2000, inputs })), [0, 1]),
    twoViews: true,
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its end with idle players and progress in [0, 1]', (variant) => {
    const sim = create(1, variant);
    runIdle(sim);
    expect(sim.ended()).toEqual({ reason: 'time_limit', outcomes: [{ slot: 0, result: 'draw' }, { slot: 1, result: 'draw' }] });
    for (const p of sim.progress()) expect(p.progress).toBe(0.5);
  });

  it('lands a strike on an opponent in front and close: 10 HP and a shove away', () => {
    const sim = facingOff(1.5);
    advance(sim, 300, swing(0));
    const [, b] = state(sim).fighters;
    expect(b!.hp).toBe(Rules.maxHp - Rules.damage);
    expect(b!.z).toBeGreaterThan(1.5 + 0.5);
    expect(sim.drainEvents().map((e) => e.name)).toContain('hit');
  });

  it('misses an opponent out of reach', () => {
    const sim = facingOff(Rules.reach + 0.3);
    advance(sim, 300, swing(0));
    expect(state(sim).fighters[1]!.hp).toBe(Rules.maxHp);
  });

  it('misses an opponent beside rather than in front', () => {
    const sim = facingOff(0, 1.5);
    advance(sim, 300, swing(0));
    expect(state(sim).fighters[1]!.hp).toBe(Rules.maxHp);
  });

  it('starts no second swing within the cooldown', () => {
    const sim = facingOff(1.5);
    advance(sim, 300, [...swing(0), ...swing(0, 150)]);
    expect(state(sim).fighters[1]!.hp).toBe(Rules.maxHp - Rules.damage);
  });

  it('reports 0.5 + HP margin / 200 during play', () => {
    const sim = facingOff(1.5);
    advance(sim, 300, swing(0));
    expect(sim.progress()).toEqual([
      { slot: 0, progress: 0.55, score: 10 },
      { slot: 1, progress: 0.45, score: -10 },
    ]);
  });

  it('ends with an instant defeat for a fighter that walks off the edge', () => {
    const sim = create(1);
    sim.input(key(1, 'W', true));
    runIdle(sim);
    expect(sim.ended()).toEqual({ reason: 'fell', outcomes: [{ slot: 0, result: 'win' }, { slot: 1, result: 'loss' }] });
    expect(sim.progress().map((p) => p.progress)).toEqual([1, 0]);
  });

  it('knocks out a fighter at 0 HP', () => {
    const sim = facingOff(-5, 0, -6.5, 'large');
    for (let i = 0; i < 10 && sim.ended() === undefined; i++) {
      // Close the gap the shove opened, then strike again.
      const [a, b] = state(sim).fighters;
      hold(sim, 0, 'W', b!.z - a!.z - 1.5);
      advance(sim, 500, swing(0));
    }
    expect(sim.ended()).toEqual({ reason: 'knockout', outcomes: [{ slot: 0, result: 'win' }, { slot: 1, result: 'loss' }] });
  });

  it('decides the time limit by HP', () => {
    const sim = facingOff(1.5);
    advance(sim, 300, swing(0));
    runIdle(sim);
    expect(sim.ended()).toEqual({ reason: 'time_limit', outcomes: [{ slot: 0, result: 'win' }, { slot: 1, result: 'loss' }] });
  });

  it('keeps an absent slot standing still and reports only the slots taking part', () => {
    const sim = create(1, 'origin', [0]);
    sim.input(key(1, 'W', true));
    advance(sim, 3000, []);
    expect(state(sim).fighters[1]).toMatchObject({ active: false, x: state(create(1)).fighters[1]!.x, z: state(create(1)).fighters[1]!.z });
    expect(sim.progress().map((p) => p.slot)).toEqual([0]);
  });

  it('turns the fighter with mouse X and ignores Y', () => {
    const sim = create(1);
    const before = state(sim).fighters[0]!.yaw;
    sim.input({ type: 'look', at: 0, slot: 0, dx: 30, dy: 40 });
    expect(state(sim).fighters[0]!.yaw).toBeCloseTo(before + 30, 9);
  });
});
