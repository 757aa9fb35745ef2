import { describe, expect, it } from 'vitest';
import { comparisonText, type Comparison } from './comparisons.js';

const made = (over: Partial<Comparison>): Comparison => ({ factor: 'clock', agent: 'scripted', game: 'last_stand', a: 'pdq', b: 'lcrt', verdict: 'clean', confounds: [], n: [3, 3], ...over });

describe('comparisonText', () => {
  it('writes a difference with its interval as the tables do, and one from too few episodes without a dash for the interval', () => {
    const text = comparisonText([made({ meanA: 0.5, meanB: 0.25, diff: 0.25, ci95: 0.125 }), made({ game: 'sky_duel', n: [1, 1], meanA: 0.091, meanB: 0.096, diff: -0.005, ci95: Number.NaN })]);
    expect(text).toContain('last_stand: pdq 0.500 (n 3) minus lcrt 0.250 (n 3) = 0.250 +- 0.125');
    expect(text).toContain('sky_duel: pdq 0.091 (n 1) minus lcrt 0.096 (n 1) = -0.005 (no interval: too few episodes)');
    expect(text).not.toMatch(/\+- -/);
  });

  it('sets a pair with an arm of no complete run apart, never as a difference', () => {
    const text = comparisonText([made({ n: [1, 0], meanA: 0.5 })]);
    expect(text).not.toContain('minus');
    expect(text).toMatch(/^not compared: 1 pair/m);
  });

  it('says a refused pair once however many times it was refused', () => {
    const refused = made({ verdict: 'refused', confounds: ['stepBudget'], factor: 'agent', agent: 'slot 0', a: 'random', b: 'scripted' });
    const text = comparisonText([refused, refused]);
    expect(text.split('\n').filter((l) => l.includes('random vs scripted'))).toHaveLength(1);
    expect(text).toMatch(/^refused: 1 comparison/m);
  });
});
