import { describe, expect, it } from 'vitest';
import { nativeGrid } from '../media/frame-grid.js';
import type { PerceptionTuple } from '../tuple.js';
import { caseRng, randomTuples, setTimeRandomTuples, vocabularyOf } from './random-controls.js';
import { samplingCeiling } from './sampling-ceiling.js';

const refs: PerceptionTuple[] = [
  { t: 3, event: 'goal', who: 'A', update: 'score_a+1', state: '1-0' },
  { t: 40, event: 'goal', who: 'B', update: 'score_b+1', state: '1-1' },
  { t: 41, event: 'save', who: 'B', update: null, state: null },
];

describe('random controls', () => {
  it('draws as many tuples as references, times uniform over the video, fields from the vocabulary', () => {
    const v = vocabularyOf(refs);
    expect(v.events).toEqual(['goal', 'save']);
    const drawn = Array.from({ length: 200 }, (_, i) => randomTuples(caseRng(1, 'c', i), v, refs.length, 60)).flat();
    expect(drawn).toHaveLength(600);
    for (const t of drawn) {
      expect(t.t).toBeGreaterThanOrEqual(0);
      expect(t.t).toBeLessThan(60);
      expect(v.events).toContain(t.event);
      expect(v.who).toContain(t.who);
      expect(v.update).toContain(t.update);
      expect(v.state).toContain(t.state);
    }
    expect(drawn.filter((t) => t.t < 30).length / drawn.length).toBeGreaterThan(0.4);
    expect(drawn.filter((t) => t.t < 30).length / drawn.length).toBeLessThan(0.6);
  });

  it('keeps the reference times in the set-time control and is the same for the same seed and case', () => {
    const v = vocabularyOf(refs);
    const a = setTimeRandomTuples(caseRng(5, 'case-1', 0), v, refs);
    expect(a.map((t) => t.t)).toEqual([3, 40, 41]);
    expect(setTimeRandomTuples(caseRng(5, 'case-1', 0), v, refs)).toEqual(a);
    const others = Array.from({ length: 20 }, (_, s) => setTimeRandomTuples(caseRng(s + 6, 'case-1', 0), v, refs));
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a))).toBe(true);
  });
});

describe('native sampling ceiling', () => {
  it('reaches every event of a short video: the 1 fps grid is never more than 1 s away', () => {
    expect(nativeGrid(20)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(samplingCeiling([0, 7.5, 19.9], 20)).toEqual({ actual: 1, uniform: 1, unreachable: 0, afterLastFrame: 0 });
  });

  it('loses tail events once the capped grid interval passes 3 s, where the uniform ceiling still says all', () => {
    // 1280 s: 256 frames 5 s apart, the last at 1275 s; uniform ceiling min(1, 6/5) = 1.
    const grid = nativeGrid(1280);
    expect(grid).toHaveLength(256);
    expect(grid.at(-1)).toBe(1275);
    const c = samplingCeiling([100, 1277.5, 1278.5, 1279.9], 1280);
    expect(c.uniform).toBe(1);
    expect(c.unreachable).toBe(2);
    expect(c.afterLastFrame).toBe(2);
    expect(c.actual).toBe(0.5);
  });

  it('loses events between frames once the interval passes 6 s, and the uniform ceiling says how many on average', () => {
    // 2560 s: frames 10 s apart; an event 5 s from both neighbours is out of reach, one 3 s from a frame is not.
    const c = samplingCeiling([5, 13, 1000], 2560);
    expect(c.uniform).toBeCloseTo(0.6);
    expect(c.unreachable).toBe(1);
    expect(c.afterLastFrame).toBe(0);
    expect(c.actual).toBeCloseTo(2 / 3);
  });
});
