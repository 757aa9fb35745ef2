import { describe, expect, it } from 'vitest';
import { aggregate, bootstrap } from './aggregate.js';

const values = [
  { game: 'a', value: 1 },
  { game: 'a', value: 0 },
  { game: 'a', value: 0.5 },
  { game: 'b', value: 0.2 },
  { game: 'b', value: undefined },
];

describe('aggregation', () => {
  it('averages cases within a game, then games with equal weight; a case without a value is left out', () => {
    const a = aggregate(values);
    expect(a.games).toEqual({ a: 0.5, b: 0.2 });
    expect(a.macro).toBeCloseTo(0.35);
  });

  it('gives the same intervals for the same seed and other intervals for another', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ game: i % 2 === 0 ? 'a' : 'b', value: ((i * 37) % 101) / 100 }));
    const one = bootstrap(many, 200, 7);
    expect(bootstrap(many, 200, 7)).toEqual(one);
    expect(bootstrap(many, 200, 8)).not.toEqual(one);
  });

  it('brackets each game mean and the macro mean, and collapses for a game whose cases agree', () => {
    const b = bootstrap(values, 500, 3);
    expect(b.games['a']!.lo).toBeLessThanOrEqual(0.5);
    expect(b.games['a']!.hi).toBeGreaterThanOrEqual(0.5);
    expect(b.games['b']).toEqual({ lo: 0.2, hi: 0.2 });
    expect(b.macro!.lo).toBeLessThanOrEqual(0.35);
    expect(b.macro!.hi).toBeGreaterThanOrEqual(0.35);
  });
});
