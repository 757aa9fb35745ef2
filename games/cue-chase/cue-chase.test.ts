import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { planWalkAndUse } from '../../agents/scripted/scene-escape-nav.js';
import { getGame } from '../../games-manifest/index.js';
import type { ActionChunk } from '../../protocol/index.js';
import { compileChunk } from '../../gateway/chunk-compiler.js';
import { advance } from '../../tests/support/pdq-driver.js';
import type { Simulation } from '../host/simulation.js';
import { CueChaseState, cueChaseGame } from './index.js';
import { Rules } from './rules.js';
import { VARIANTS } from './variants.js';

const create = (seed: number, variant = 'origin'): Simulation => cueChaseGame.create({ seed, variant, slots: [0] });
const controls = getGame('cue_chase').controls;
const stateOf = (sim: Simulation): CueChaseState => CueChaseState.parse(sim.state());
const run = (sim: Simulation, chunk: ActionChunk, idleMs = 0): void =>
  advance(sim, chunk.steps.length * controls.stepMs + idleMs, [...compileChunk(chunk, controls, 0).inputs]);
const tapF = (sim: Simulation): void => run(sim, { look: { dx: 0, dy: 0 }, steps: [['F']] });

const SCHEDULE: readonly ActionChunk[] = [
  { look: { dx: 20, dy: -5 }, steps: [['W'], ['W'], ['W', 'D'], [], []] },
  { look: { dx: -60, dy: 5 }, steps: [['S'], ['A', 'Space'], ['F'], [], []] },
  { look: { dx: 0, dy: 0 }, steps: [[], [], [], [], []] },
  { look: { dx: 120, dy: 0 }, steps: [['W'], ['W'], [], [], []] },
];

/** sha256 of a 320x180 frame after each chunk of SCHEDULE plus 2 s idle. */
function frameHashes(sim: Simulation): string[] {
  const out = new Uint8Array(320 * 180 * 3);
  return SCHEDULE.map((chunk) => {
    run(sim, chunk, 2000);
    sim.render(0, 320, 180, out);
    return createHash('sha256').update(out).digest('hex');
  });
}

/** Walks (without pressing F) until person `id` is within reach and faced, or 80 chunks pass. */
function walkUpTo(sim: Simulation, id: string): void {
  for (let i = 0; i < 80; i++) {
    const s = stateOf(sim);
    const p = s.people.find((o) => o.id === id)!;
    const own = s.solids.find((b) => Math.abs((b.minX + b.maxX) / 2 - p.x) < 1e-6 && Math.abs((b.minZ + b.maxZ) / 2 - p.z) < 1e-6);
    const world = { minX: -s.plaza.halfX, minZ: -s.plaza.halfZ, maxX: s.plaza.halfX, maxZ: s.plaza.halfZ, solids: s.solids };
    const chunk = planWalkAndUse(world, { ...s.rules, tickMs: s.tickMs }, controls, { x: p.x, z: p.z, own }, s.player, s.camera.yaw);
    const f = chunk.steps.findIndex((step) => step.includes('F'));
    if (f >= 0) {
      run(sim, { look: chunk.look, steps: chunk.steps.slice(0, f) });
      return;
    }
    run(sim, chunk);
  }
  throw new Error(`never reached ${id}`);
}

describe('cue_chase simulation', () => {
  it('gives byte-identical frames for the same seed, variant and inputs', () => {
    expect(frameHashes(create(7))).toEqual(frameHashes(create(7)));
  });

  it('gives different frames for a different seed', () => {
    expect(frameHashes(create(7))).not.toEqual(frameHashes(create(8)));
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its time limit with an idle player, progress 0', (variant) => {
    const sim = create(1, variant);
    for (let i = 0; i < 1_000_000 && sim.ended() === undefined; i++) sim.tick();
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

  it('turns the camera with look events and clamps its pitch', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 200, dy: -200 });
    expect(stateOf(sim).camera).toEqual({ yaw: -160, pitch: Rules.pitchMin });
  });

  it('keeps the player inside the hedge', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 180, dy: 0 });
    run(sim, { look: { dx: 0, dy: 0 }, steps: Array.from({ length: 20 }, () => ['W']) });
    expect(stateOf(sim).player.z).toBeCloseTo(-18 + Rules.playerRadius, 6);
  });

  it('emits state its schema accepts', () => {
    const sim = create(1, 'crowd');
    for (let i = 0; i < 200; i++) sim.tick();
    expect(CueChaseState.safeParse(sim.state()).success).toBe(true);
  });

  it("offers exactly the manifest's variants and slots", () => {
    const entry = getGame('cue_chase');
    expect([...cueChaseGame.variants]).toEqual(entry.variants.map((v) => v.id));
    expect(cueChaseGame.slots).toEqual(entry.slots);
    for (const v of VARIANTS) expect(entry.variants.find((e) => e.id === v.id)?.timeLimitMs ?? entry.timeLimitMs).toBe(v.timeLimitMs);
  });

  it('refuses an unknown variant', () => {
    expect(() => create(1, 'nope')).toThrow(RangeError);
  });
});
