import { describe, expect, it } from 'vitest';
import { getGame } from '../../games-manifest/index.js';
import type { ActionChunk } from '../../protocol/index.js';
import { describeGameBasics, runToEnd } from '../../tests/support/game-suite.js';
import { runChunk, scheduleHashes, walkUpTo as walkUpToTarget } from '../../tests/support/walk-up-to.js';
import type { Simulation } from '../runtime/simulation.js';
import { CueChaseState, cueChaseGame } from './index.js';
import { Rules } from './rules.js';
import { VARIANTS } from './variants.js';

const create = (seed: number, variant = 'origin'): Simulation => cueChaseGame.create({ seed, variant, slots: [0] });
const controls = getGame('cue_chase').controls;
const stateOf = (sim: Simulation): CueChaseState => CueChaseState.parse(sim.state());
const run = (sim: Simulation, chunk: ActionChunk): void => runChunk(sim, controls, chunk);
const tapF = (sim: Simulation): void => run(sim, { look: { dx: 0, dy: 0 }, steps: [['F']] });

/** Walks (without pressing F) until person `id` is within reach and faced, or 80 chunks pass. */
function walkUpTo(sim: Simulation, id: string): void {
  walkUpToTarget(sim, controls, 80, id, () => {
    const s = stateOf(sim);
    return { state: s, bounds: { minX: -s.plaza.halfX, minZ: -s.plaza.halfZ, maxX: s.plaza.halfX, maxZ: s.plaza.halfZ }, target: s.people.find((o) => o.id === id)! };
  });
}

describe('cue_chase simulation', () => {
  describeGameBasics({
    game: cueChaseGame,
    create,
    hashes: (sim) => scheduleHashes(sim, controls),
    look: { camera: (sim) => stateOf(sim).camera, pitchMin: Rules.pitchMin },
    schema: {
      state: CueChaseState,
      variant: 'crowd',
      play: (sim) => {
        for (let i = 0; i < 200; i++) sim.tick();
      },
    },
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its time limit with an idle player, progress 0', (variant) => {
    const sim = create(1, variant);
    runToEnd(sim);
    expect(sim.ended()?.reason).toBe('time_limit');
    expect(sim.progress()[0]?.progress).toBe(0);
  });

  it('starts with the first item in hand and a hint naming the first trade partner', () => {
    const s = stateOf(create(1));
    expect(s.held).toBe('apple');
    expect(s.hint).toBe(s.trades[0]?.hint);
    expect(s.hint).toMatch(/^the person (in an? \w+ shirt (and a (cap|top hat|straw hat)|with no hat)|by the [a-z ]+)$/);
  });

  it('gives hints that single out one person', () => {
    for (const variant of VARIANTS) {
      for (const seed of [1, 2, 3]) {
        const s = stateOf(create(seed, variant.id));
        for (const t of s.trades) {
          const matching = s.people.filter((p) =>
            t.hintKind === 'place' ? t.hint === `the person by the ${p.landmark.replace(/_/g, ' ')}` : t.hint.includes(` ${p.shirt} shirt `) && (p.hat === 'no hat' ? t.hint.endsWith('with no hat') : t.hint.endsWith(`a ${p.hat}`)),
          );
          expect(matching.map((p) => p.id)).toEqual([t.person]);
        }
      }
    }
  });

  it('shows the offer prompt when the player is close to and facing a person', () => {
    const sim = create(1);
    expect(stateOf(sim).prompt).toBeNull();
    walkUpTo(sim, stateOf(sim).trades[0]!.person);
    expect(stateOf(sim).prompt).toBe('Press F to offer the apple');
  });

  it('trades the held item for the next one with F at the right person', () => {
    const sim = create(1);
    const first = stateOf(sim).trades[0]!;
    walkUpTo(sim, first.person);
    sim.drainEvents();
    tapF(sim);
    const s = stateOf(sim);
    expect(s.tradeIndex).toBe(1);
    expect(s.held).toBe(first.get);
    expect(s.hint).toBe(s.trades[1]?.hint);
    expect(sim.progress()[0]?.progress).toBeCloseTo(1 / s.trades.length, 9);
    expect(sim.drainEvents().map((e) => e.name)).toContain('trade');
  });

  it('keeps the item and says so when F is pressed at the wrong person', () => {
    const sim = create(1);
    const s0 = stateOf(sim);
    const wrong = s0.people.find((p) => p.id !== s0.trades[0]!.person)!;
    walkUpTo(sim, wrong.id);
    tapF(sim);
    const s = stateOf(sim);
    expect(s.tradeIndex).toBe(0);
    expect(s.held).toBe('apple');
    expect(s.message).toBe(`"No thanks, I don't need an apple."`);
  });

  it('does nothing when F is pressed with nobody in reach', () => {
    const sim = create(1);
    tapF(sim);
    expect(stateOf(sim).tradeIndex).toBe(0);
    expect(sim.drainEvents().map((e) => e.name)).toContain('interact_nothing');
  });

  it('keeps the player inside the hedge', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 180, dy: 0 });
    run(sim, { look: { dx: 0, dy: 0 }, steps: Array.from({ length: 20 }, () => ['W']) });
    expect(stateOf(sim).player.z).toBeCloseTo(-18 + Rules.playerRadius, 6);
  });
});
