import { describe, expect, it } from 'vitest';
import { getGame } from '../../games-manifest/index.js';
import type { ActionChunk } from '../../protocol/index.js';
import { compileChunk } from '../../gateway/chunk-compiler.js';
import { describeGameBasics, expectProgressInRange, frameHashes, runToEnd } from '../../tests/support/game-suite.js';
import type { Simulation } from '../runtime/simulation.js';
import { MonsterShootState, monsterShootGame } from './index.js';
import { Rules } from './rules.js';
import { VARIANTS } from './variants.js';

const create = (seed: number, variant = 'origin'): Simulation => monsterShootGame.create({ seed, variant, slots: [0] });
const controls = getGame('monster_shoot').controls;

const SCHEDULE: readonly ActionChunk[] = [
  { look: { dx: -15, dy: -5 }, steps: [['W', 'LMB'], ['LMB'], ['D', 'LMB'], [], []] },
  { look: { dx: 40, dy: 2 }, steps: [['S'], ['A', 'Space'], ['LMB'], [], ['LMB']] },
  { look: { dx: 0, dy: 0 }, steps: [[], [], [], [], []] },
  { look: { dx: -90, dy: 0 }, steps: [['D', 'LMB'], ['D'], [], [], []] },
];

const stateOf = (sim: Simulation): MonsterShootState => MonsterShootState.parse(sim.state());

/** Turns the view onto monster `id` (at half its height) and returns the state after the turn. */
function aimAt(sim: Simulation, id: number): MonsterShootState {
  const s = stateOf(sim);
  const m = s.monsters.find((x) => x.id === id)!;
  const yaw = (Math.atan2(m.x - s.player.x, m.z - s.player.z) * 180) / Math.PI;
  const pitch = (Math.atan2(1 - Rules.eyeHeight, Math.hypot(m.x - s.player.x, m.z - s.player.z)) * 180) / Math.PI;
  sim.input({ type: 'look', at: 0, slot: 0, dx: yaw - s.camera.yaw, dy: pitch - s.camera.pitch });
  return stateOf(sim);
}

const click = (sim: Simulation): void => {
  sim.input({ type: 'button', at: 0, slot: 0, button: 'left', down: true });
  sim.input({ type: 'button', at: 0, slot: 0, button: 'left', down: false });
};

describe('monster_shoot simulation', () => {
  describeGameBasics({
    game: monsterShootGame,
    create,
    // A 320x180 frame after each chunk of SCHEDULE plus 2 s idle, and the last after 12 s more.
    hashes: (sim) =>
      frameHashes(
        sim,
        [...SCHEDULE, { look: { dx: 0, dy: 0 }, steps: [] }].map((chunk) => ({
          ms: chunk.steps.length * 120 + (chunk.steps.length === 0 ? 12_000 : 2000),
          inputs: compileChunk(chunk, controls, 0).inputs,
        })),
      ),
    look: { camera: (sim) => stateOf(sim).camera, pitchMin: Rules.pitchMin },
    schema: {
      state: MonsterShootState,
      variant: 'corridor',
      play: (sim) => {
        for (let i = 0; i < 800; i++) sim.tick();
      },
    },
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its end with an idle player and progress in [0, 1]', (variant) => {
    const sim = create(1, variant);
    runToEnd(sim);
    expect(['killed', 'cleared', 'time_limit']).toContain(sim.ended()?.reason);
    expectProgressInRange(sim);
  });

  it('lets the monsters kill an idle player on origin, scoring nothing', () => {
    const sim = create(1);
    runToEnd(sim);
    expect(sim.ended()).toEqual({ reason: 'killed', outcomes: [{ slot: 0, result: 'loss' }] });
    expect(sim.progress()[0]?.progress).toBe(0);
  });

  it('removes shotDamage health from the monster under the crosshair and counts it as progress', () => {
    const sim = create(1);
    aimAt(sim, 0);
    click(sim);
    sim.tick();
    const s = stateOf(sim);
    expect(s.monsters.find((m) => m.id === 0)?.health).toBe(60 - Rules.shotDamage);
    expect(sim.progress()[0]?.progress).toBeCloseTo(Rules.shotDamage / s.totalHealth, 9);
    expect(sim.drainEvents().map((e) => e.name)).toContain('monster_hit');
  });

  it('misses when the crosshair is off every monster', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 180, dy: 0 });
    click(sim);
    sim.tick();
    expect(stateOf(sim).damageDealt).toBe(0);
    expect(sim.drainEvents().find((e) => e.name === 'shot')?.data).toEqual({ hit: false });
  });

  it('fires one shot per press, however long the button is held', () => {
    const sim = create(1);
    aimAt(sim, 0);
    sim.input({ type: 'button', at: 0, slot: 0, button: 'left', down: true });
    for (let i = 0; i < 50; i++) sim.tick();
    expect(stateOf(sim).damageDealt).toBe(Rules.shotDamage);
  });

  it('destroys a monster whose health reaches zero', () => {
    const sim = create(1);
    for (let i = 0; i < 6; i++) {
      aimAt(sim, 0);
      click(sim);
      for (let t = 0; t < Rules.shotCooldownMs / Rules.tickMs; t++) sim.tick();
    }
    expect(stateOf(sim).monsters.some((m) => m.id === 0)).toBe(false);
    expect(sim.drainEvents().map((e) => e.name)).toContain('monster_killed');
  });

  it('costs detonateDamage HP and no score when a monster touches the player', () => {
    const sim = create(1);
    let events: string[] = [];
    for (let i = 0; i < 100_000 && !events.includes('monster_detonated'); i++) {
      sim.tick();
      events = sim.drainEvents().map((e) => e.name);
    }
    expect(stateOf(sim).player.hp).toBe(Rules.playerHp - Rules.detonateDamage);
    expect(stateOf(sim).damageDealt).toBe(0);
  });

  it('keeps the player inside the walls', () => {
    const sim = create(1);
    sim.input({ type: 'key', at: 0, slot: 0, key: 'W', down: true });
    for (let i = 0; i < 800; i++) sim.tick();
    expect(stateOf(sim).player.z).toBeCloseTo(16 - Rules.playerRadius, 6);
  });
});
