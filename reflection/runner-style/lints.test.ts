import { describe, expect, it } from 'vitest';
import { countBullets, lintsText, runnerLints } from './lints.js';

const ids = (r: Parameters<typeof runnerLints>[0]): string[] => runnerLints(r).map((l) => l.id);
const twoBullets = '- keep moving\n* jump early';

describe("the runner's pre-reflection lints on hand-made rounds", () => {
  it('counts lines that start with -, * or + as bullets, after indentation', () => {
    expect(countBullets('# Skill\n- a\n  * b\n+ c\nplain\n -d')).toBe(4);
    expect(countBullets('')).toBe(0);
  });

  it('EMPTY_SKILL_DOWNSTREAM: after round 0, a played skill of fewer than 2 bullets', () => {
    expect(ids({ round: 2, skill: '# Skill\n- only one', scores: [0.2, 0.2], means: [0.1, 0.5, 0.2] })).toEqual(['EMPTY_SKILL_DOWNSTREAM']);
    expect(ids({ round: 1, skill: '', scores: [0.2], means: [0.1, 0.2] })).toEqual(['EMPTY_SKILL_DOWNSTREAM']);
    expect(runnerLints({ round: 1, skill: 'one', scores: [], means: [0.1, 0.2] })[0]).toMatchObject({ severity: 'high', detail: { bullets: 0, minBullets: 2 } });
    // Round 0 plays the empty skill by design, and two bullets are enough.
    expect(ids({ round: 0, skill: '', scores: [0.2], means: [0.2] })).toEqual([]);
    expect(ids({ round: 3, skill: twoBullets, scores: [0.2], means: [0.1, 0.5, 0.9, 0.2] })).toEqual([]);
  });

  it('STAGNANT: the last three means spread under 10% of their positive average', () => {
    // 0.50, 0.52, 0.54: spread 0.04 over average 0.52 is 7.7%.
    const lint = runnerLints({ round: 3, skill: twoBullets, scores: [0.5], means: [0.1, 0.5, 0.52, 0.54] })[0]!;
    expect(lint.id).toBe('STAGNANT');
    expect(lint.severity).toBe('medium');
    expect(lint.detail['relativeSpread']).toBeCloseTo(0.04 / 0.52, 10);
    // 0.50, 0.55, 0.56: spread 0.06 over 0.5367 is 11.2%: not stagnant.
    expect(ids({ round: 3, skill: twoBullets, scores: [0.5], means: [0.1, 0.5, 0.55, 0.56] })).toEqual([]);
    // Fewer than three rounds, or an average of 0, never is.
    expect(ids({ round: 1, skill: twoBullets, scores: [0.5], means: [0.5, 0.5] })).toEqual([]);
    expect(ids({ round: 2, skill: twoBullets, scores: [0], means: [0, 0, 0] })).toEqual([]);
    // Raw scores (solo_craft's 9-14) are judged on the same relative spread.
    expect(ids({ round: 2, skill: twoBullets, scores: [12], means: [12, 12.5, 12.2] })).toEqual(['STAGNANT']);
  });

  it('BIMODAL: three or more scores with a gap of at least 0.15 between sorted neighbours', () => {
    const lint = runnerLints({ round: 0, skill: '', scores: [0.9, 0.1, 0.15, 0.8], means: [0.49] })[0]!;
    expect(lint).toMatchObject({ id: 'BIMODAL', severity: 'info', detail: { sortedScores: [0.1, 0.15, 0.8, 0.9] } });
    expect(lint.detail['maxGap']).toBeCloseTo(0.65, 10);
    expect(ids({ round: 0, skill: '', scores: [0.1, 0.2, 0.3, 0.4], means: [0.25] })).toEqual([]);
    expect(ids({ round: 0, skill: '', scores: [0.0, 0.15, 0.3], means: [0.15] })).toEqual(['BIMODAL']);
    // Two scores are never bimodal, however far apart.
    expect(ids({ round: 0, skill: '', scores: [0, 1], means: [0.5] })).toEqual([]);
  });

  it('lists every lint that fires, high severity first, and says so when none does', () => {
    const all = runnerLints({ round: 4, skill: '- one', scores: [0.2, 0.6, 0.62], means: [0.1, 0.3, 0.48, 0.47, 0.473] });
    expect(all.map((l) => l.id)).toEqual(['EMPTY_SKILL_DOWNSTREAM', 'STAGNANT', 'BIMODAL']);
    const text = lintsText(4, all);
    expect(text).toContain('[HIGH] EMPTY_SKILL_DOWNSTREAM');
    expect(text).toContain('[INFO] BIMODAL');
    expect(lintsText(0, [])).toBe('Pre-reflection lints for round 0: none fired.\n');
  });
});
