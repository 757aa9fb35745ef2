/**
 * The scale path in small (the 10,000-episode figures are `arena bench --only scale`): one-decision episodes through
 * Redis and two workers leave nothing of any episode in Redis once the sweep is stored and its workers are done,
 * so Redis memory is bounded by the episodes in flight, not by the sweep's size; and the bench's game plays the
 * same table embedded and on the fleet.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedBackend, parseRedisUrl, readSweepTables, RedisBackend, runBatch, startFleetWorker } from '../sweeps/index.js';
import { ONE_DECISION, oneDecisionJobs, oneDecisionResolver } from '../scripts/bench/one-decision-game.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';

const EPISODES = 120;

describe.skipIf(redisMissing() !== undefined)('sweep scale, small', () => {
  let redis: TestRedis;
  let tmp: string;

  beforeAll(async () => {
    redis = await startRedis();
    tmp = mkdtempSync(join(tmpdir(), 'arena-scale-'));
  }, 30_000);

  afterAll(async () => {
    await redis?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it(`${EPISODES} one-decision episodes on Redis: each stored once, nothing of any left in Redis, the embedded table`, async () => {
    const connection = parseRedisUrl(redis.url);
    const workers = await Promise.all(
      ['scale-a', 'scale-b'].map((name) => startFleetWorker({ connection, pool: 'scale', slots: 1, name, games: [ONE_DECISION], workDir: join(tmp, name), resolve: oneDecisionResolver, calibrate: 0, log: () => undefined })),
    );
    const fleetDir = join(tmp, 'fleet');
    const backend = new RedisBackend({ connection, batchDir: fleetDir, batch: 'scale' });
    let summary;
    try {
      summary = await runBatch({ dir: fleetDir, jobs: oneDecisionJobs(EPISODES, 'scale'), backend });
    } finally {
      // Workers first: a job whose worker had not marked it done when its outcome was stored leaves at close.
      await Promise.all(workers.map((w) => w.close()));
      await backend.close();
    }
    expect(summary).toMatchObject({ stored: EPISODES, playedNow: EPISODES, failedNow: 0 });
    const client = new Redis(connection.port, connection.host);
    try {
      const keys = await client.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      // Job hashes, logs, run files and results are named by attempt id (`scale-<digest>.scale.s7.a0`).
      expect(keys.filter((k) => /\.s\d+\.a\d+/.test(k))).toEqual([]);
      // Each queue's event stream is trimmed to about 100 (MAXLEN ~ trims whole stream nodes of 100): some 600
      // events went through each here, so a stream that kept them all would hold far more.
      const events = keys.filter((key) => key.endsWith(':events'));
      expect(events.length).toBeGreaterThan(0);
      for (const k of events) expect(await client.xlen(k), k).toBeLessThanOrEqual(200);
    } finally {
      client.disconnect();
    }
    const localDir = join(tmp, 'local');
    await runBatch({ dir: localDir, jobs: oneDecisionJobs(EPISODES, 'scale'), backend: new EmbeddedBackend({ resolve: oneDecisionResolver, runsDir: join(localDir, 'runs') }) });
    const fixed = (dir: string): unknown => {
      const t = readSweepTables(dir);
      return { cells: t.cells, episodes: t.episodes };
    };
    expect(fixed(fleetDir)).toEqual(fixed(localDir));
    expect(readSweepTables(fleetDir).cells.map((c) => c.episodes)).toEqual([EPISODES / 2, EPISODES / 2]);
  }, 240_000);
});
