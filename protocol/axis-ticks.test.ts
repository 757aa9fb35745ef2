import { describe, expect, it } from 'vitest';
import { niceStep, niceTicks, tickLabel } from './axis-ticks.js';

describe('axis ticks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten and covers the data', () => {
    const label = (lo: number, hi: number): string[] => niceTicks(lo, hi).map((v) => tickLabel(v, niceStep(hi - lo)));
    expect(label(0, 11.79)).toEqual(['0.0', '2.5', '5.0', '7.5', '10.0', '12.5']);
    expect(label(0, 1)).toEqual(['0.0', '0.2', '0.4', '0.6', '0.8', '1.0']);
    expect(label(0, 0.12)).toEqual(['0.000', '0.025', '0.050', '0.075', '0.100', '0.125']);
    expect(label(0, 9.69)).toEqual(['0', '2', '4', '6', '8', '10']);
    expect(niceTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});
