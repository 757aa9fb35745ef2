/**
 * Placement on a real fleet: a real Redis, real `arena worker` processes, a coordinator in this process. Under
 * `affinity` a one-slot worker plays a map's episodes one after another (the map stays open), under `fifo` it
 * follows the batch's interleaved order and opens a map for every episode; both give the same outcomes. Workers
 * advertise their slots, speed, frame sizes and open maps in their heartbeats.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWorkers, parseRedisUrl, RedisBackend, type EpisodeJob, type EpisodeOutcome, type Placement } from '../sweeps/index.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';
import { startWorkers, stopAll } from './support/sweep-fixtures.js';

/** Six episodes of last_stand whose maps (variants) alternate in the batch's order. */
function jobs(pool: string): EpisodeJob[] {
  return Array.from({ length: 6 }, (_, i) => {
    const variant = i % 2 === 0 ? 'origin' : 'ring';
    return {
      id: `place.${variant}.s${i + 1}`,
      batch: 'place',
      cell: `place.${variant}`,
      cellInfo: { game: 'last_stand', variant, clock: 'pdq', latency: 'none', lineup: ['scripted'] },
      episode: i,
      seed: i + 1,
      pool,
      agents: [{ slot: 0, label: 'scripted', kind: 'scripted' }],
      stepBudget: 2,
      observationDelayMs: 0,
    };
  });
}

describe.skipIf(redisMissing() !== undefined)('placement on a fleet', () => {
  let redis: TestRedis;
  let tmp: string;

  beforeAll(async () => {
    redis = await startRedis();
    tmp = mkdtempSync(join(tmpdir(), 'arena-place-'));
  }, 30_000);

  afterAll(async () => {
    await redis?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const play = async (placement: Placement): Promise<{ order: EpisodeOutcome[]; log: string }> => {
    const pool = `place-${placement}`;
    const [worker] = await startWorkers(redis.url, [`${pool}-w`], ['--pool', pool, '--slots', '1', '--calibrate', '0', '--speed-factor', '0.5', '--frames', '640x360,1920x1080']);
    const backend = new RedisBackend({ connection: parseRedisUrl(redis.url), batchDir: join(tmp, pool), batch: pool, placement, lockMs: 1500 });
    const order: EpisodeOutcome[] = [];
    try {
      const probe = new Redis(parseRedisUrl(redis.url));
      const [info] = await listWorkers(probe, pool);
      probe.disconnect();
      expect(info).toMatchObject({ slots: 1, speed: 0.5, frames: [{ width: 640, height: 360 }, { width: 1920, height: 1080 }], queue: `arena-pool-${pool}@${pool}-w`, slotStates: [{ busy: false, checks: 0 }] });
      const signal = new AbortController().signal;
      await backend.run(jobs(pool).map((job) => ({ job, attempt: 0 })), { onOutcome: (_, o) => void order.push(o) }, { stop: signal, abort: signal });
    } finally {
      await backend.close();
      await stopAll([worker!]);
    }
    return { order, log: (await worker!.exited).stderr };
  };

  it('affinity keeps the open map: one map load per map, where fifo loads one per episode; the same outcomes', async () => {
    const affinity = await play('affinity');
    const fifo = await play('fifo');
    const maps = (o: EpisodeOutcome[]): string[] => o.map((x) => x.id.split('.')[1]!);
    expect(maps(affinity.order)).toEqual(['origin', 'origin', 'origin', 'ring', 'ring', 'ring']);
    expect(maps(fifo.order)).toEqual(['origin', 'ring', 'origin', 'ring', 'origin', 'ring']);
    const loads = (log: string): string[] => [...log.matchAll(/slot 0 \((\w+)\) takes/g)].map((m) => m[1]!);
    expect(loads(affinity.log)).toEqual(['launch', 'warm', 'warm', 'map', 'warm', 'warm']);
    expect(loads(fifo.log)).toEqual(['launch', 'map', 'map', 'map', 'map', 'map']);
    // Placement changes where and when, never what: the same progress per episode either way.
    const results = (o: EpisodeOutcome[]): [string, number][] => o.map((x) => [x.id, x.players[0]!.progress] as [string, number]).sort();
    expect(affinity.order.every((o) => o.status === 'complete')).toBe(true);
    expect(results(affinity.order)).toEqual(results(fifo.order));
  }, 180_000);
});
