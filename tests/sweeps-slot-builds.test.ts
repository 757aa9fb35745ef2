/**
 * Build slots with builds of their own: a GPU host runs N builds, each at its own RemoteInput address, and
 * `arena worker --builds GAME=URL,...` gives it a slot per build. Each slot plays only its build's game and its
 * episodes play at its address; the heartbeat advertises each slot's game and address. A real Redis, two real
 * RemoteInput servers of last_stand, a worker and a coordinator in this process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRemoteInput, type RemoteInputServer } from '../game-host/index.js';
import { SimulationBackend, lastStandGame } from '../games/index.js';
import { episodeResolver } from '../plans/index.js';
import { listWorkers, parseRedisUrl, RedisBackend, startFleetWorker, type EpisodeJob, type EpisodeOutcome } from '../sweeps/index.js';
import { runArena } from './support/arena-process.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';

const jobs = (pool: string, n: number): EpisodeJob[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `builds.origin.s${i + 1}`,
    batch: 'builds',
    cell: 'builds.origin',
    cellInfo: { game: 'last_stand', variant: 'origin', clock: 'pdq', latency: 'none', lineup: ['random'] },
    episode: i,
    seed: i + 1,
    pool,
    agents: [{ slot: 0, label: 'random', kind: 'random' }],
    stepBudget: 2,
    observationDelayMs: 0,
  }));

describe('arena worker --builds: bad input', () => {
  it.each([
    [['--builds', 'last_stand'], "--builds takes GAME=URL pairs, comma-separated, e.g. last_stand=remote-input://10.0.0.7:12345 (got 'last_stand')"],
    [['--builds', 'no_such_game=remote-input://127.0.0.1:1'], "--builds: unknown game 'no_such_game'"],
    [['--builds', 'last_stand=http://127.0.0.1:1'], "unknown environment 'http://'"],
    [['--builds', 'last_stand=remote-input://127.0.0.1:1,last_stand=remote-input://127.0.0.1:2', '--slots', '3'], '--slots 3 with 2 --builds address(es): a slot per build'],
    [['--builds', 'last_stand=remote-input://127.0.0.1:1', '--games', 'last_stand,sky_duel'], '--games names sky_duel, which no --builds slot runs'],
  ])('refuses %j with BAD_CONFIG', async (args, message) => {
    // Refused before it connects: the Redis address is never dialled.
    const r = await runArena(['worker', '--redis', 'redis://127.0.0.1:1', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('BAD_CONFIG');
    expect(r.stderr).toContain(message);
  }, 30_000);
});

describe.skipIf(redisMissing() !== undefined)('a slot per build, each at its own address', () => {
  let redis: TestRedis;
  let tmp: string;
  const builds: RemoteInputServer[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    tmp = mkdtempSync(join(tmpdir(), 'arena-builds-'));
    for (let i = 0; i < 2; i++) builds.push(await serveRemoteInput(new SimulationBackend(lastStandGame), { port: 0 }));
  }, 30_000);

  afterAll(async () => {
    for (const b of builds) await b.close();
    await redis?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('advertises each slot build and address, and plays each episode at the address of the slot that takes it', async () => {
    const connection = parseRedisUrl(redis.url);
    const addresses = builds.map((b) => `remote-input://127.0.0.1:${b.ports[0]!}`);
    const log: string[] = [];
    const worker = await startFleetWorker({ connection, pool: 'gpu', slots: 2, name: 'gpu-a', games: ['last_stand'], workDir: join(tmp, 'w'), resolve: episodeResolver(), calibrate: 0, lockMs: 30_000, builds: addresses.map((address) => ({ game: 'last_stand', address })), log: (l) => void log.push(l) });
    const backend = new RedisBackend({ connection, batchDir: join(tmp, 'batch'), batch: 'builds' });
    const outcomes: EpisodeOutcome[] = [];
    try {
      const probe = new Redis(connection.port, connection.host);
      const [info] = await listWorkers(probe, 'gpu');
      probe.disconnect();
      expect(info?.slotStates).toEqual([
        { busy: false, checks: 0, build: 'last_stand', address: addresses[0] },
        { busy: false, checks: 0, build: 'last_stand', address: addresses[1] },
      ]);
      const signal = new AbortController().signal;
      await backend.run(jobs('gpu', 4).map((job) => ({ job, attempt: 0 })), { onOutcome: (_, o) => void outcomes.push(o) }, { stop: signal, abort: signal });
    } finally {
      await worker.close();
      await backend.close();
    }
    expect(outcomes.map((o) => [o.id, o.status]).sort()).toEqual(jobs('gpu', 4).map((j) => [j.id, 'complete']));
    const taken = log.flatMap((l) => {
      const m = /slot (\d) \(\w+\) takes (\S+) on (\S+)$/.exec(l);
      return m ? [{ slot: Number(m[1]), id: m[2]!, address: m[3]! }] : [];
    });
    expect(taken.map((t) => t.id).sort()).toEqual(jobs('gpu', 4).map((j) => j.id).sort());
    for (const t of taken) expect(t.address, t.id).toBe(addresses[t.slot]);
    // Two episodes in flight at once: both slots play, each on its own build, and only there.
    expect(new Set(taken.map((t) => t.slot))).toEqual(new Set([0, 1]));
    for (const [i, b] of builds.entries()) expect(b.stats.connections, `build ${i}`).toBeGreaterThanOrEqual(taken.filter((t) => t.slot === i).length);
  }, 120_000);

  it("refuses episodes under the omnigamearena profile without the builds' maps config before any is queued, naming the build slot", async () => {
    const connection = parseRedisUrl(redis.url);
    const address = `remote-input://127.0.0.1:${builds[0]!.ports[0]!}`;
    const worker = await startFleetWorker({ connection, pool: 'ue', slots: 1, name: 'ue-a', games: ['last_stand'], workDir: join(tmp, 'w-ue'), resolve: episodeResolver(), calibrate: 0, lockMs: 30_000, builds: [{ game: 'last_stand', address }], log: () => undefined });
    const backend = new RedisBackend({ connection, batchDir: join(tmp, 'batch-ue'), batch: 'builds-ue' });
    const before = builds[0]!.stats.connections;
    try {
      const signal = new AbortController().signal;
      const played = backend.run(jobs('ue', 2).map((job) => ({ job: { ...job, profile: 'omnigamearena' as const }, attempt: 0 })), { onOutcome: () => undefined }, { stop: signal, abort: signal });
      await expect(played).rejects.toMatchObject({ code: 'BAD_CONFIG' });
      await expect(played).rejects.toThrow(`last_stand on a build under the omnigamearena profile needs the builds' maps config: set a sweep spec's match.maps (--maps for arena tournament and arena curve); worker ue-a slot 0 plays it at ${address}`);
    } finally {
      await worker.close();
      await backend.close();
    }
    expect(builds[0]!.stats.connections).toBe(before);
  }, 60_000);
});
