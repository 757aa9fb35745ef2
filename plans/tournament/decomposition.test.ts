import { describe, expect, it } from 'vitest';
import { decompose } from './decomposition.js';
import { bradleyTerry, RATING_BASE } from './rating.js';
import type { MatchRecord } from './results-log.js';

/** A match of `a` (slot 0) against `b` in `episode` that slot 0 won (1), drew (0.5) or lost (0). */
function match(a: string, b: string, episode: number, score: number): MatchRecord {
  const outcome = (s: number) => (s === 1 ? 'win' : s === 0 ? 'loss' : 'draw');
  return {
    key: `${a} vs ${b}#${episode}#${episode + 1}`,
    setup: 's',
    agents: [a, b],
    kinds: ['x', 'x'],
    episode,
    seed: episode + 1,
    reason: 'r',
    simMs: 1,
    players: [
      { slot: 0, label: a, progress: score, score: 0, outcome: outcome(score) },
      { slot: 1, label: b, progress: 1 - score, score: 0, outcome: outcome(1 - score) },
    ],
    runId: '',
    dir: '',
    finishedAt: '',
  };
}

/** Both side orders of `episodes` episodes; `fastWins(e)` is fast's result in episode e. */
const arm = (episodes: number, fastWins: (e: number) => number): MatchRecord[] =>
  Array.from({ length: episodes }, (_, e) => [match('fast', 'slow', e, fastWins(e)), match('slow', 'fast', e, 1 - fastWins(e))]).flat();

describe('rating decomposition', () => {
  const byArm = new Map([
    ['pdq', arm(8, (e) => (e % 2 === 0 ? 1 : 0))],
    ['matched', arm(8, () => 0.5)],
    ['lcrt', arm(8, (e) => (e < 6 ? 1 : 0.5))],
  ]);
  const d = decompose(['fast', 'slow'], byArm, { samples: 300, seed: 4 });
  const fast = d.agents.find((a) => a.agent === 'fast')!;
  const pair = d.pairs[0]!;

  it('takes each component as the difference of the arms\' Bradley-Terry ratings', () => {
    const rating = (records: readonly MatchRecord[]): number =>
      bradleyTerry(['fast', 'slow'], records.map((r) => ({ a: r.agents[0]!, b: r.agents[1]!, score: r.players[0]!.outcome === 'win' ? 1 : r.players[0]!.outcome === 'loss' ? 0 : 0.5 }))).rating.get('fast')!;
    const [pdq, matched, lcrt] = ['pdq', 'matched', 'lcrt'].map((a) => rating(byArm.get(a)!));
    expect(fast.arms.pdq!.value).toBeCloseTo(pdq!, 9);
    expect(fast.components.skill!.value).toBeCloseTo(pdq! - RATING_BASE, 9);
    expect(fast.components.reacting!.value).toBeCloseTo(matched! - pdq!, 9);
    expect(fast.components.speed!.value).toBeCloseTo(lcrt! - matched!, 9);
    expect(pair.components.speed!.value).toBeCloseTo(2 * fast.components.speed!.value, 9);
  });

  it('brackets each estimate with a bootstrap interval: an even skill record includes 0, a one-sided speed record excludes it', () => {
    for (const c of Object.values(fast.components)) expect(c.lo <= c.value && c.value <= c.hi).toBe(true);
    expect(pair.components.skill!.lo).toBeLessThan(0);
    expect(pair.components.skill!.hi).toBeGreaterThan(0);
    expect(pair.components.speed!.lo).toBeGreaterThan(0);
    expect(fast.components.reacting!.hi).toBeGreaterThan(fast.components.reacting!.lo);
  });

  it('is reproducible for a seed and resamples every arm with the same episodes', () => {
    expect(decompose(['fast', 'slow'], byArm, { samples: 300, seed: 4 })).toEqual(d);
    expect(decompose(['fast', 'slow'], byArm, { samples: 300, seed: 5 }).pairs[0]!.components.skill).not.toEqual(pair.components.skill);
    // A matched arm identical to pdq cancels in every resample: the paired interval is exactly 0.
    const same = decompose(['fast', 'slow'], new Map([['pdq', byArm.get('pdq')!], ['matched', byArm.get('pdq')!]]), { samples: 200 });
    expect(same.agents[0]!.components.reacting).toEqual({ value: 0, lo: 0, hi: 0 });
    expect(same.agents[0]!.components.speed).toBeUndefined();
  });

  it('leaves out episodes some arm lacks', () => {
    const partial = decompose(['fast', 'slow'], new Map([['pdq', byArm.get('pdq')!], ['lcrt', byArm.get('lcrt')!.filter((r) => r.episode < 5)]]), { samples: 50 });
    expect(partial.episodes).toBe(5);
  });
});
