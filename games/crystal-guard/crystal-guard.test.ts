import { describe, expect, it } from 'vitest';
import type { InputEvent } from '../../protocol/index.js';
import { describeGameBasics, frameHashes } from '../../tests/support/game-suite.js';
import type { Simulation } from '../runtime/simulation.js';
import { CrystalGuardState, crystalGuardGame } from './index.js';
import { Rules } from './rules.js';
import { VARIANTS } from './variants.js';

const create = (seed: number, variant = 'origin', slots = [0, 1]): Simulation => crystalGuardGame.create({ seed, variant, slots });
const state = (sim: Simulation): CrystalGuardState => CrystalGuardState.parse(sim.state());
const key = (slot: number, k: string, down: boolean, at = 0): InputEvent => ({ type: 'key', at, slot, key: k, down });
const DEG = 180 / Math.PI;
const wrap = (d: number): number => ((((d + 180) % 360) + 360) % 360) - 180;
const origin = VARIANTS.find((v) => v.id === 'origin')!;

function ticksFor(ms: number): number {
  return Math.round(ms / Rules.tickMs);
}

function runFor(sim: Simulation, ms: number): void {
  for (let i = 0; i < ticksFor(ms) && sim.ended() === undefined; i++) sim.tick();
}

/** Turns `slot` towards (x, z) and walks there in a straight line. */
function walkTo(sim: Simulation, slot: number, x: number, z: number): void {
  const p = state(sim).players[slot]!;
  sim.input({ type: 'look', at: 0, slot, dx: wrap(Math.atan2(x - p.x, z - p.z) * DEG - p.yaw), dy: 0 });
  sim.input(key(slot, 'W', true));
  runFor(sim, (Math.hypot(x - p.x, z - p.z) / Rules.moveSpeed) * 1000);
  sim.input(key(slot, 'W', false));
}

/** Points `slot`'s crosshair at a world point. */
function aimAt(sim: Simulation, slot: number, [x, y, z]: readonly [number, number, number]): void {
  const p = state(sim).players[slot]!;
  const yaw = Math.atan2(x - p.x, z - p.z) * DEG;
  const pitch = Math.atan2(y - Rules.eyeHeight, Math.hypot(x - p.x, z - p.z)) * DEG;
  sim.input({ type: 'look', at: 0, slot, dx: wrap(yaw - p.yaw), dy: pitch - p.pitch });
}

function fire(sim: Simulation, slot: number): void {
  sim.input({ type: 'button', at: 0, slot, button: 'left', down: true });
  sim.tick();
  sim.input({ type: 'button', at: 0, slot, button: 'left', down: false });
  runFor(sim, Rules.cooldownMs);
}

const crystalCentre = (s: CrystalGuardState, team: number): [number, number, number] => {
  const c = s.crystals[team]!;
  return [(c.min[0] + c.max[0]) / 2, (c.min[1] + c.max[1]) / 2, (c.min[2] + c.max[2]) / 2];
};

/** A fixed schedule for both slots: each stretch's inputs over 2720 ms. */
const SCHEDULE: readonly InputEvent[][] = [
  [key(0, 'W', true), key(0, 'W', false, 600), { type: 'look', at: 0, slot: 1, dx: -30, dy: 5 }, key(1, 'A', true), key(1, 'A', false, 360)],
  [{ type: 'button', at: 0, slot: 0, button: 'left', down: true }, { type: 'button', at: 30, slot: 0, button: 'left', down: false }, key(1, 'W', true), key(1, 'W', false, 720)],
];

describe('crystal_guard simulation', () => {
  describeGameBasics({
    game: crystalGuardGame,
    create,
    // Both slots' frames after each stretch of SCHEDULE.
    hashes: (sim) => frameHashes(sim, SCHEDULE.map((inputs) => ({ ms: 2720, inputs })), [0, 1]),
    twoViews: true,
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its end with idle players and progress in [0, 1]', (variant) => {
    const sim = create(1, variant);
    runFor(sim, 1_000_000);
    expect(sim.ended()).toEqual({ reason: 'time_limit', outcomes: [{ slot: 0, result: 'draw' }, { slot: 1, result: 'draw' }] });
    for (const p of sim.progress()) expect(p.progress).toBe(0);
  });

  it('opens and shuts the gates on the plan', () => {
    const sim = create(1);
    const seen: string[] = [];
    for (let t = Rules.tickMs; t < 20_000; t += Rules.tickMs) {
      sim.tick();
      for (const e of sim.drainEvents()) if (e.name.startsWith('gate')) seen.push(`${e.name}:${e.data?.team}@${t}`);
    }
    const { firstOpenMs: open, openMs, periodMs } = origin.gates;
    expect(seen).toEqual([
      `gate_open:0@${open}`, `gate_open:1@${open}`, `gate_close:0@${open + openMs}`, `gate_close:1@${open + openMs}`,
      `gate_open:0@${open + periodMs}`, `gate_open:1@${open + periodMs}`,
    ]);
  });

  it('stops a shot at a shut gate', () => {
    const sim = create(1);
    walkTo(sim, 0, 0, 4);
    aimAt(sim, 0, crystalCentre(state(sim), 1));
    fire(sim, 0);
    const s = state(sim);
    expect(s.simMs).toBeLessThan(origin.gates.firstOpenMs);
    expect([s.players[0]!.lastShot, s.crystals[1]!.hp]).toEqual(['gate', Rules.crystalHp]);
  });

  it('takes 10 HP off the enemy crystal for a shot through its open gate', () => {
    const sim = create(1);
    walkTo(sim, 0, 0, 4);
    runFor(sim, origin.gates.firstOpenMs - state(sim).simMs + 100);
    aimAt(sim, 0, crystalCentre(state(sim), 1));
    fire(sim, 0);
    const s = state(sim);
    expect([s.players[0]!.lastShot, s.crystals[1]!.hp]).toEqual(['crystal', Rules.crystalHp - Rules.crystalDamage]);
    expect(sim.progress()[0]).toEqual({ slot: 0, progress: 0.1, score: 10 });
  });

  it('lets a shot fly no further than its range', () => {
    const sim = create(1);
    runFor(sim, origin.gates.firstOpenMs + 100);
    aimAt(sim, 0, crystalCentre(state(sim), 1));
    fire(sim, 0);
    expect(state(sim).players[0]!.lastShot).toBe('nothing');
  });

  it('downs a player after five hits and respawns it at its base with full HP', () => {
    const sim = create(1);
    walkTo(sim, 0, 0, 4);
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const enemy = state(sim).players[1]!;
      aimAt(sim, 0, [enemy.x, 1.2, enemy.z]);
      fire(sim, 0);
      names.push(...sim.drainEvents().map((e) => e.name));
    }
    expect(names.filter((n) => n === 'player_hit')).toHaveLength(5);
    expect(names).toContain('player_down');
    expect(state(sim).players[1]).toMatchObject({ alive: false, hp: 0 });
    runFor(sim, Rules.respawnMs);
    const back = state(sim).players[1]!;
    expect(back).toMatchObject({ alive: true, hp: Rules.playerHp, x: back.spawn.x, z: back.spawn.z });
  });

  it('wins for the side that destroys the other crystal', () => {
    const sim = create(1);
    walkTo(sim, 0, 0, 4);
    runFor(sim, origin.gates.firstOpenMs - state(sim).simMs + 100);
    aimAt(sim, 0, crystalCentre(state(sim), 1));
    for (let i = 0; i < 10; i++) fire(sim, 0);
    expect(sim.ended()).toEqual({ reason: 'crystal_destroyed', outcomes: [{ slot: 0, result: 'win' }, { slot: 1, result: 'loss' }] });
    expect(sim.progress().map((p) => p.progress)).toEqual([1, 0]);
  });

  it('decides the time limit by crystal HP left', () => {
    const sim = create(1);
    walkTo(sim, 0, 0, 4);
    runFor(sim, origin.gates.firstOpenMs - state(sim).simMs + 100);
    aimAt(sim, 0, crystalCentre(state(sim), 1));
    fire(sim, 0);
    runFor(sim, 1_000_000);
    expect(sim.ended()).toEqual({ reason: 'time_limit', outcomes: [{ slot: 0, result: 'win' }, { slot: 1, result: 'loss' }] });
    expect(sim.progress()[0]?.progress).toBe(1);
  });

  it('keeps players out of the vaults', () => {
    const sim = create(1);
    walkTo(sim, 1, 0, -16);
    const s = state(sim);
    expect(s.players[1]!.z).toBeGreaterThan(s.vaults[0]!.max[2]);
  });

  it('clamps the view tilt', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 0, dy: -90 });
    expect(state(sim).players[0]!.pitch).toBe(Rules.pitchMin);
  });

  it('ignores input for a slot that is not taking part and reports only the slots that are', () => {
    const sim = create(1, 'origin', [0]);
    const before = state(sim).players[1]!;
    sim.input(key(1, 'W', true));
    runFor(sim, 1000);
    expect(state(sim).players[1]).toMatchObject({ active: false, x: before.x, z: before.z });
    expect(sim.progress().map((p) => p.slot)).toEqual([0]);
  });
});
