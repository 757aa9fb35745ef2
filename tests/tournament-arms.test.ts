/**
 * `arena tournament --arms pdq,matched,lcrt` on sky_duel with a fast and a slow copy of the scripted policy
 * (synthetic latencies of 100 and 1,500 ms): every pairing under each arm on the same seeds and one
 * observation delay, and a decomposition that finds no skill difference and the speed advantage put in,
 * the claim of docs/pvp-fairness.md on fewer episodes. Bad arm flags are refused before anything runs.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../protocol/index.js';
import { readJsonl } from '../gateway/index.js';
import { tournamentCommand } from '../scripts/commands/tournament.js';

const dir = mkdtempSync(join(tmpdir(), 'arena-arms-'));
const out = join(dir, 'out');
const AGENTS = ['--game', 'sky_duel', '--agents', 'fast=scripted,slow=scripted', '--latency', 'fast=synthetic:100,slow=synthetic:1500'];
const ARGS = [...AGENTS, '--arms', 'pdq,matched,lcrt', '--episodes', '2', '--time-limit', '20', '--parallel', '2', '--bootstrap-samples', '200', '--out', out, '--quiet'];

async function tournament(args: readonly string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const outSpy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const errSpy = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return { code: await tournamentCommand([...args]), stdout };
  } finally {
    outSpy.mockRestore();
    errSpy.mockRestore();
  }
}

interface Est {
  value: number;
  lo: number;
  hi: number;
}
interface DecompositionJson {
  bootstrap: { episodes: number; samples: number };
  agents: { agent: string; arms: Record<string, Est>; components: Record<string, Est> }[];
  pairs: { a: string; b: string; components: Record<string, Est> }[];
}

const records = (arm: string): { key: string; seed: number; runId: string; dir: string }[] => readJsonl(join(out, arm, 'results.jsonl')) as never;
const runJson = (runDir: string): { fairness?: string; conditions: { clock: string; observationDelayMs: number; fairness?: { arm: string } } } => JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8')) as never;

describe('arena tournament --arms', () => {
  let first: Awaited<ReturnType<typeof tournament>>;

  beforeAll(async () => {
    first = await tournament(ARGS);
  }, 240_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('plays every pairing under each arm on the same seeds', () => {
    expect(first.code).toBe(0);
    const keys = (arm: string): string[] => records(arm).map((r) => r.key).sort();
    expect(keys('pdq')).toEqual(['fast vs slow#0#1', 'fast vs slow#1#2', 'slow vs fast#0#1', 'slow vs fast#1#2']);
    expect(keys('matched')).toEqual(keys('pdq'));
    expect(keys('lcrt')).toEqual(keys('pdq'));
  });

  it('declares each arm in its runs and gives every arm the same observation delay', () => {
    const runs = ['pdq', 'matched', 'lcrt'].map((arm) => runJson(records(arm)[0]!.dir));
    expect(runs.map((r) => r.conditions.clock)).toEqual(['pdq', 'lcrt', 'lcrt']);
    expect(runs.map((r) => r.conditions.fairness?.arm)).toEqual([undefined, 'matched', undefined]);
    expect(runs[1]!.fairness).toBe('matched');
    expect(new Set(runs.map((r) => r.conditions.observationDelayMs)).size).toBe(1);
  });

  it('charges both sides of a matched match the slower one\'s latency every round', () => {
    const ledger = readJsonl<Record<string, unknown>>(join(records('matched')[0]!.dir, 'ledger.jsonl')).filter((l) => l.kind === 'placement');
    expect(ledger.length).toBeGreaterThan(4);
    for (const p of ledger) expect(p.chargedMs).toBe(1500);
    expect(new Set(ledger.map((p) => p.measuredMs))).toEqual(new Set([100, 1500]));
  });

  it('finds no skill difference and a speed advantage for the fast copy whose interval excludes 0', () => {
    const d = JSON.parse(readFileSync(join(out, 'decomposition.json'), 'utf8')) as DecompositionJson;
    expect(d.bootstrap).toMatchObject({ episodes: 2, samples: 200 });
    const pair = d.pairs.find((p) => p.a === 'fast' && p.b === 'slow')!;
    expect(pair.components.skill!.lo).toBeLessThanOrEqual(0);
    expect(pair.components.skill!.hi).toBeGreaterThanOrEqual(0);
    expect(pair.components.speed!.value).toBeGreaterThan(0);
    expect(pair.components.speed!.lo).toBeGreaterThan(0);
    const fast = d.agents.find((a) => a.agent === 'fast')!;
    expect(fast.components.speed!.value).toBeCloseTo(fast.arms.lcrt!.value - fast.arms.matched!.value, 9);
    expect(fast.components.reacting!.value).toBeCloseTo(fast.arms.matched!.value - fast.arms.pdq!.value, 9);
    expect(first.stdout).toMatch(/^fast - slow\s+/m);
    expect(existsSync(join(out, 'decomposition.png'))).toBe(true);
    expect(readFileSync(join(out, 'decomposition.svg'), 'utf8')).toMatch(/speed advantage \(lcrt - matched\)/);
  });

  it('resumes without playing again and reproduces the decomposition', async () => {
    const before = readFileSync(join(out, 'decomposition.json'), 'utf8');
    const runsBefore = readdirSync(join(out, 'runs')).length;
    const again = await tournament(ARGS);
    expect(again.code).toBe(0);
    expect(readdirSync(join(out, 'runs')).length).toBe(runsBefore);
    expect(readFileSync(join(out, 'decomposition.json'), 'utf8')).toBe(before);
  }, 120_000);

  it.each([
    [['--arms', 'pdq,lcrt', '--clock', 'lcrt']],
    [['--arms', 'pdq,warp']],
    [['--arms', 'matched,matched:mean']],
    [['--arms', 'pdq,handicap']],
    [['--arms', 'pdq,lcrt', '--fairness', 'lcrt']],
    [['--arms', 'pdq,lcrt', '--latency', 'quick=synthetic:100']],
    [['--fairness', 'lcrt', '--handicap', 'fast=x2']],
    [['--fairness', 'handicap', '--handicap', 'fast=2x']],
  ])('refuses %j with BAD_CONFIG before playing', async (extra) => {
    const bad = join(dir, 'bad');
    await expect(tournament([...AGENTS, '--episodes', '1', '--out', bad, '--quiet', ...extra])).rejects.toMatchObject({ code: ErrorCode.BAD_CONFIG });
    expect(existsSync(bad)).toBe(false);
  });

  it('refuses arms on a solo game', async () => {
    await expect(tournament(['--game', 'last_stand', '--agents', 'scripted', '--episodes', '1', '--arms', 'pdq,lcrt', '--out', join(dir, 'solo'), '--quiet'])).rejects.toMatchObject({ code: ErrorCode.BAD_CONFIG });
  });
});
