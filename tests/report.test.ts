/**
 * `arena report`: aggregates match values computed by hand on a fixture run; declared conditions round-trip
 * from a real run's run.json through the report; runs under different conditions are grouped apart and
 * pooled only with --pool; --plot writes SVG and PNG.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgent, createVlmAgent } from '../agents/index.js';
import { scriptedPolicies } from '../games/index.js';
import { runMatch } from '../gateway/index.js';
import { runArena } from './support/arena-process.js';
import { launchInProcess } from './support/in-process-game.js';
import { useRunsAndProvider } from './support/runs-and-provider.js';

const env = useRunsAndProvider();

const lines = (rows: object[]): string => rows.map((r) => `${JSON.stringify(r)}\n`).join('');

/** A hand-made run: one VLM slot, five decisions with known timings, usage and statuses. */
function fixtureRun(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const conditions = {
    clock: 'lcrt', observationDelayMs: 0, stepBudget: 5, timeLimitMs: 60000, decisionTimeoutMs: 180000,
    frame: { width: 640, height: 360, encoding: 'rgb', recordedEncoding: 'jpeg', jpegQuality: 85 }, feedback: true, profile: 'custom',
    gateway: { version: '0.1.0', commit: 'abc' }, agents: [{ slot: 0, kind: 'vlm', label: 'm', latency: 'ttfb', latencyMeaning: 'x', frameEncoding: 'rgb', privileged: false, settings: { temperature: 0 } }],
  };
  const run = { runId: 'fixture', game: 'last_stand', variant: 'origin', seed: 1, clock: 'lcrt', status: 'complete', frame: { width: 640, height: 360 }, agents: [{ slot: 0, kind: 'vlm', label: 'm', latency: 'ttfb' }], conditions, result: { reason: 'step_budget', simMs: 6000, players: [{ slot: 0, label: 'm', progress: 0.4, score: 2, outcome: 'none', decisions: 5, invalid: 1, failed: 1 }] } };
  const frameIntegrity = { thresholds: { nearLevels: 2, lateMs: 250 }, totals: { observations: 3, verdicts: { fresh: 1, duplicate: 1, still: 1 }, retried: 0, staleShare: 1 / 3 }, slots: {} };
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ ...run, frameIntegrity }));
  const d = (step: number, status: string, wallMs: number, ttftMs: number | undefined, extra: object = {}): object => ({
    slot: 0, agent: 'm', step, observedAtMs: step * 1000, status, inputs: [], chargedMs: 0,
    timings: { wallMs, ...(ttftMs === undefined ? {} : { ttftMs }) },
    usage: { tokensIn: 100 + step, tokensOut: 10 * step, images: 1, bytesSent: 1000 }, ...extra,
  });
  writeFileSync(join(dir, 'decisions.jsonl'), lines([
    d(0, 'valid', 400, 100, { integrity: { verdict: 'fresh', ageMs: 0 } }), d(1, 'valid', 800, 300, { integrity: { verdict: 'duplicate', distance: 0, ageMs: 0 } }),
    d(2, 'invalid', 600, 200, { invalidReason: 'no_action', integrity: { verdict: 'still', distance: 0, ageMs: 0 } }),
    d(3, 'failed', 1200, undefined, { error: { code: 'PROVIDER_TIMEOUT', message: 't' }, usage: undefined }), d(4, 'valid', 1000, 400),
  ]));
  writeFileSync(join(dir, 'ledger.jsonl'), lines([0, 1, 2, 3, 4].map((i) => ({ kind: 'placement', slot: 0, step: i, observedAtMs: i * 1000, chargedMs: 100 * (i + 1), chunkStartMs: i * 1000 + 100 * (i + 1), chunkEndMs: i * 1000 + 100 * (i + 1) + 720, nextObservationMs: 0 }))));
  writeFileSync(join(dir, 'events.jsonl'), '');
  writeFileSync(join(dir, 'progress.jsonl'), lines([{ simMs: 3000, players: [{ slot: 0, progress: 0.2, score: 1 }] }, { simMs: 6000, players: [{ slot: 0, progress: 0.4, score: 2 }] }]));
}

describe('arena report', () => {
  it('computes per-agent aggregates as computed by hand', async () => {
    const dir = join(env.runs.dir, 'fixture');
    fixtureRun(dir);
    const r = await runArena(['report', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { groups: { agents: Record<string, unknown>[] }[] };
    expect(out.groups).toHaveLength(1);
    // ttft 100, 300, 200, 400 -> p50 250, p95 at rank 2.85 = 300 + 0.85 * 100; wall 400, 800, 600, 1200, 1000 -> p50 800, p95 1000 + 0.8 * 200.
    expect(out.groups[0]!.agents[0]).toEqual({
      agent: 'm', runs: 1, decisions: 5,
      ttftMs: { p50: 250, p95: 385, n: 4 },
      latencyMs: { p50: 800, p95: 1160, n: 5 },
      tokensIn: 100 + 101 + 102 + 104, tokensOut: 0 + 10 + 20 + 40, images: 4, bytesSent: 4000,
      invalidRate: 0.2, timeoutRate: 0.2, completionRate: 1,
      thinkingMs: 1500, actingMs: 3600, meanProgress: 0.4,
      // One stale (duplicate) frame among the three decisions that carry a verdict; the other two have none.
      staleRate: 1 / 3,
    });
    const table = await runArena(['report', dir]);
    expect(table.stdout).toContain('frames: 33.3% stale of 3 observed (fresh 1, duplicate 1, still 1)');
    expect(table.stdout).toMatch(/agent +runs +decisions +TTFT p50 \/ p95 \(ms\) +latency p50 \/ p95 \(ms\) +tokens in \/ out +images +bytes sent +invalid +timeout +complete +charged \(s\) +acting \(s\) +mean progress +stale\n/);
    expect(table.stdout).toMatch(/m +1 +5 +250 \/ 385 +800 \/ 1160 +407 \/ 70 +4 +4000 +20\.0% +20\.0% +100\.0% +1\.5 +3\.6 +0\.400 +33\.3%/);
  });

  it('round-trips a real run\'s declared conditions and keeps differing conditions apart unless --pool', async () => {
    const dirs: string[] = [];
    for (const temperature of [0, 0.7]) {
      const agent = createVlmAgent({ baseUrl: env.provider.url, model: 'fake-vlm', maxSide: 320, temperature, historyLength: 2, skill: 'Stay near the middle.' });
      const result = await runMatch({ game: 'last_stand', runsDir: env.runs.dir, clock: 'lcrt', stepBudget: 2, launch: launchInProcess, slots: [{ slot: 0, agent, label: 'vlm', latency: { kind: 'synthetic', ms: 300, jitterMs: 0, seed: 0 } }] });
      expect(result.status, result.error?.message).toBe('complete');
      dirs.push(result.dir);
    }
    const stored = JSON.parse(readFileSync(join(dirs[0]!, 'run.json'), 'utf8')) as { conditions: { agents: { settings: Record<string, unknown> }[]; build: unknown; profile: string; gateway: { commit: string } } };
    expect(stored.conditions).toMatchObject({ clock: 'lcrt', stepBudget: 2, profile: 'default', frame: { width: 640, height: 360, encoding: 'rgb' }, build: { game: 'last_stand' } });
    expect(stored.conditions.gateway.commit).toMatch(/^[0-9a-f]{40}|unknown/);
    expect(stored.conditions.agents[0]!).toMatchObject({ latency: 'synthetic:300', settings: { route: { baseUrl: env.provider.url, model: 'fake-vlm' }, history: { length: 2, images: true }, image: { maxSide: 320, jpegQuality: 85 }, temperature: 0, feedback: false } });
    expect((stored.conditions.agents[0]!.settings.skill as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/);

    const r = await runArena(['report', ...dirs, '--json']);
    const out = JSON.parse(r.stdout) as { groups: { conditions: unknown; runs: string[] }[]; differing: string[]; pooled?: unknown };
    expect(out.groups).toHaveLength(2);
    expect(out.groups[0]!.conditions).toEqual(stored.conditions);
    expect(out.differing).toEqual(['conditions.agents.0.settings.temperature']);
    expect(out.pooled).toBeUndefined();
    const text = await runArena(['report', ...dirs]);
    expect(text.stdout).toMatch(/2 condition groups, not pooled: they differ in slot 0 agent \(settings temperature\) \(--pool/);
    // The keys stay in --json; the text says them in words.
    expect(text.stdout).not.toContain('conditions.agents');
    const pooled = await runArena(['report', ...dirs, '--pool', '--json']);
    expect((JSON.parse(pooled.stdout) as { pooled: { agents: { runs: number }[] } }).pooled.agents[0]!.runs).toBe(2);
  });

  it('compares pdq with lcrt only where the declared conditions differ in the clock alone, and names what else differs', async () => {
    const play = async (clock: 'pdq' | 'lcrt', over: { observationDelayMs?: number } = {}): Promise<void> => {
      const agent = createAgent('scripted', { scripted: scriptedPolicies, game: 'last_stand', seed: 1 });
      const result = await runMatch({ game: 'last_stand', runsDir: join(env.runs.dir, 'clocks'), clock, stepBudget: 4, seed: 3, launch: launchInProcess, ...over, slots: [{ slot: 0, agent, latency: { kind: 'synthetic', ms: 0, jitterMs: 0, seed: 0 } }] });
      expect(result.status, result.error?.message).toBe('complete');
    };
    await play('pdq');
    await play('lcrt');
    await play('lcrt', { observationDelayMs: 0 });
    const r = await runArena(['report', join(env.runs.dir, 'clocks'), '--json']);
    const out = JSON.parse(r.stdout) as { comparisons: { verdict: string; a: string; b: string; diff?: number; confounds: string[] }[] };
    const clean = out.comparisons.filter((c) => c.verdict === 'clean');
    expect(clean).toHaveLength(1);
    // lcrt at 0 ms is pdq, so the difference is exactly 0.
    expect(clean[0]).toMatchObject({ a: 'pdq', b: 'lcrt synthetic:0', diff: 0 });
    const refused = out.comparisons.filter((c) => c.verdict === 'refused');
    expect(refused.map((c) => c.confounds)).toEqual([['observationDelayMs']]);
    expect(refused[0]!.diff).toBeUndefined();
    const text = await runArena(['report', join(env.runs.dir, 'clocks')]);
    expect(text.stdout).toMatch(/refused: 1 comparison\(s\)[^\n]*\n {2}scripted last_stand: pdq vs lcrt synthetic:0 \(clock\): the arms also differ in observation delay$/m);
    const pooled = await runArena(['report', join(env.runs.dir, 'clocks'), '--pool', '--json']);
    expect((JSON.parse(pooled.stdout) as { comparisons: { verdict: string }[] }).comparisons.map((c) => c.verdict).sort()).toEqual(['clean', 'pooled']);
  });

  it('compares model against model in a seat only where the conditions differ in the agent alone', async () => {
    const play = async (kind: string, stepBudget: number): Promise<void> => {
      const agent = createAgent(kind, { scripted: scriptedPolicies, game: 'last_stand', seed: 1 });
      const result = await runMatch({ game: 'last_stand', runsDir: join(env.runs.dir, 'models'), clock: 'pdq', stepBudget, seed: 3, launch: launchInProcess, slots: [{ slot: 0, agent, label: kind }] });
      expect(result.status, result.error?.message).toBe('complete');
    };
    await play('scripted', 3);
    await play('idle', 3);
    await play('random', 4);
    const r = await runArena(['report', join(env.runs.dir, 'models'), '--json']);
    const out = JSON.parse(r.stdout) as { comparisons: { factor: string; verdict: string; a: string; b: string; confounds: string[] }[] };
    const models = out.comparisons.filter((c) => c.factor === 'agent');
    // Runs are read in folder order, so a pair may come either way round.
    const pairs = models.map((c) => [[c.a, c.b].sort().join(' vs '), c.verdict, c.confounds.join(',')].join(' | ')).sort();
    expect(pairs).toEqual(['idle vs random | refused | stepBudget', 'idle vs scripted | clean | ', 'random vs scripted | refused | stepBudget']);
  });

  it('plots latency and progress as SVG and PNG', async () => {
    const dir = join(env.runs.dir, 'fixture-plot');
    fixtureRun(dir);
    const out = join(env.runs.dir, 'plots');
    const r = await runArena(['report', dir, '--plot', out]);
    expect(r.code, r.stderr).toBe(0);
    const svg = readFileSync(join(out, 'fixture.svg'), 'utf8');
    expect(svg).toContain('Decision latency');
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(existsSync(join(out, 'fixture.png'))).toBe(true);
  });

  it('names a decisions line that breaks the schema with BAD_RECORD, and bad replay usage with BAD_CONFIG', async () => {
    const dir = join(env.runs.dir, 'bad-line');
    fixtureRun(dir);
    const path = join(dir, 'decisions.jsonl');
    const text = readFileSync(path, 'utf8').split('\n');
    text[1] = JSON.stringify({ slot: 0, step: 'one', observedAtMs: 0, status: 'valid' });
    writeFileSync(path, text.join('\n'));
    const r = await runArena(['report', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/BAD_RECORD: .*decisions\.jsonl line 2: step/);
    const replay = await runArena(['replay', dir]);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toMatch(/BAD_CONFIG: usage: arena replay RUN_DIR --verify/);
  });

  it('names a run.json that breaks the schema with BAD_RECORD', async () => {
    const dir = join(env.runs.dir, 'broken');
    fixtureRun(dir);
    writeFileSync(join(dir, 'run.json'), JSON.stringify({ runId: 'broken', game: 'last_stand' }));
    const r = await runArena(['report', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/BAD_RECORD: .*run\.json: variant/);
  });
});
