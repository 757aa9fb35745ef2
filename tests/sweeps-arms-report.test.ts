/**
 * A sweep spec with fairness arms (pdq, matched, lcrt) on sky_duel, played by `arena sweep` and reported by
 * `arena report`: the report's speed-or-skill table, decomposition.csv, report.json's rows and the interval plot,
 * each component the difference of the cells table's arm means, over the episodes played.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SweepTables } from '../sweeps/index.js';
import { runArena } from './support/arena-process.js';
import { writeSpec } from './support/sweep-fixtures.js';

const SPEC = [
  'name: arms',
  'games: [sky_duel]',
  'agents:',
  '  - { label: scripted, kind: scripted }',
  '  - { label: random, kind: random }',
  'fairness: [pdq, matched, lcrt]',
  'latencies: [synthetic:600]',
  'episodes: 2',
  'match: { timeLimitMs: 8000, observationDelayMs: 0 }',
  '',
].join('\n');

describe('a sweep with fairness arms, reported', () => {
  let tmp: string;
  let out: string;
  let report: { code: number | null; stdout: string; stderr: string };
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'arena-sweep-arms-'));
    out = join(tmp, 'out');
    const played = await runArena(['sweep', writeSpec(tmp, 'arms.yaml', SPEC), '--out', out, '--quiet', '--parallel', '2']);
    expect(played.code, played.stderr).toBe(0);
    report = await runArena(['report', out]);
  }, 240_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('takes each agent\'s mean progress apart into skill, cost of reacting and speed advantage, with intervals', () => {
    expect(report.code, report.stderr).toBe(0);
    const tables = JSON.parse(readFileSync(join(out, 'report', 'report.json'), 'utf8')) as SweepTables;
    expect(tables.arms.map((r) => r.agent)).toEqual(['random', 'scripted']);
    const cell = (agent: string, clock: string): number => tables.cells.find((c) => c.agent === agent && c.clock === clock)!.meanProgress;
    for (const r of tables.arms) {
      expect(r).toMatchObject({ game: 'sky_duel', latency: 'synthetic:600', matchedArm: 'matched', episodes: 2, seats: 4 });
      // Every arm's mean is the cells table's, and the components are their differences.
      expect(r.pdq).toBeCloseTo(cell(r.agent, 'pdq'), 3);
      expect(r.matched).toBeCloseTo(cell(r.agent, 'matched'), 3);
      expect(r.lcrt).toBeCloseTo(cell(r.agent, 'lcrt'), 3);
      expect(r.skill.value).toBeCloseTo(r.pdq, 3);
      expect(r.reacting.value).toBeCloseTo(r.matched - r.pdq, 3);
      expect(r.speed.value).toBeCloseTo(r.lcrt - r.matched, 3);
      for (const e of [r.skill, r.reacting, r.speed]) {
        expect(e.lo).toBeLessThanOrEqual(e.value + 1e-9);
        expect(e.hi).toBeGreaterThanOrEqual(e.value - 1e-9);
      }
    }
    // The table a reader reads in the terminal, and its CSV.
    expect(report.stdout).toContain('Speed or skill: mean progress under each fairness arm, taken apart');
    expect(report.stdout).toMatch(/speed advantage \(lcrt - matched\) \(95% interval\)/);
    const s = tables.arms.find((r) => r.agent === 'scripted')!;
    expect(report.stdout).toContain(`${s.speed.value.toFixed(3)} (${s.speed.lo.toFixed(3)} to ${s.speed.hi.toFixed(3)})`);
    const csv = readFileSync(join(out, 'report', 'decomposition.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('agent,game,latency,matched_arm,episodes,seats,pdq_progress,matched_progress,lcrt_progress,skill,skill_ci_low,skill_ci_high,reacting,reacting_ci_low,reacting_ci_high,speed,speed_ci_low,speed_ci_high');
    expect(csv).toHaveLength(3);
    const svg = readFileSync(join(out, 'report', 'decomposition.svg'), 'utf8');
    expect(svg).toContain('speed or skill: mean progress components, 95% bootstrap intervals');
    expect(svg).toContain('n = 2 episodes under every arm');
    expect(existsSync(join(out, 'report', 'decomposition.png'))).toBe(true);
  });
});
