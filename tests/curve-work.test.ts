/**
 * A curve's episodes through the work layer: `arena curve --parallel 2` (embedded backend) and `--redis` with a
 * real worker process give the same curve as a sequential run (scores, rounds, skills, held-out transfer), and a
 * coordinator killed while a worker plays resumes without replaying what the worker finished.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCurveState, type CurveState } from '../reflection/index.js';
import { runArena, startArena, type ArenaProcess } from './support/arena-process.js';
import { submit } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { freePort, redisMissing, startRedis, type TestRedis } from './support/redis-server.js';
import { tempRunsDir } from './support/run-dir.js';
import { startWorkers, stopAll, waitForLine } from './support/sweep-fixtures.js';

const SKILL = 'Keep to the middle of the platform and watch the tiles around you.';
const EPISODES = 3;
/** Round 0 and round 1, then the best and the empty arm on one held-out variant. */
const TOTAL = 2 * EPISODES + 2 * EPISODES;

let tmp: { dir: string; cleanup: () => void };
const fakes: FakeProvider[] = [];

/** A reflector that submits SKILL once (the curve has one reflection). */
async function reflector(): Promise<FakeProvider> {
  const fake = await startFakeProvider();
  fakes.push(fake);
  fake.script(submit(SKILL));
  return fake;
}

/** `arena curve` with a random player (seeded per episode, so episodes score differently), short episodes. */
async function curveArgs(out: string, extra: readonly string[] = []): Promise<string[]> {
  const fake = await reflector();
  return [
    'curve', '--game', 'last_stand', '--agent', 'random', '--reflector-model', 'fake-reflector', '--reflector-base-url', fake.url,
    '--rounds', '1', '--episodes', String(EPISODES), '--held-out', 'ring', '--time-limit', '30', '--steps', '20', '--obs-delay', '0',
    '--out', out, '--id', 'c', '--quiet', ...extra,
  ];
}

/** What must not depend on how the episodes were spread: every round, episode, skill, rollback and the transfer. */
const view = (s: CurveState) => ({
  rounds: s.rounds.map((r) => ({ round: r.round, skill: r.skill, source: r.source, mean: r.mean, rollback: r.rollback, episodes: r.episodes.map((e) => ({ episode: e.episode, seed: e.seed, score: e.score, reason: e.reason, decisions: e.decisions, dir: e.dir })) })),
  best: s.best,
  stop: s.stop,
  status: s.status,
  transfer: s.transfer?.variants.map((v) => ({ variant: v.variant, gain: v.gain, best: v.best.episodes.map((e) => [e.episode, e.score]), empty: v.empty.episodes.map((e) => [e.episode, e.score]) })),
});

const stateOf = (out: string): CurveState => readCurveState(join(out, 'c', 'curve.json'))!;
const starts = (stderr: string): number => stderr.split('\n').filter((l) => / \(attempt \d+\) starts$/.test(l)).length;

beforeAll(() => {
  tmp = tempRunsDir();
});

afterAll(async () => {
  for (const f of fakes.splice(0)) await f.close();
  tmp.cleanup();
});

describe('arena curve through the work layer', () => {
  let reference: CurveState;

  beforeAll(async () => {
    const out = join(tmp.dir, 'sequential');
    const done = await runArena(await curveArgs(out));
    expect(done.code, done.stderr).toBe(0);
    reference = stateOf(out);
  }, 180_000);

  it('the sequential reference has scores that differ between episodes and a held-out transfer', () => {
    expect(new Set(reference.rounds.flatMap((r) => r.episodes.map((e) => e.score))).size).toBeGreaterThan(1);
    expect(reference.rounds.map((r) => r.skill)).toEqual(['', SKILL]);
    expect(reference.transfer?.variants.map((v) => v.best.episodes.length + v.empty.episodes.length)).toEqual([2 * EPISODES]);
  });

  it('--parallel 2 on the embedded backend gives the same curve', async () => {
    const out = join(tmp.dir, 'parallel');
    const done = await runArena(await curveArgs(out, ['--parallel', '2']));
    expect(done.code, done.stderr).toBe(0);
    expect(view(stateOf(out))).toEqual(view(reference));
  }, 180_000);

  it('plays a realtime curve in this process, each episode a realtime match resolved from its configuration', async () => {
    const out = join(tmp.dir, 'realtime');
    const args = (await curveArgs(out, ['--clock', 'realtime'])).map((a, i, all) => (all[i - 1] === '--episodes' ? '1' : all[i - 1] === '--time-limit' ? '2' : a));
    const r = await runArena(args.filter((a, i, all) => a !== '--held-out' && all[i - 1] !== '--held-out'));
    expect(r.code, r.stderr).toBe(0);
    const state = stateOf(out);
    // A 2 s episode the random player survives is a success: the curve may stop after round 0.
    expect(state.status).toBe('complete');
    expect(state.rounds.length).toBeGreaterThanOrEqual(1);
    expect(state.rounds.every((round) => round.episodes.length === 1)).toBe(true);
    for (const round of state.rounds) {
      const run = JSON.parse(readFileSync(join(out, 'c', round.episodes[0]!.dir, 'run.json'), 'utf8')) as { clock: string; seed: number; status: string; agents: { label: string }[] };
      expect([run.clock, run.status, run.seed]).toEqual(['realtime', 'complete', round.episodes[0]!.seed]);
      expect(run.agents.map((a) => a.label)).toEqual(['player']);
    }
  }, 120_000);

  it('refuses --pool without --redis, --parallel 0 and a realtime curve on the work layer with BAD_CONFIG', async () => {
    const pool = await runArena(await curveArgs(join(tmp.dir, 'bad-pool'), ['--pool', 'gpu']));
    expect(pool.code).not.toBe(0);
    expect(pool.stderr).toContain('BAD_CONFIG');
    expect(pool.stderr).toContain('--pool names the worker pool of --redis');
    const none = await runArena(await curveArgs(join(tmp.dir, 'bad-parallel'), ['--parallel', '0']));
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('BAD_CONFIG: --parallel takes a whole number of at least 1 (got 0)');
    const realtime = await runArena(await curveArgs(join(tmp.dir, 'bad-clock'), ['--clock', 'realtime', '--parallel', '2']));
    expect(realtime.code).not.toBe(0);
    expect(realtime.stderr).toContain('a realtime curve plays its episodes in this process');
  }, 60_000);

  it('stops with BACKEND_GONE when Redis cannot be reached, and records the error in curve.json', async () => {
    const out = join(tmp.dir, 'no-redis');
    const done = await runArena(await curveArgs(out, ['--redis', `redis://127.0.0.1:${await freePort()}`]));
    expect(done.code).not.toBe(0);
    expect(done.stderr).toContain('BACKEND_GONE');
    expect(stateOf(out)).toMatchObject({ status: 'stopped', error: { code: 'BACKEND_GONE' } });
  }, 60_000);

  describe.skipIf(redisMissing() !== undefined)('on Redis with a worker process', () => {
    let redis: TestRedis;
    beforeAll(async () => {
      redis = await startRedis();
    }, 30_000);
    afterAll(async () => redis?.stop());

    it('one worker with two slots gives the same curve, every episode played by the worker once', async () => {
      const fleet = await startWorkers(redis.url, ['cw-w0'], ['--pool', 'curve', '--slots', '2']);
      try {
        const out = join(tmp.dir, 'redis');
        const done = await runArena(await curveArgs(out, ['--redis', redis.url, '--pool', 'curve']));
        expect(done.code, done.stderr).toBe(0);
        expect(view(stateOf(out))).toEqual(view(reference));
        const run = JSON.parse(readFileSync(join(out, 'c', 'rounds', '1', 'episodes', 'e0', 'run.json'), 'utf8')) as { batch: { worker: string }; curveEpisode: { skillSha256: string } };
        expect(run.batch.worker).toBe('cw-w0');
        expect(run.curveEpisode.skillSha256).toMatch(/^[0-9a-f]{16}$/);
        await stopAll(fleet);
        expect(starts((await fleet[0]!.exited).stderr)).toBe(TOTAL);
      } finally {
        await stopAll(fleet, true);
      }
    }, 180_000);

    it('a coordinator killed while the worker plays resumes to the same curve, replaying nothing the worker finished', async () => {
      const fleet = await startWorkers(redis.url, ['cw-w1'], ['--pool', 'crash', '--slots', '1']);
      let coordinator: ArenaProcess | undefined;
      try {
        const out = join(tmp.dir, 'redis-crash');
        const args = await curveArgs(out, ['--redis', redis.url, '--pool', 'crash']);
        const started = waitForLine(fleet[0]!, 'e0 (attempt 0) starts');
        const finished = waitForLine(fleet[0]!, 'e0 complete');
        coordinator = startArena(args);
        await started;
        coordinator.child.kill('SIGKILL');
        await coordinator.exited;
        // The worker finishes the episode while no coordinator listens; its outcome waits in Redis.
        await finished;
        const resumed = await runArena(['curve', '--resume', 'c', '--out', out, '--quiet', '--redis', redis.url, '--pool', 'crash']);
        expect(resumed.code, resumed.stderr).toBe(0);
        expect(view(stateOf(out))).toEqual(view(reference));
        expect(readdirSync(join(out, 'c', 'rounds', '0', 'episodes')).sort()).toEqual(['e0', 'e1', 'e2']);
        await stopAll(fleet);
        expect(starts((await fleet[0]!.exited).stderr)).toBe(TOTAL);
      } finally {
        coordinator?.child.kill('SIGKILL');
        await stopAll(fleet, true);
      }
    }, 240_000);
  });
});
