/**
 * The coordinator's placer under `affinity` on a real Redis with a worker's heartbeat: an episode an earlier
 * coordinator placed and this one adopts holds a real slot of its worker (it used to hold slot -1, so the slot
 * it plays on looked free and took a second episode), and frees it when it comes back.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FleetPlacer } from '../sweeps/work/redis/fleet-placer.js';
import { workerQueue } from '../sweeps/work/redis/redis-names.js';
import { startHeartbeat } from '../sweeps/work/redis/worker-registry.js';
import type { EpisodeJob, EpisodeOutcome } from '../sweeps/index.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';

const job = (id: string, variant: string): EpisodeJob => ({
  id,
  batch: 'adopt',
  cell: `adopt.${variant}`,
  cellInfo: { game: 'last_stand', variant, clock: 'pdq', latency: 'none', lineup: ['idle'] },
  episode: 0,
  seed: 1,
  pool: 'p',
  agents: [{ slot: 0, label: 'idle', kind: 'idle' }],
  stepBudget: 2,
});
const done = (id: string): EpisodeOutcome => ({ id, status: 'complete', reason: 'finished', simMs: 0, players: [], dir: `runs/${id}`, worker: 'w', wallMs: 500 });

describe.skipIf(redisMissing() !== undefined)('the placer adopting what an earlier coordinator placed', () => {
  let server: TestRedis;
  let redis: Redis;

  beforeAll(async () => {
    server = await startRedis();
    redis = new Redis(server.port, '127.0.0.1');
  }, 30_000);

  afterAll(async () => {
    redis?.disconnect();
    await server?.stop();
  });

  it('an adopted episode holds the slot its worker says plays it, until it is back', async () => {
    const queue = workerQueue('p', 'w');
    const slotStates = [
      { busy: false, checks: 0, warm: { game: 'last_stand', map: 'origin' } },
      { busy: true, checks: 0, warm: { game: 'last_stand', map: 'origin' } },
    ];
    const heart = startHeartbeat(redis, () => ({ name: 'w', pool: 'p', slots: 2, games: ['last_stand'], host: 'h', pid: 1, startedAt: 't0', queue, speed: 1, slotStates }), 60_000);
    try {
      const placer = new FleetPlacer(redis);
      await placer.refresh(['p']);
      placer.adopt('old', 'w', queue, job('old', 'origin'), 0);
      expect(placer.where('old')).toEqual({ pool: 'p', worker: 'w', queue, slot: 1 });
      for (const id of ['n1', 'n2']) placer.enqueue(id, job(id, 'origin'));
      // Slot 1 plays the adopted episode (its heartbeat says so): only slot 0 is free, and it takes one.
      expect(placer.next(0).map((a) => [a.id, a.placed.slot])).toEqual([['n1', 0]]);
      expect(placer.next(0)).toEqual([]);
      placer.back('old', job('old', 'origin'), done('old'));
      expect(placer.next(0).map((a) => [a.id, a.placed.slot])).toEqual([['n2', 1]]);
    } finally {
      await heart.stop();
    }
  });
});
