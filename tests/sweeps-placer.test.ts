/**
 * The coordinator's slot book on a real Redis with a worker's heartbeat: an episode an earlier coordinator placed
 * and this one adopts holds the slot it was placed on (named in its job, so the book chooses no slot for it), also
 * once its worker restarts under the same name, and frees it when it comes back.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affinity } from '../sweeps/work/placement/placement.js';
import { SlotBook } from '../sweeps/work/redis/slot-book.js';
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

describe.skipIf(redisMissing() !== undefined)('the slot book adopting what an earlier coordinator placed', () => {
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

  it('an adopted episode holds the slot it was placed on, across a restart of its worker, until it is back', async () => {
    const queue = workerQueue('p', 'w');
    let startedAt = 't0';
    const slotStates = [
      { busy: false, checks: 0, warm: { game: 'last_stand', map: 'origin' } },
      { busy: true, checks: 0, warm: { game: 'last_stand', map: 'origin' } },
    ];
    const heart = startHeartbeat(redis, () => ({ name: 'w', pool: 'p', slots: 2, games: ['last_stand'], host: 'h', pid: 1, startedAt, queue, speed: 1, slotStates }), 60_000);
    try {
      const book = new SlotBook(redis, affinity);
      book.adopt('old', { pool: 'p', worker: 'w', queue, slot: 1 }, job('old', 'origin'), 0);
      await book.refresh(['p']);
      expect(book.where('old')).toEqual({ pool: 'p', worker: 'w', queue, slot: 1 });
      for (const id of ['n1', 'n2']) book.enqueue(id, job(id, 'origin'));
      // Slot 1 plays the adopted episode: only slot 0 is free, and it takes one.
      expect(book.next(0).map((a) => [a.id, a.placed.slot])).toEqual([['n1', 0]]);
      expect(book.next(0)).toEqual([]);
      // The worker restarts under its name: its slots are read afresh and both episodes still hold theirs.
      startedAt = 't1';
      heart.beat();
      await book.refresh(['p']);
      expect(book.next(0)).toEqual([]);
      book.back('old', job('old', 'origin'), done('old'));
      expect(book.next(0).map((a) => [a.id, a.placed.slot])).toEqual([['n2', 1]]);
    } finally {
      await heart.stop();
    }
  });
});
