/**
 * Sweeps and `arena report` under the omnigamearena profile read the benchmark's own score, raw: last_stand's
 * reference game played by the scripted agent reports a raw `get_score` well above 1 (our progress stays in
 * [0, 1]), and that score, not the progress, reaches the sweep's tables, CSV, JSON and plots, the report's
 * aggregates, comparisons and plots, each labelled as the benchmark score. Runs under the profile and under ours
 * are never compared or pooled, even with --pool.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgent } from '../agents/index.js';
import { scriptedPolicies } from '../games/index.js';
import { runMatch, type MatchResult } from '../gateway/index.js';
import { runArena } from './support/arena-process.js';
import { launchInProcess } from './support/in-process-game.js';
import { tempRunsDir } from './support/run-dir.js';
import { writeSpec } from './support/sweep-fixtures.js';

const tmp = tempRunsDir();
afterAll(() => tmp.cleanup());

/** A scripted last_stand match in process: under the benchmark's profile unless `profile` says ours. */
async function play(folder: string, clock: 'pdq' | 'lcrt', profile: 'omnigamearena' | 'default' = 'omnigamearena', seed = 3): Promise<MatchResult> {
  const agent = createAgent('scripted', { scripted: scriptedPolicies, game: 'last_stand', seed: 1 });
  const result = await runMatch({ game: 'last_stand', runsDir: join(tmp.dir, folder), clock, profile, stepBudget: 12, observationDelayMs: 0, seed, launch: launchInProcess, slots: [{ slot: 0, agent, label: 'scripted', latency: { kind: 'synthetic', ms: 0, jitterMs: 0, seed: 0 } }] });
  expect(result.status, result.error?.message).toBe('complete');
  return result;
}

/** Numbers in an SVG's tick labels. */
const ticks = (svg: string): number[] => [...svg.matchAll(/>(-?\d+(?:\.\d+)?)<\/text>/g)].map((m) => Number(m[1]));

describe('a sweep under the omnigamearena profile', () => {
  it("tabulates, writes and plots the benchmark's raw score, named so", async () => {
    const spec = writeSpec(tmp.dir, 'bench.yaml', ['name: bench', 'games: [last_stand]', 'agents:', '  - { label: scripted, kind: scripted }', 'clocks: [pdq, lcrt]', 'latencies: [synthetic:300]', 'episodes: 2', 'match: { steps: 12, observationDelayMs: 0, profile: omnigamearena }', ''].join('\n'));
    const out = join(tmp.dir, 'sweep');
    const swept = await runArena(['sweep', spec, '--out', out, '--quiet']);
    expect(swept.code, swept.stderr).toBe(0);
    const report = await runArena(['report', out]);
    expect(report.code, report.stderr).toBe(0);
    const files = join(out, 'report');
    const json = JSON.parse(readFileSync(join(files, 'report.json'), 'utf8')) as { measure?: string; cells: { clock: string; meanProgress: number }[]; pdqLcrt: { pdq: number; lcrt: number }[] };
    expect(json.measure).toBe('benchmark');
    // Every episode's run kept the runner's score; the cells' means are those scores, far beyond [0, 1].
    const runs = readFileSync(join(files, 'cells.csv'), 'utf8').trim().split('\n');
    expect(runs[0]).toBe('agent,game,clock,latency,episodes,completed,mean_benchmark_score,ci95,wins,draws,losses,actions_per_episode,mean_charged_ms,stale_share');
    for (const c of json.cells) expect(c.meanProgress, c.clock).toBeGreaterThan(1);
    expect(json.pdqLcrt[0]!.pdq).toBeGreaterThan(1);
    expect(readFileSync(join(files, 'pdq-lcrt.csv'), 'utf8').split('\n')[0]).toBe('agent,game,lcrt_latency,pdq_benchmark_score,lcrt_benchmark_score,pdq_minus_lcrt,ci95,pooled_over');
    expect(report.stdout).toContain('Benchmark score (raw, unclamped; omnigamearena profile) per agent x game x clock');
    expect(report.stdout).toContain('PDQ minus LCRT mean benchmark score per agent x game x latency');
    expect(report.stdout).not.toContain('mean progress');
    // Both plots name the benchmark score on their score axis and reach past 1, where our progress axis stops.
    const top = Math.max(...json.cells.map((c) => c.meanProgress));
    for (const name of ['score-vs-latency', 'pdq-vs-lcrt']) {
      const svg = readFileSync(join(files, `${name}.svg`), 'utf8');
      expect(svg, name).toContain('mean benchmark score (raw, unclamped)');
      expect(svg, name).toContain('Mean benchmark score');
      expect(svg, name).not.toContain('progress (0..1)');
      expect(Math.max(...ticks(svg)), name).toBeGreaterThanOrEqual(top);
    }
  }, 120_000);
});

describe('arena report under the omnigamearena profile', () => {
  it("aggregates, compares and plots the benchmark's raw score of each run, named so", async () => {
    const pdq = await play('bench-runs', 'pdq');
    const lcrt = await play('bench-runs', 'lcrt');
    const raw = [pdq, lcrt].map((r) => r.benchmark!.scores[0]!);
    for (const [i, r] of [pdq, lcrt].entries()) {
      expect(raw[i]).toBeGreaterThan(1);
      expect(r.players[0]!.progress).toBeLessThanOrEqual(1);
    }
    const dir = join(tmp.dir, 'bench-runs');
    const plots = join(tmp.dir, 'bench-plots');
    const r = await runArena(['report', dir, '--json', '--plot', plots]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { groups: { agents: { meanProgress: number; meanBenchmark?: number }[] }[]; comparisons: { factor: string; verdict: string; measure?: string; meanA?: number; meanB?: number }[] };
    // Each group's mean is its run's benchmark score, not its progress.
    expect(out.groups.map((g) => g.agents[0]!.meanBenchmark)).toEqual(raw);
    expect(out.groups.map((g) => g.agents[0]!.meanProgress)).toEqual([pdq, lcrt].map((x) => x.players[0]!.progress));
    const clock = out.comparisons.find((c) => c.factor === 'clock')!;
    expect(clock).toMatchObject({ verdict: 'clean', measure: 'benchmark', meanA: raw[0], meanB: raw[1] });
    const text = await runArena(['report', dir]);
    expect(text.stdout).toMatch(/slot 0 scripted: progress \d\.\d{3}, benchmark score \d+\.\d{3} \(raw, unclamped\)/);
    expect(text.stdout).toContain(`benchmark score ${raw[0]!.toFixed(3)} (raw, unclamped)`);
    expect(text.stdout).toMatch(/charged \(s\) +acting \(s\) +mean benchmark score +stale\n/);
    expect(text.stdout).toContain('comparisons (mean benchmark score, raw and unclamped under the omnigamearena profile, a minus b, 95% interval):');
    // The run's plot: the lower panel is the benchmark score over game time, its axis past the final score.
    const svg = readFileSync(join(plots, `${pdq.runId}.svg`), 'utf8');
    expect(svg).toContain('Benchmark score over game time');
    expect(svg).toContain('benchmark score (raw, unclamped)');
    expect(svg).not.toContain('progress (0..1)');
    expect(Math.max(...ticks(svg.slice(svg.indexOf('Benchmark score over game time'))))).toBeGreaterThanOrEqual(raw[0]!);
  }, 120_000);

  it('never compares or pools a run under the profile with one under ours, even with --pool', async () => {
    await play('mixed', 'pdq', 'default');
    await play('mixed', 'lcrt', 'omnigamearena');
    const dir = join(tmp.dir, 'mixed');
    for (const pool of [[], ['--pool']]) {
      const r = await runArena(['report', dir, '--json', ...pool]);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { comparisons: { verdict: string; confounds: string[]; diff?: number }[]; pooled?: unknown; poolRefused?: string };
      expect(out.comparisons).toHaveLength(1);
      expect(out.comparisons[0]!.verdict, pool.join(' ')).toBe('refused');
      expect(out.comparisons[0]!.confounds).toContain('profile');
      expect(out.comparisons[0]!.diff).toBeUndefined();
      expect(out.pooled).toBeUndefined();
      if (pool.length > 0) expect(out.poolRefused).toContain('not pooled, even with --pool');
    }
    const text = await runArena(['report', dir, '--pool']);
    expect(text.stdout).not.toContain('POOLED');
    expect(text.stdout).toContain("read by the benchmark's raw score, and some under ours, read by progress: not pooled, even with --pool");
    expect(text.stdout).toMatch(/refused: 1 comparison\(s\)[^\n]*never across profiles, whose scores differ\):\n {2}scripted last_stand: pdq vs lcrt synthetic:0 \(clock\): the arms also differ in [^\n]*profile/);
  }, 120_000);
});

describe('arena match under the omnigamearena profile', () => {
  it("prints the run's benchmark score, raw, beside our progress, and keeps it in run.json", async () => {
    const runs = join(tmp.dir, 'match-runs');
    const r = await runArena(['match', '--game', 'last_stand', '--profile', 'omnigamearena', '--agent', 'scripted', '--steps', '12', '--obs-delay', '0', '--runs-dir', runs, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const dir = r.stdout.trim().split(' | ').at(-1)!;
    const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { result: { benchmark: { scores: number[] }; players: { progress: number }[] } };
    const raw = run.result.benchmark.scores[0]!;
    expect(raw).toBeGreaterThan(1);
    expect(r.stdout).toContain(`scripted (slot 0): progress ${run.result.players[0]!.progress.toFixed(3)}, 12 decisions | benchmark score ${raw.toFixed(3)} |`);
  }, 60_000);
});
