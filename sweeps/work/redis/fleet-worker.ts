/**
 * `arena worker`'s engine: takes episodes for its pool from Redis, at most `slots` at once, plays them, sends
 * each run directory and outcome back to the coordinator's results queue. A worker that dies mid-episode
 * loses its job lock; BullMQ's stalled-job check hands the episode to another worker.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { ErrorCode } from '../../../protocol/index.js';
import { RedisLimiter } from '../../limits/redis-limiter.js';
import type { EpisodeOutcome } from '../episode-job.js';
import { runEpisode, type AgentFactory, type EpisodeDeps } from '../run-episode.js';
import { WorkPayload, type ResultPayload } from './payloads.js';
import { filesKey, poolQueue, type RedisConnection } from './redis-names.js';
import { packRunDir } from './run-files.js';
import { startHeartbeat } from './worker-registry.js';

export interface FleetWorkerOptions {
  readonly connection: RedisConnection;
  readonly pool: string;
  readonly slots: number;
  readonly name: string;
  /** Games this host can play. */
  readonly games: readonly string[];
  /** Where run directories are written before they are sent back. */
  readonly workDir: string;
  readonly makeAgent: AgentFactory;
  /** Resolves a job's entry when it names an environment, maps or a profile (see EpisodeDeps). */
  readonly entryOf?: EpisodeDeps['entryOf'];
  /** Job lock time: a worker silent this long counts as dead and its episode is replayed (default 30 s). */
  readonly lockMs?: number;
  /** Times an episode may stall (its worker silent past the lock) and be handed on before it fails as WORKER_LOST (default 3). */
  readonly stallLimit?: number;
  readonly heartbeatMs?: number;
  readonly log?: (line: string) => void;
}

/** A running worker; `close` lets running episodes finish, then leaves. */
export interface FleetWorker {
  readonly name: string;
  close(): Promise<void>;
}

const FILES_TTL_S = 7 * 24 * 3600;

export async function startFleetWorker(o: FleetWorkerOptions): Promise<FleetWorker> {
  const log = o.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  // One command connection for everything this worker sends (results, run files, limits, heartbeats, the pool
  // queue's own commands), however many episodes it plays at once; BullMQ adds the pool queue's blocking one.
  const redis = new Redis({ ...o.connection, maxRetriesPerRequest: null, connectionName: `arena-worker-${o.name}`.replace(/[^A-Za-z0-9_.:-]/g, '_') });
  redis.on('error', () => undefined);
  const games = new Set(o.games);
  const resultQueues = new Map<string, Queue>();
  const lockMs = o.lockMs ?? 30_000;
  mkdirSync(o.workDir, { recursive: true });

  const play = async (job: Job): Promise<{ id: string }> => {
    const payload = WorkPayload.parse(job.data);
    const episode = payload.job;
    let outcome: EpisodeOutcome;
    if (!games.has(episode.cellInfo.game)) {
      const message = `worker ${o.name} in pool ${o.pool} has no ${episode.cellInfo.game}`;
      outcome = { id: episode.id, status: 'failed', reason: ErrorCode.UNKNOWN_GAME, failure: { code: ErrorCode.UNKNOWN_GAME, class: 'infrastructure', message }, simMs: 0, players: [], dir: join('runs', episode.id), worker: o.name, wallMs: 0 };
    } else {
      log(`${o.name}: ${episode.id} (attempt ${payload.attempt}) starts`);
      outcome = await runEpisode(episode, { makeAgent: o.makeAgent, runsDir: o.workDir, worker: o.name, limiter: new RedisLimiter(redis, payload.endpoints), ...(o.entryOf ? { entryOf: o.entryOf } : {}) });
    }
    let files: string | null = null;
    if (episode.shared === undefined) {
      files = filesKey(job.id!);
      const dir = join(o.workDir, episode.id);
      await packRunDir(redis, files, dir, FILES_TTL_S);
      rmSync(dir, { recursive: true, force: true });
    }
    let results = resultQueues.get(payload.results);
    if (!results) {
      // Queue objects on the shared connection cost no connection; keep the last few coordinators' only.
      if (resultQueues.size >= 32) {
        const [oldest, q] = resultQueues.entries().next().value!;
        resultQueues.delete(oldest);
        void q.close().catch(() => undefined);
      }
      resultQueues.set(payload.results, (results = new Queue(payload.results, { connection: redis, streams: { events: { maxLen: 100 } } })));
    }
    const result: ResultPayload = { job: episode, attempt: payload.attempt, outcome, files };
    await results.add('outcome', result, { jobId: job.id!, removeOnComplete: true, removeOnFail: { age: FILES_TTL_S } });
    log(`${o.name}: ${episode.id} ${outcome.status} ${outcome.reason}`);
    return { id: episode.id };
  };

  const worker = new Worker(poolQueue(o.pool), play, {
    connection: redis,
    concurrency: o.slots,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    maxStalledCount: o.stallLimit ?? 3,
  });
  worker.on('error', (err) => log(`${o.name}: redis: ${err.message}`));
  await worker.waitUntilReady();
  const stopBeat = startHeartbeat(redis, { name: o.name, pool: o.pool, slots: o.slots, games: [...games], host: hostname(), pid: process.pid, startedAt: new Date().toISOString() }, o.heartbeatMs ?? 1000);
  log(`worker ${o.name}: pool ${o.pool}, ${o.slots} slot(s), games ${[...games].join(', ')}`);
  return {
    name: o.name,
    close: async () => {
      await stopBeat();
      await worker.close();
      await Promise.all([...resultQueues.values()].map((q) => q.close()));
      redis.disconnect();
    },
  };
}
