import { describe, expect, it } from 'vitest';
import { expectNiceTicks, panels, svgTexts } from '../tests/support/svg-checks.js';
import { runPlotSvg, runPlotTitle, type RunPlotData } from './run-plot.js';

/** Two players over 2.8 s of game time (the length that used to give ticks at 2.8 s and 5.6 s). */
const data: RunPlotData = {
  title: runPlotTitle({ runId: 'r1', game: 'sky_duel', variant: 'origin', seed: 3, clock: 'lcrt' }),
  players: [
    { slot: 0, label: 'fast <vlm>' },
    { slot: 1, label: 'scripted' },
  ],
  decisions: [
    { slot: 0, atMs: 0, latencyMs: 310 },
    { slot: 1, atMs: 0, latencyMs: 2 },
    { slot: 0, atMs: 1400, latencyMs: 420 },
    { slot: 1, atMs: 1400 },
    { slot: 0, atMs: 2800, latencyMs: 377 },
  ],
  progress: [
    { simMs: 1000, players: [{ slot: 0, progress: 0.1 }, { slot: 1, progress: 0.05 }] },
    { simMs: 2800, players: [{ slot: 0, progress: 0.43 }, { slot: 1, progress: 0.2 }] },
  ],
  endMs: 2800,
};

describe('the run plot', () => {
  const svg = runPlotSvg(data);

  it('labels every axis with its unit', () => {
    expect(svgTexts(svg, 'axis-label')).toEqual(['game time (s)', 'latency (wall ms)', 'game time (s)', 'progress (0..1)']);
  });

  it('puts its ticks at 1, 2, 2.5 or 5 times a power of ten, from 0, on both panels', () => {
    const x = panels(svgTexts(svg, 'tick-x'));
    const y = panels(svgTexts(svg, 'tick-y'));
    expect(x).toHaveLength(2);
    expect(y).toHaveLength(2);
    for (const [i, labels] of [...x, ...y].entries()) expectNiceTicks(labels, `axis ${i}`);
    // 2.8 s of game time: whole seconds up to 3 s.
    expect(x[0]).toEqual(['0', '1', '2', '3']);
  });

  it('says how many points each panel is over: each player\'s timed decisions and their median, the reports and the last progress', () => {
    expect(svgTexts(svg, 'panel-note')).toEqual(['fast <vlm>: n = 3, median 377 ms; scripted: n = 1, median 2 ms', '2 reports, last 0.430 / 0.200']);
    const one = runPlotSvg({ ...data, players: [data.players[0]!], decisions: data.decisions.filter((x) => x.slot === 0) });
    expect(svgTexts(one, 'panel-note')[0]).toBe('n = 3 decisions, median 377 ms');
  });

  it('draws a line per player per panel, and names each player in the legend as written', () => {
    expect(svg.match(/<polyline/g)).toHaveLength(3);
    expect(svgTexts(svg, 'legend')).toEqual(['fast <vlm> (slot 0)', 'scripted (slot 1)']);
    expect(svg).toContain('fast &lt;vlm&gt; (slot 0)');
    expect(svgTexts(svg, 'plot-title')).toEqual(['r1: sky_duel/origin seed 3 lcrt']);
  });

  it('leaves out of its title what a run does not know yet', () => {
    expect(runPlotTitle({ runId: 'm-1', game: 'last_stand', clock: 'pdq' })).toBe('m-1: last_stand pdq');
    expect(runPlotTitle({ runId: 'm-1' })).toBe('m-1:');
  });

  it('under the omnigamearena profile reads the benchmark\'s raw score, below 0 too, named so', () => {
    const bench = runPlotSvg({ ...data, measure: 'benchmark', progress: [{ simMs: 1000, players: [{ slot: 0, progress: -40 }] }, { simMs: 2000, players: [{ slot: 0, progress: 130 }] }] });
    expect(svgTexts(bench, 'axis-label')[3]).toBe('benchmark score (raw, unclamped)');
    expect(bench).toContain('Benchmark score over game time');
    const y = svgTexts(bench, 'tick-y').map(Number);
    expect(Math.min(...y)).toBeLessThanOrEqual(-40);
    expect(Math.max(...y)).toBeGreaterThanOrEqual(130);
  });

  it('draws an empty run (a match that has just begun) with its axes and no line', () => {
    const empty = runPlotSvg({ title: 'm-1:', players: [], decisions: [], progress: [] });
    expect(svgTexts(empty, 'panel-note')).toEqual(['no timed decisions', '0 reports']);
    expect(empty).not.toContain('<polyline');
    for (const labels of panels(svgTexts(empty, 'tick-y'))) expectNiceTicks(labels, 'empty y');
  });
});
