/**
 * Case strata, reference tuples and selection on hand-made state streams: lead shapes (blowout, tense,
 * reversal), progress shapes, outcomes and duration bins; T1-T3 of events in one tick and across ticks; a
 * seeded round-robin over strata that is the same for the same seed and moves with another seed.
 */
import { describe, expect, it } from 'vitest';
import { perceptionAdapters } from '../../games/index.js';
import type { RunJson, StateLineRecord } from '../../gateway/index.js';
import { referenceTuples } from './references.js';
import { selectCases } from './select.js';
import { caseStrata, durationBin, leadShape, outcomeLabel, progressShape } from './strata.js';

const sky = perceptionAdapters.get('sky_duel')!;
const solo = perceptionAdapters.get('obstacle_run_2d')!;

const duel = (hp: readonly [number, number][]): StateLineRecord[] =>
  hp.map(([a, b], i) => ({ kind: 'state', simMs: i * 1000, tracked: { hp_a: a, hp_b: b, lead: a > b ? 'A' : a < b ? 'B' : 'even', zone_a: 'near-centre', zone_b: 'far-centre' } }));

const run = (outcomes: Record<number, 'win' | 'loss' | 'draw' | 'none'>, simMs = 10_000): RunJson =>
  ({
    runId: 'r',
    game: 'sky_duel',
    variant: 'origin',
    seed: 1,
    clock: 'pdq',
    status: 'complete',
    agents: [],
    result: { reason: 'x', episode: 'finished', simMs, players: Object.entries(outcomes).map(([slot, outcome]) => ({ slot: Number(slot), label: 'x', progress: 0, score: 0, outcome, decisions: 1, invalid: 0, failed: 0 })) },
  }) as RunJson;

describe('lead shapes', () => {
  it('blowout, tense and reversal by a clear lead of one unit', () => {
    expect(leadShape([0, 10, 20, 30, 40], 20)).toBe('blowout');
    expect(leadShape([0, 10, 0, -10, 0, 10], 20)).toBe('tense');
    expect(leadShape([0, 20, 10, -20], 20)).toBe('reversal');
    // B led clearly, A won the final margin: a comeback is a reversal.
    expect(leadShape([0, -20, -10, 10], 20)).toBe('reversal');
    // One clear lead that stayed but did not grow to two: tense.
    expect(leadShape([0, 20, 10], 20)).toBe('tense');
    expect(leadShape([], 20)).toBe('tense');
  });

  it('come from the state stream of a duel, with outcome and duration', () => {
    const lines = duel([[100, 100], [100, 80], [100, 60], [90, 50]]);
    expect(caseStrata(sky, run({ 0: 'win', 1: 'loss' }), lines, [], 14.4)).toEqual({ shape: 'blowout', outcome: 'A-wins', duration: 'short' });
    const back = duel([[100, 100], [70, 100], [70, 60], [60, 60], [60, 40]]);
    expect(caseStrata(sky, run({ 0: 'win', 1: 'loss' }), back, [], 61)).toEqual({ shape: 'reversal', outcome: 'A-wins', duration: 'long' });
    expect(caseStrata(sky, run({ 0: 'draw', 1: 'draw' }), duel([[100, 100], [90, 100], [90, 90]]), [], 30).shape).toBe('tense');
  });
});

describe('progress shapes and outcomes', () => {
  const curve = (ps: number[]): { simMs: number; progress: number }[] => ps.map((progress, i) => ({ simMs: i * 1000, progress }));
  it('by when half the final progress came', () => {
    expect(progressShape(curve([0, 0.4, 0.5, 0.55, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6]), 9000)).toBe('solo-early');
    expect(progressShape(curve([0, 0, 0, 0, 0, 0, 0, 0.1, 0.5, 0.8]), 9000)).toBe('solo-late');
    expect(progressShape(curve([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]), 9000)).toBe('solo-steady');
    expect(progressShape(curve([0, 0.01, 0.02]), 2000)).toBe('solo-flat');
  });

  it('solo outcomes, rival outcomes and duration bins', () => {
    expect(outcomeLabel(solo, run({ 0: 'win' }))).toBe('success');
    expect(outcomeLabel(solo, run({ 0: 'loss' }))).toBe('failure');
    expect(outcomeLabel(sky, run({ 0: 'loss', 1: 'win' }))).toBe('B-wins');
    expect(outcomeLabel(sky, run({ 0: 'draw', 1: 'draw' }))).toBe('draw');
    expect([19.9, 20, 59.9, 60].map(durationBin)).toEqual(['short', 'medium', 'medium', 'long']);
  });
});

describe('reference tuples', () => {
  it('T1 at the exact event time, T2 over the tick, T3 the state it left; events of one tick share both', () => {
    const lines: StateLineRecord[] = [
      { kind: 'state', simMs: 0, tracked: { hp_a: 100, hp_b: 100, lead: 'even', zone_a: 'near-centre', zone_b: 'far-centre' } },
      { kind: 'state', simMs: 400, tracked: { hp_a: 100, hp_b: 100, lead: 'even', zone_a: 'mid-centre', zone_b: 'far-centre' } },
      { kind: 'event', simMs: 2820, name: 'hit', slot: 0, data: { target: 1, targetHp: 90 } },
      { kind: 'state', simMs: 2820, tracked: { hp_a: 100, hp_b: 90, lead: 'A', zone_a: 'mid-centre', zone_b: 'mid-centre' } },
      { kind: 'event', simMs: 3300, name: 'hit', slot: 0, data: { target: 1, targetHp: 80 } },
      { kind: 'event', simMs: 3300, name: 'hit', slot: 1, data: { target: 0, targetHp: 90 } },
      { kind: 'state', simMs: 3300, tracked: { hp_a: 90, hp_b: 80, lead: 'A', zone_a: 'mid-centre', zone_b: 'mid-centre' } },
      { kind: 'event', simMs: 5000, name: 'swing', slot: 1 },
      { kind: 'event', simMs: 9000, name: 'fell', slot: 1 },
      { kind: 'state', simMs: 9000, tracked: { hp_a: 90, hp_b: 80, lead: 'A', zone_a: 'mid-centre', zone_b: 'off' } },
    ];
    expect(referenceTuples(sky, lines)).toEqual([
      { t: 2.82, event: 'hit', who: 'A', update: 'hp_b:100>90,lead:even>A', state: '100-90' },
      { t: 3.3, event: 'hit', who: 'A', update: 'hp_a:100>90,hp_b:90>80', state: '90-80' },
      { t: 3.3, event: 'hit', who: 'B', update: 'hp_a:100>90,hp_b:90>80', state: '90-80' },
      // A position is tracked but no update: falling off changes no update variable.
      { t: 9, event: 'fell', who: 'B', update: 'none', state: '90-80' },
    ]);
    // A video starting later counts its time from its own first frame and drops what came before.
    expect(referenceTuples(sky, lines, 3000).map((t) => t.t)).toEqual([0.3, 0.3, 6]);
  });
});

describe('selection', () => {
  const cands = ['tense', 'blowout', 'reversal'].flatMap((shape) => [1, 2, 3].map((n) => ({ game: 'sky_duel', runId: `${shape}-${n}`, strata: { shape, outcome: 'A-wins', duration: 'short' } })));

  it('takes round-robin over strata, the same for the same seed', () => {
    const a = selectCases(cands, 3, 7);
    expect(a.selected.map((c) => c.strata.shape).sort()).toEqual(['blowout', 'reversal', 'tense']);
    expect(selectCases(cands, 3, 7).selected).toEqual(a.selected);
    expect(a.left).toHaveLength(6);
    // Everything when the quota is larger than the candidates.
    expect(selectCases(cands, 20, 7).selected).toHaveLength(9);
  });

  it('moves with the seed where there is a choice', () => {
    const first = selectCases(cands, 3, 1).selected.map((c) => c.runId).join();
    const others = [2, 3, 4, 5, 6, 7, 8, 9].map((seed) => selectCases(cands, 3, seed).selected.map((c) => c.runId).join());
    expect(others.some((o) => o !== first)).toBe(true);
  });
});
