/**
 * One connection set per coordinator and per worker, however many episodes are in flight: a real Redis, a real
 * `arena worker` process, and two coordinators in this process each with 12 episodes in flight at once through
 * concurrent `runOne` calls (as a curve's round asks for its episodes). Redis's own CLIENT LIST is counted each
 * time an outcome comes back.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWorkers, parseRedisUrl, RedisBackend, runOne, type EpisodeJob, type EpisodeOutcome } from '../sweeps/index.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';
import { startWorkers, stopAll } from './support/sweep-fixtures.js';

const PER_COORDINATOR = 12;

function job(batch: string, i: number): EpisodeJob {
  return {
    id: `${batch}.s${i + 1}`,
    batch,
    cell: batch,
    cellInfo: { game: 'last_stand', variant: 'origin', clock: 'pdq', latency: 'none', lineup: ['scripted'] },
    episode: i,
    seed: i + 1,
    pool: 'conn',
    agents: [{ slot: 0, label: 'scripted', kind: 'scripted' }],
    stepBudget: 2,
    observationDelayMs: 0,
  };
}

/** Connections Redis has open, by client name, without the probe's own. */
async function clients(probe: Redis): Promise<string[]> {
  const list = (await probe.client('LIST')) as string;
  return list
    .split('\n')
    .filter((l) => l.length > 0 && !l.includes('name=probe '))
    .map((l) => /name=(\S*)/.exec(l)?.[1] ?? '');
}

describe.skipIf(redisMissing() !== undefined)('connections on a fleet', () => {
  let redis: TestRedis;
  let tmp: string;
  let probe: Redis;

  beforeAll(async () => {
    redis = await startRedis();
    tmp = mkdtempSync(join(tmpdir(), 'arena-conn-'));
    probe = new Redis({ ...parseRedisUrl(redis.url), connectionName: 'probe' });
  }, 30_000);

  afterAll(async () => {
    probe?.disconnect();
    await redis?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('two coordinators with 12 episodes in flight each and a worker with 4 slots hold 2 connections each, constant', async () => {
    // This worker measures its speed with one calibration episode before it registers.
    const fleet = await startWorkers(redis.url, ['conn-w0'], ['--pool', 'conn', '--slots', '4', '--calibrate', '1']);
    const [info] = await listWorkers(probe, 'conn');
    expect(info!.speed).toBeGreaterThan(0);
    expect(Number.isFinite(info!.speed)).toBe(true);
    const backends = ['conn-a', 'conn-b'].map((batch) => new RedisBackend({ connection: parseRedisUrl(redis.url), batchDir: join(tmp, batch), batch, strays: 'hold' }));
    const seen: string[][] = [];
    try {
      const sample = async (): Promise<void> => void seen.push(await clients(probe));
      const plays = backends.flatMap((backend, b) =>
        Array.from({ length: PER_COORDINATOR }, async (_, i) => {
          const j = job(b === 0 ? 'conn-a' : 'conn-b', i);
          // Each episode its own runs folder, as a curve's rounds have.
          const outcome = await runOne(backend, { job: j, attempt: 0, runsDir: join(tmp, `round-${b}-${i % 3}`) }, undefined);
          await sample();
          return { outcome, dir: join(tmp, `round-${b}-${i % 3}`, j.id) };
        }),
      );
      const done = await Promise.all(plays);
      for (const { outcome, dir } of done) {
        expect((outcome as EpisodeOutcome).status, JSON.stringify(outcome)).toBe('complete');
        expect(existsSync(join(dir, 'run.json'))).toBe(true);
      }
      expect(seen).toHaveLength(2 * PER_COORDINATOR);
      // Every sample: each coordinator's command connection and its results queue's blocking one, and the
      // worker's command connection and the blocking one of its own queue (every episode is placed there): 6,
      // whatever was in flight.
      for (const names of seen) {
        expect(names.filter((n) => n.startsWith('arena-coordinator-')).sort()).toEqual(['arena-coordinator-conn-a', 'arena-coordinator-conn-b']);
        expect(names.filter((n) => n === 'arena-worker-conn-w0')).toHaveLength(1);
        expect(names, names.join(' ')).toHaveLength(6);
      }
      // The first samples were taken while most episodes were still queued or playing.
      expect(seen.length).toBeGreaterThan(8);
    } finally {
      await Promise.all(backends.map((b) => b.close()));
      await stopAll(fleet);
    }
    expect(await clients(probe)).toEqual([]);
    // Redis holds what is in flight, not what was played: of the 24 episodes' jobs, at most the worker's 4 slots'
    // last ones are left (a job its worker had not yet marked done when its outcome was stored), and no run files.
    const jobs = (await probe.keys('bull:arena-pool-conn@conn-w0:conn-*')).filter((k) => !/:(lock|logs)$/.test(k));
    expect(jobs.length, jobs.join(' ')).toBeLessThanOrEqual(4);
    expect(await probe.keys('bull:arena-results-*:conn-*')).toEqual([]);
    expect(await probe.keys('arena:files:*')).toEqual([]);
  }, 120_000);
});
