import { describe, expect, it } from 'vitest';
import type { PerceptionTuple } from '../tuple.js';
import { greedyMatch, prf, scoreTuples, strictKey } from './tuple-match.js';

const tp = (t: number, event = 'goal', who: string | null = 'A', update: string | null = 'score_a+1', state: string | null = '1-0'): PerceptionTuple => ({ t, event, who, update, state });

describe('strict tuple F1', () => {
  it('is 1 for an exact answer and 0 for an empty one', () => {
    const refs = [tp(5), tp(20, 'goal', 'B', 'score_b+1', '1-1')];
    expect(scoreTuples(refs, refs).strict.f1).toBe(1);
    expect(scoreTuples([], refs).strict).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });

  it('matches at exactly 3 s apart and not past it', () => {
    const refs = [tp(10)];
    expect(scoreTuples([tp(13)], refs).strict.matched).toBe(1);
    expect(scoreTuples([tp(7)], refs).strict.matched).toBe(1);
    expect(scoreTuples([tp(13.001)], refs).strict.matched).toBe(0);
    expect(scoreTuples([tp(6.999)], refs).strict.matched).toBe(0);
  });

  it('needs every non-temporal field equal: a wrong update, state or actor is no match', () => {
    const refs = [tp(10)];
    expect(scoreTuples([tp(10, 'goal', 'A', 'score_a+2')], refs).strict.matched).toBe(0);
    expect(scoreTuples([tp(10, 'goal', 'A', 'score_a+1', '2-0')], refs).strict.matched).toBe(0);
    expect(scoreTuples([tp(10, 'goal', 'B')], refs).strict.matched).toBe(0);
    expect(scoreTuples([tp(10, 'goal', 'A', null)], refs).strict.matched).toBe(0);
  });

  it('never pairs across event identities, however near in time', () => {
    const refs = [tp(10, 'goal', 'A'), tp(20, 'foul', 'A', null, null)];
    const s = scoreTuples([tp(20, 'goal', 'A'), tp(10, 'foul', 'A', null, null)], refs);
    expect(s.strict.matched).toBe(0);
    expect(s.t1.matched).toBe(0);
  });

  it('counts duplicates beyond the references as false positives', () => {
    const refs = [tp(10)];
    const s = scoreTuples([tp(10), tp(10), tp(11)], refs).strict;
    expect(s).toMatchObject({ matched: 1, predicted: 3, references: 1 });
    expect(s.precision).toBeCloseTo(1 / 3);
    expect(s.recall).toBe(1);
    expect(s.f1).toBeCloseTo(0.5);
  });

  it('gives a known F1 on a mixed answer: 2 of 3 right and one wrong extra', () => {
    const refs = [tp(5), tp(30, 'goal', 'B', 'score_b+1', '1-1'), tp(60, 'goal', 'A', 'score_a+1', '2-1')];
    const pred = [tp(6), tp(31.5, 'goal', 'B', 'score_b+1', '1-1'), tp(45, 'goal', 'A', 'score_a+1', '2-1'), tp(90, 'goal', 'B', 'score_b+1', '2-2')];
    const s = scoreTuples(pred, refs).strict;
    expect(s).toMatchObject({ matched: 2, predicted: 4, references: 3 });
    expect(s.f1).toBeCloseTo((2 * 0.5 * (2 / 3)) / (0.5 + 2 / 3));
  });

  it('takes predictions in time order, each to its nearest unused reference', () => {
    // Refs at 10 and 13; predictions at 12 and 15.5. The prediction at 12 takes the nearer ref 13 (dt 1), not
    // ref 10 (dt 2); the one at 15.5 then finds ref 13 used and ref 10 out of reach: one match, not two.
    const refs = [tp(10), tp(13)];
    const pred = [tp(15.5), tp(12)];
    expect(greedyMatch(pred, refs, strictKey)).toEqual([{ pred: 1, ref: 1 }]);
    expect(scoreTuples(pred, refs).strict.f1).toBeCloseTo(0.5);
  });

  it('breaks a tie in distance toward the earlier reference', () => {
    const refs = [tp(14), tp(10)];
    expect(greedyMatch([tp(12)], refs, strictKey)).toEqual([{ pred: 0, ref: 1 }]);
  });

  it('lets an earlier prediction take a reference before a later, nearer one can', () => {
    const refs = [tp(10)];
    expect(greedyMatch([tp(10.2), tp(8)], refs, strictKey)).toEqual([{ pred: 1, ref: 0 }]);
  });

  it('scores two empty lists as perfect and an answer to no reference as zero', () => {
    expect(prf(0, 0, 0).f1).toBe(1);
    expect(prf(0, 2, 0)).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });
});

describe('tier diagnostics', () => {
  it('localises on identity and time only (T1) and scores T2 and T3 over the localised events', () => {
    const refs = [tp(5, 'goal', 'A', 'score_a+1', '1-0'), tp(30, 'goal', 'B', 'score_b+1', '1-1'), tp(60, 'goal', 'A', 'score_a+1', '2-1')];
    const pred = [tp(5, 'goal', 'A', 'score_a+1', '0-1'), tp(31, 'goal', 'B', 'score_a+1', '1-1'), tp(100, 'goal', 'A', 'score_a+1', '2-1')];
    const s = scoreTuples(pred, refs);
    expect(s.strict.matched).toBe(0);
    expect(s.t1.matched).toBe(2);
    expect(s.t1.f1).toBeCloseTo(2 / 3);
    expect(s.t2).toEqual({ correct: 1, total: 2 });
    expect(s.t3).toEqual({ correct: 1, total: 2 });
  });

  it('leaves a null reference label out of that tier\'s denominator only', () => {
    const refs = [tp(5, 'goal', 'A', null, '1-0'), tp(30, 'goal', 'B', 'score_b+1', null)];
    const pred = [tp(5, 'goal', 'A', 'anything', '1-0'), tp(30, 'goal', 'B', 'score_b+1', 'x')];
    const s = scoreTuples(pred, refs);
    expect(s.t2).toEqual({ correct: 1, total: 1 });
    expect(s.t3).toEqual({ correct: 1, total: 1 });
    const none = scoreTuples([tp(5, 'goal', 'A', null, '1-0')], [tp(5, 'goal', 'A', null, '1-0')]);
    expect(none.t2).toEqual({ correct: 0, total: 0 });
  });
});
