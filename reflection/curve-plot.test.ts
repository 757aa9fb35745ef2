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

  it('lists in its legend only the marks it draws', () => {
    // A kept skill (round 2) and a transfer, but no rollback.
    expect(svgTexts(svg, 'legend')).toEqual(['round mean', 'episode', 'best round', 'skill kept', 'no skill', 'best skill']);
    const plain = curveSvg({ ...state, rounds: state.rounds.slice(0, 2), transfer: undefined });
    expect(plain).not.toMatch(/>(rollback|skill kept|no skill|best skill)</);
    expect(svgTexts(plain, 'legend')).toEqual(['round mean', 'episode', 'best round']);
    const rolled = curveSvg({ ...state, rounds: [...state.rounds.slice(0, 2), { ...state.rounds[1]!, round: 2, source: 'reflector', rollback: { toRound: 1 } }] } as unknown as CurveState);
    expect(svgTexts(rolled, 'legend')).toEqual(['round mean', 'episode', 'best round', 'rollback', 'no skill', 'best skill']);
  });

  it('puts the score axis on nice ticks, labelled with its unit, the same on both panels', () => {
    const y = panels(svgTexts(svg, 'tick-y'));
    expect(y).toHaveLength(2);
    for (const labels of y) expectNiceTicks(labels, 'score');
    expect(y[0]).toEqual(y[1]);
    expect(svgTexts(svg, 'axis-label')).toEqual(['round', 'score (mean progress, 0..1)', 'held-out variant', '']);
  });

  it('draws each round mean and each transfer arm with its 95% interval, and says what n is', () => {
    // Rounds 0 and 1 and both arms vary; round 2's scores are all equal, so its interval is a point and not drawn.
    const bars = svg.match(/<path class="error-bar" d="M[\d.]+ [\d.]+V[\d.]+M/g) ?? [];
    expect(bars).toHaveLength(4);
    expect(svg).toContain('n = 3 episodes per round (bars: 95% t-interval), pdq clock');
  });

  it("puts each round mean's label clear of the rollback line and the mean line", () => {
    const rolled = {
      ...state,
      settings: { ...(state as unknown as { settings: object }).settings, rounds: 3 },
      rounds: [round(0, [0.32, 0.33]), round(1, [0.6, 0.6]), { ...round(2, [0.32, 0.33]), rollback: { toRound: 1 } }, round(3, [0.6, 0.6])],
      best: { round: 1, mean: 0.6 },
    } as unknown as CurveState;
    const plot = curveSvg(rolled);
    const num = (m: string | undefined): number => Number(m);
    const rollbackX = [...plot.matchAll(/<line x1="([\d.]+)" x2="[\d.]+" y1="[\d.]+" y2="[\d.]+" stroke="#d12f2f"/g)].map((m) => num(m[1]));
    expect(rollbackX).toHaveLength(1);
    const points = /<polyline [^>]*points="([^"]+)"/.exec(plot)![1]!.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
    const labels = [...plot.matchAll(/<text x="([\d.]+)" y="([\d.]+)" [^>]*font-size="10" [^>]*class="mean-label">([^<]*)<\/text>/g)].map((m) => ({ x: num(m[1]), y: num(m[2]), text: m[3]! }));
    expect(labels.map((l) => l.text)).toEqual(['0.325', '0.600', '0.325', '0.600']);
    for (const l of labels) {
      // The label's box: ~0.6 em a character, from a little above the cap height to the baseline.
      const half = (l.text.length * 10 * 0.62) / 2;
      const inside = (px: number, py: number): boolean => px > l.x - half && px < l.x + half && py > l.y - 8 && py < l.y + 2;
      expect(rollbackX.some((rx) => rx > l.x - half && rx < l.x + half), `${l.text} at ${l.x} on the rollback line`).toBe(false);
      for (let i = 1; i < points.length; i++) {
        const [[ax, ay], [bx, by]] = [points[i - 1]!, points[i]!];
        for (let t = 0; t <= 1; t += 0.01) expect(inside(ax + (bx - ax) * t, ay + (by - ay) * t), `${l.text} at ${l.x},${l.y} on the mean line`).toBe(false);
      }
    }
  });

  it('cuts a wide interval at the top of the score (progress is at most 1), so the axis stays near 0..1', () => {
    const wide = { ...state, transfer: { ...(state as unknown as { transfer: object }).transfer, variants: [{ variant: 'ring', empty: { episodes: [{ score: 0.59 }, { score: 0.36 }], mean: 0.475 }, best: { episodes: [{ score: 0.6 }, { score: 0.35 }], mean: 0.475 }, gain: 0 }] } } as unknown as CurveState;
    const top = Math.max(...svgTexts(curveSvg(wide), 'tick-y').map(Number));
    expect(top).toBeLessThanOrEqual(1.25);
  });
});
