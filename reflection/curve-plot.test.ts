import { describe, expect, it } from 'vitest';
import { expectNiceTicks, panels, svgTexts } from '../tests/support/svg-checks.js';
import { curveSvg } from './curve-plot.js';
import type { CurveState } from './curve-state.js';

const round = (r: number, scores: readonly number[], source = r === 0 ? 'empty' : 'reflector'): Record<string, unknown> => ({
  round: r,
  source,
  episodes: scores.map((score, episode) => ({ episode, score })),
  mean: scores.reduce((a, b) => a + b, 0) / scores.length,
  finished: true,
});

/** A curve of two rounds of three episodes and a held-out variant; only what the plot reads. */
const state = {
  id: 'c1',
  variant: 'origin',
  settings: { game: 'last_stand', rounds: 2, episodes: 3, clock: 'pdq', rollbackRatio: 0.5, successThreshold: 0.9, player: { kind: 'random' }, reflector: { model: 'r' }, match: { profile: 'default' } },
  rounds: [round(0, [0.1, 0.2, 0.15]), round(1, [0.3, 0.34, 0.26]), round(2, [0.31, 0.31, 0.31], 'kept')],
  best: { round: 1, mean: 0.3 },
  transfer: { bestRound: 1, skill: '', finished: true, variants: [{ variant: 'ring', empty: { episodes: [{ score: 0.1 }, { score: 0.2 }], mean: 0.15 }, best: { episodes: [{ score: 0.3 }, { score: 0.4 }], mean: 0.35 }, gain: 0.2 }] },
} as unknown as CurveState;

describe('the curve plot', () => {
  const svg = curveSvg(state);

  it('puts the score axis on nice ticks, labelled with its unit, the same on both panels', () => {
    const y = panels(svgTexts(svg, 'tick-y'));
    expect(y).toHaveLength(2);
    for (const labels of y) expectNiceTicks(labels, 'score');
    expect(y[0]).toEqual(y[1]);
    expect(svgTexts(svg, 'axis-label')).toEqual(['round', 'score (mean progress, 0..1)', 'held-out variant', '']);
  });

  it('draws each round mean and each transfer arm with its 95% interval, and says what n is', () => {
    // Rounds 0 and 1 and both arms vary; round 2's scores are all equal, so its interval is a point and not drawn.
    const bars = svg.match(/<path d="M[\d.]+ [\d.]+V[\d.]+M/g) ?? [];
    expect(bars).toHaveLength(4);
    expect(svg).toContain('n = 3 episodes per round (bars: 95% t-interval), pdq clock');
  });
});
