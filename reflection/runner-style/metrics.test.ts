import { describe, expect, it } from 'vitest';
import { runnerMetrics } from './metrics.js';
import { parseVerdict } from './validator.js';

describe("the runner's curve metrics on hand-made curves", () => {
  it('final gain, AUC gain and regression rate of a curve with known values', () => {
    // Gains over S0 = 0.2: 0.2, 0.1, 0.4 -> AUC 0.7 / 3; rounds 1->2 regressed: 1 of 3.
    const m = runnerMetrics([0.2, 0.4, 0.3, 0.6])!;
    expect(m.s0).toBe(0.2);
    expect(m.sFinal).toBe(0.6);
    expect(m.finalGain).toBeCloseTo(0.4, 12);
    expect(m.aucGain).toBeCloseTo(0.7 / 3, 12);
    expect(m.regressionRate).toBeCloseTo(1 / 3, 12);
    expect(m.rounds).toBe(4);
  });

  it('a falling curve: negative gains and every round a regression; an equal mean is no regression', () => {
    const m = runnerMetrics([10, 9, 9, 7])!;
    expect(m.finalGain).toBe(-3);
    expect(m.aucGain).toBeCloseTo(-(1 + 1 + 3) / 3, 12);
    expect(m.regressionRate).toBeCloseTo(2 / 3, 12);
  });

  it('round 0 alone: no gain, no regression; no rounds: no metrics', () => {
    expect(runnerMetrics([0.5])).toEqual({ s0: 0.5, sFinal: 0.5, finalGain: 0, aucGain: 0, regressionRate: 0, rounds: 1 });
    expect(runnerMetrics([])).toBeUndefined();
  });
});

describe("the validator's verdict", () => {
  it('is the last verdict line of the report', () => {
    expect(parseVerdict('## Issues found\nnone\n\nVerdict: ok')).toBe('ok');
    expect(parseVerdict('## Verdict\n**needs_revision**')).toBe('needs_revision');
    expect(parseVerdict('Verdict: needs revision ... on second thought, Verdict: OK')).toBe('ok');
    expect(parseVerdict('The draft looks fine.')).toBe('unclear');
  });
});
