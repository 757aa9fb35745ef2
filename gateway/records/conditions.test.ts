import { describe, expect, it } from 'vitest';
import { compareArms, confounds } from './conditions.js';

const base = {
  clock: 'pdq',
  observationDelayMs: 2000,
  stepBudget: 20,
  timeLimitMs: 30_000,
  gateway: { version: '0.1.0', commit: 'abc' },
  agents: [{ slot: 0, kind: 'scripted', label: 'scripted', latency: 'none', latencyMeaning: 'none: paused', settings: { skill: { sha256: 'a' } } }],
};
const lcrt = (ms: number, over: Record<string, unknown> = {}): unknown => ({ ...base, clock: 'lcrt', agents: [{ ...base.agents[0], latency: `synthetic:${ms}`, latencyMeaning: 'synthetic' }], ...over });

describe('confounds', () => {
  it('finds none between pdq and lcrt arms that differ in the clock and the latency alone', () => {
    expect(confounds(base, lcrt(500), 'clock')).toEqual([]);
  });

  it('names every other field the arms differ in', () => {
    expect(confounds(base, lcrt(500, { observationDelayMs: 0, timeLimitMs: 60_000 }), 'clock')).toEqual(['observationDelayMs', 'timeLimitMs']);
  });

  it('lets a variant comparison differ in its time limit but not a clock comparison', () => {
    expect(confounds(base, { ...base, timeLimitMs: 60_000 }, 'variant')).toEqual([]);
    expect(confounds(base, { ...base, timeLimitMs: 60_000 }, 'clock')).toEqual(['timeLimitMs']);
  });

  it('lets a skill comparison differ in the skill digest alone', () => {
    const other = { ...base, agents: [{ ...base.agents[0], settings: { skill: { sha256: 'b' } } }] };
    expect(confounds(base, other, 'skill')).toEqual([]);
    expect(confounds(base, other, 'clock')).toEqual(['agents.0.settings.skill.sha256']);
  });

  it('cannot show runs without declared conditions comparable', () => {
    expect(confounds(undefined, base, 'clock')).toEqual(['(undeclared)']);
  });
});

describe('compareArms', () => {
  it('is clean, refused or pooled as the caller asks', () => {
    expect(compareArms([base, base], [lcrt(0)], 'clock')).toEqual({ verdict: 'clean', confounds: [] });
    expect(compareArms([base], [lcrt(0, { stepBudget: 40 })], 'clock')).toEqual({ verdict: 'refused', confounds: ['stepBudget'] });
    expect(compareArms([base], [lcrt(0, { stepBudget: 40 })], 'clock', true)).toEqual({ verdict: 'pooled', confounds: ['stepBudget'] });
  });

  it('refuses an arm that mixes conditions inside itself', () => {
    expect(compareArms([base, { ...base, gateway: { version: '0.1.0', commit: 'def' } }], [lcrt(0)], 'clock').confounds).toEqual(['gateway.commit']);
  });
});
