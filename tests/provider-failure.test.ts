/**
 * A provider that dies mid-episode: under the default the first decision whose attempts all failed ends the
 * episode with PROVIDER_ERROR as infrastructure (run.json closed with the failure), and a match, a sweep episode,
 * a tournament match and a curve round each replay it like any infrastructure failure. Playing on with no-ops is
 * a declared condition that a report will not pool with runs that end. A failed decision's `retries` is its
 * attempts minus one, and the ledger spells a synthetic source as the decisions do.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVlmAgent } from '../agents/index.js';
import { compareArms, runMatch, type MatchSpec } from '../gateway/index.js';
import { ArenaError, ErrorCode, type AgentStart } from '../protocol/index.js';
import { readCurveState } from '../reflection/index.js';
import { sweepCommand } from '../scripts/commands/sweep.js';
import { tournamentCommand } from '../scripts/commands/tournament.js';
import { ResultsStore } from '../sweeps/index.js';
import { fastSettings, runTestCurve } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { readRun } from './support/run-dir.js';

let model: FakeProvider;
let tmp: string;
beforeEach(async () => {
  model = await startFakeProvider();
  tmp = mkdtempSync(join(tmpdir(), 'arena-provider-failure-'));
});
afterEach(async () => {
  await model.close();
  rmSync(tmp, { recursive: true, force: true });
});

const vlm = (extra: Record<string, unknown> = {}): ReturnType<typeof createVlmAgent> => createVlmAgent({ baseUrl: model.url, model: 'fake-vlm', maxSide: 160, retryBaseMs: 1, retries: 1, apiKeyEnv: 'ARENA_TEST_NO_KEY', ...extra });
const spec = (over: Partial<MatchSpec>): MatchSpec => ({ game: 'last_stand', runsDir: tmp, clock: 'pdq', stepBudget: 6, observationDelayMs: 0, slots: [{ slot: 0, agent: vlm() }], ...over });
type DecisionLine = { status: string; step: number; error?: { code: string }; timings: { retries?: number; retryMs?: number; wallMs: number }; latencySource?: string };

/** Runs `fn` with stdout and stderr captured. */
async function captured(fn: () => Promise<number>): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const outSpy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const errSpy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    return { code: await fn(), stderr };
  } finally {
    outSpy.mockRestore();
    errSpy.mockRestore();
  }
}

describe('a match whose provider dies', () => {
  it('ends at the first decision whose attempts all failed, with PROVIDER_ERROR as infrastructure in run.json', async () => {
    model.killAfter(3);
    const result = await runMatch(spec({}));
    expect(result.status).toBe('incomplete');
    expect(result.error).toMatchObject({ code: ErrorCode.PROVIDER_ERROR, class: 'infrastructure' });
    const run = readRun(result.dir);
    expect(run.meta).toMatchObject({ status: 'incomplete', failure: { code: ErrorCode.PROVIDER_ERROR, class: 'infrastructure' }, result: { reason: ErrorCode.PROVIDER_ERROR } });
    const decisions = run.decisions as DecisionLine[];
    expect(decisions.map((d) => d.status)).toEqual(['valid', 'valid', 'valid', 'failed']);
    // Two attempts (one retry), both refused: retries is the attempts made again, not the attempts.
    expect(decisions[3]!.timings.retries).toBe(1);
    expect(run.ledger.filter((l) => l.kind === 'agent_failure')).toMatchObject([{ code: ErrorCode.PROVIDER_ERROR, policy: 'end' }]);
  });

  it('ends a realtime match the same way, recording the failed decision', async () => {
    model.killAfter(2);
    const result = await runMatch(spec({ clock: 'realtime', realtime: { timeScale: 4 } }));
    expect(result.error).toMatchObject({ code: ErrorCode.PROVIDER_ERROR, class: 'infrastructure' });
    expect((readRun(result.dir).decisions as DecisionLine[]).at(-1)).toMatchObject({ status: 'failed', error: { code: ErrorCode.PROVIDER_ERROR } });
  });

  it('plays on as no-ops when declared, names it in the conditions, and a comparison with a run that ended refuses it', async () => {
    model.killAfter(5);
    const noop = await runMatch(spec({ onDecisionError: 'noop' }));
    expect(noop.status).toBe('complete');
    expect(noop.players[0]).toMatchObject({ decisions: 6, failed: 1 });
    await model.revive();
    const ended = await runMatch(spec({}));
    const [a, b] = [readRun(noop.dir).meta.conditions, readRun(ended.dir).meta.conditions];
    expect(a).toMatchObject({ onDecisionError: 'noop' });
    expect(b).not.toHaveProperty('onDecisionError');
    expect(compareArms([a], [b], 'agent', true)).toMatchObject({ verdict: 'pooled', confounds: ['onDecisionError'] });
    expect(compareArms([a], [b], 'agent')).toMatchObject({ verdict: 'refused', confounds: ['onDecisionError'] });
  });

  it('records no retry and no retry time for a 400 that is never retried', async () => {
    model.script({}, { status: 400 });
    const result = await runMatch(spec({}));
    const failed = (readRun(result.dir).decisions as DecisionLine[]).find((d) => d.status === 'failed')!;
    expect(failed.timings).toMatchObject({ retries: 0, retryMs: 0 });
    expect(result.error?.code).toBe(ErrorCode.PROVIDER_ERROR);
  });

  it('spells a synthetic latency source in the ledger as the decisions do', async () => {
    const result = await runMatch(spec({ clock: 'lcrt', stepBudget: 2, slots: [{ slot: 0, agent: vlm(), latency: { kind: 'synthetic', ms: 300, jitterMs: 0, seed: 1 } }] }));
    const run = readRun(result.dir);
    expect(run.ledger.filter((l) => l.kind === 'placement').map((l) => l['latencySource'])).toEqual(['synthetic:300', 'synthetic:300']);
    expect((run.decisions as DecisionLine[]).map((d) => d.latencySource)).toEqual(['synthetic:300', 'synthetic:300']);
  });
});

describe('batches replay an episode whose provider died', () => {
  it('stores a sweep episode as an infrastructure failure and plays it again with --retry-failed', async () => {
    model.killAfter(2);
    const file = join(tmp, 'sweep.yaml');
    writeFileSync(
      file,
      [
        'name: killed',
        'games: [{ game: last_stand }]',
        'agents:',
        `  - { label: model, kind: vlm, vlm: { baseUrl: "${model.url}", model: fake-vlm, apiKeyEnv: ARENA_TEST_NO_KEY, retries: 0, maxSide: 160 } }`,
        'clocks: [pdq]',
        'episodes: 1',
        'match: { steps: 4, timeLimitMs: 20000, observationDelayMs: 0 }',
        '',
      ].join('\n'),
    );
    const out = join(tmp, 'out');
    await captured(() => sweepCommand([file, '--out', out, '--quiet']));
    const stored = (): unknown[] => {
      const store = new ResultsStore(join(out, 'results.sqlite'));
      try {
        return store.all().map((r) => r.outcome);
      } finally {
        store.close();
      }
    };
    expect(stored()).toMatchObject([{ status: 'failed', failure: { code: ErrorCode.PROVIDER_ERROR, class: 'infrastructure' } }]);
    await model.revive();
    const retry = await captured(() => sweepCommand([file, '--out', out, '--quiet', '--retry-failed']));
    expect(retry.code, retry.stderr).toBe(0);
    expect(stored()).toMatchObject([{ status: 'complete' }]);
  }, 60_000);

  it('leaves a tournament match incomplete as infrastructure, and a rerun plays it', async () => {
    model.killAfter(2);
    const config = join(tmp, 'model.json');
    writeFileSync(config, JSON.stringify({ baseUrl: model.url, model: 'fake-vlm', apiKeyEnv: 'ARENA_TEST_NO_KEY', retries: 0, maxSide: 160 }));
    const args = ['--game', 'sky_duel', '--agents', `model=vlm@${config},scripted`, '--episodes', '1', '--steps', '3', '--parallel', '1', '--out', join(tmp, 't'), '--runs-dir', join(tmp, 'truns'), '--quiet'];
    const first = await captured(() => tournamentCommand(args));
    expect(first.code).toBe(1);
    expect(first.stderr).toContain(`INCOMPLETE ${ErrorCode.PROVIDER_ERROR} (infrastructure)`);
    const results = join(tmp, 't', 'results.jsonl');
    const recorded = (): number => (existsSync(results) ? readFileSync(results, 'utf8').split('\n').filter((l) => l.length > 0).length : 0);
    expect(recorded()).toBeLessThan(2);
    await model.revive();
    const rerun = await captured(() => tournamentCommand(args));
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(recorded()).toBe(2);
  }, 60_000);

  it('replays a curve round episode whose provider died, and scores only the replay', async () => {
    const reflector = await startFakeProvider();
    try {
      model.killAfter(2);
      const attempts: number[] = [];
      const makePlayer = (_skill: string, ctx: { episode: number }) => {
        attempts.push(ctx.episode);
        const agent = vlm({ retries: 0 });
        // The replay finds the provider back up.
        return attempts.length === 1 ? agent : { ...agent, start: async (info: AgentStart) => (await model.revive().catch(() => undefined), agent.start(info)) };
      };
      const dir = join(tmp, 'curve');
      const state = await runTestCurve(dir, reflector, fastSettings({ rounds: 0, episodes: 1, episodeRetries: 1, match: { stepBudget: 4, observationDelayMs: 0, timeLimitMs: 60_000 } }), { makePlayer });
      expect(attempts).toEqual([0, 0]);
      expect(state.rounds[0]!.episodes).toMatchObject([{ episode: 0, failed: 0, decisions: 4, attempts: 2 }]);
      expect(readCurveState(join(dir, 'curve.json'))?.status).toBe('complete');
    } finally {
      await reflector.close();
    }
  }, 60_000);

  it('stops a curve with PROVIDER_ERROR when the provider stays down past the retries', async () => {
    const reflector = await startFakeProvider();
    try {
      model.killAfter(1);
      const err = await runTestCurve(join(tmp, 'down'), reflector, fastSettings({ rounds: 0, episodes: 1, episodeRetries: 1, match: { stepBudget: 4, observationDelayMs: 0, timeLimitMs: 60_000 } }), { makePlayer: () => vlm({ retries: 0 }) }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ArenaError);
      expect((err as ArenaError).code).toBe(ErrorCode.PROVIDER_ERROR);
    } finally {
      await reflector.close();
    }
  }, 60_000);
});
