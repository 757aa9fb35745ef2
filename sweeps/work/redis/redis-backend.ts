/**
 * The fleet backend, coordinator side: episodes go to their pool's BullMQ queue (a window at a time), outcomes
 * come back on this batch's results queue, whose jobs are processed here: run directory written, outcome
 * stored, then acknowledged. A coordinator killed mid-sweep leaves unacknowledged outcomes in Redis for the
 * next one; the store counts each episode once.
 */
import { join, resolve } from 'node:path';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { ArenaError, ErrorCode } from '../../../protocol/index.js';
import { digest } from '../../spec/cells.js';
import type { EndpointLimits } from '../../spec/sweep-spec.js';
import { wait } from '../../limits/endpoint-limiter.js';
import type { EpisodeOutcome } from '../episode-job.js';
import type { WorkBackend, WorkItem, WorkSignals, WorkSink } from '../work-backend.js';
import { attemptId, ResultPayload, type WorkPayload } from './payloads.js';
import { poolQueue, resultsQueue, type RedisConnection } from './redis-names.js';
import { unpackRunDir } from './run-files.js';
import { listWorkers } from './worker-registry.js';

export interface RedisBackendOptions {
  readonly connection: RedisConnection;
  /** The batch folder: run directories are written under its runs/. */
  readonly batchDir: string;
  /** Where run directories are written instead (default `<batchDir>/runs`). */
  readonly runsDir?: string;
  readonly batch: string;
  readonly endpoints?: Readonly<Record<string, EndpointLimits>>;
  /** Most episodes queued and not yet back (default 64). */
  readonly window?: number;
  /** How long to wait for a worker of each pool before refusing (default 10 s). */
  readonly waitWorkersMs?: number;
  /** Redis unreachable this long ends the run with BACKEND_GONE (default 15 s). */
  readonly redisTimeoutMs?: number;
  /** Results job lock (default 30 s). */
  readonly lockMs?: number;
  readonly log?: (line: string) => void;
}

const KEEP_S = 7 * 24 * 3600;

/**
 * The outcome of an attempt BullMQ failed: its worker went silent for longer than the stall limit allows
 * (killed, frozen or cut off more often than the episode is replayed), or the worker could not send it back.
 */
function lostOutcome(item: WorkItem, failedReason: string | undefined): EpisodeOutcome {
  const stalled = failedReason !== undefined && /stalled/i.test(failedReason);
  const message = stalled
    ? `the worker playing it stopped answering and the episode stalled more often than the workers' stall limit (${failedReason}); rerun with --retry-failed`
    : `the job failed in the queue: ${failedReason ?? 'no reason given'}; rerun with --retry-failed`;
  return { id: item.job.id, status: 'failed', reason: ErrorCode.WORKER_LOST, failure: { code: ErrorCode.WORKER_LOST, class: 'infrastructure', message }, simMs: 0, players: [], dir: join('runs', item.job.id), worker: 'unknown', wallMs: 0 };
}

export class RedisBackend implements WorkBackend {
  readonly name = 'redis';
  private readonly redis: Redis;
  private readonly queues = new Map<string, Queue>();
  private resultsWorker: Worker | undefined;
  readonly batchKey: string;

  constructor(private readonly o: RedisBackendOptions) {
    this.redis = new Redis({ ...o.connection, maxRetriesPerRequest: 1, retryStrategy: () => 200, enableOfflineQueue: false, lazyConnect: true });
    this.redis.on('error', () => undefined);
    this.batchKey = `${o.batch}-${digest(resolve(o.batchDir), 8)}`;
  }

  private queue(pool: string): Queue {
    let q = this.queues.get(pool);
    if (!q) {
      this.queues.set(pool, (q = new Queue(poolQueue(pool), { connection: { ...this.o.connection, maxRetriesPerRequest: null } })));
      q.on('error', () => undefined);
    }
    return q;
  }

  /** Connects, or BACKEND_GONE. */
  private async connect(): Promise<void> {
    try {
      await this.redis.connect();
      await this.redis.ping();
    } catch (err) {
      throw new ArenaError(ErrorCode.BACKEND_GONE, `cannot reach Redis at ${this.o.connection.host}:${this.o.connection.port}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Waits for a live worker of every pool that has every game the pool's episodes need; NO_WORKER otherwise. */
  private async checkPools(items: readonly WorkItem[]): Promise<void> {
    const need = new Map<string, Set<string>>();
    for (const { job } of items) {
      const games = need.get(job.pool) ?? new Set<string>();
      games.add(job.cellInfo.game);
      need.set(job.pool, games);
    }
    const deadline = Date.now() + (this.o.waitWorkersMs ?? 10_000);
    for (;;) {
      const missing: string[] = [];
      for (const [pool, games] of need) {
        const workers = await listWorkers(this.redis, pool);
        const lacking = [...games].filter((g) => !workers.some((w) => w.games.includes(g)));
        if (workers.length === 0) missing.push(`no worker serves pool '${pool}' (start one: arena worker --redis URL --pool ${pool})`);
        else if (lacking.length > 0) missing.push(`no worker of pool '${pool}' has ${lacking.join(', ')} (workers: ${workers.map((w) => w.name).join(', ')})`);
      }
      if (missing.length === 0) return;
      if (Date.now() >= deadline) throw new ArenaError(ErrorCode.NO_WORKER, missing.join('; '));
      await wait(250);
    }
  }

  async run(items: readonly WorkItem[], sink: WorkSink, signals: WorkSignals): Promise<void> {
    if (items.length === 0) return;
    await this.connect();
    await this.checkPools(items);
    const pending = new Map<string, WorkItem>();
    const results = resultsQueue(this.batchKey);
    let failure: ArenaError | undefined;
    let wake: () => void = () => undefined;
    const poke = (): void => wake();

    const take = async (job: Job): Promise<void> => {
      const r = ResultPayload.parse(job.data);
      // A late outcome of a job BullMQ already failed as stalled (a worker that froze, then woke up): that attempt
      // is stored as WORKER_LOST, so this one is dropped, and its run directory never overwrites a newer one.
      if (!pending.has(job.id!) && (await this.queue(r.job.pool).getJobState(job.id!)) === 'failed') {
        if (r.files !== null) await this.redis.del(r.files);
        return;
      }
      if (r.files !== null) await unpackRunDir(this.redis, r.files, join(this.o.runsDir ?? join(this.o.batchDir, 'runs'), r.job.id));
      await sink.onOutcome({ job: r.job, attempt: r.attempt }, r.outcome);
      if (r.files !== null) await this.redis.del(r.files);
      pending.delete(job.id!);
      poke();
    };
    this.resultsWorker = new Worker(results, take, { connection: { ...this.o.connection, maxRetriesPerRequest: null }, concurrency: 1, lockDuration: this.o.lockMs ?? 30_000, stalledInterval: this.o.lockMs ?? 30_000 });
    this.resultsWorker.on('error', () => undefined);

    // Redis health: a failing ping for longer than the timeout ends the run. A command sent to a Redis that is
    // gone waits in the client's queue for ever, so every await in the loop below also gives way to `gone`.
    let markGone: () => void = () => undefined;
    const gone = new Promise<undefined>((r) => (markGone = () => r(undefined)));
    const unlessGone = <T>(work: Promise<T>): Promise<T | undefined> => Promise.race([work, gone]);
    let lastOk = Date.now();
    const timeout = this.o.redisTimeoutMs ?? 15_000;
    const health = setInterval(() => {
      this.redis.ping().then(
        () => void (lastOk = Date.now()),
        () => {
          if (Date.now() - lastOk > timeout && failure === undefined) {
            failure = new ArenaError(ErrorCode.BACKEND_GONE, `lost Redis at ${this.o.connection.host}:${this.o.connection.port} for ${Math.round(timeout / 1000)} s; finished episodes are stored, rerun the sweep to resume`);
            markGone();
            poke();
          }
        },
      );
    }, Math.min(500, timeout / 4));

    // Jobs that BullMQ gave up on (a worker died more often than it replays) come back as failed outcomes.
    const sweepLost = async (): Promise<void> => {
      for (const [id, item] of [...pending]) {
        const state = await this.queue(item.job.pool).getJobState(id);
        if (state === 'failed') {
          const job = await this.queue(item.job.pool).getJob(id);
          await sink.onOutcome(item, lostOutcome(item, job?.failedReason));
          pending.delete(id);
        } else if (state === 'completed' && (await resultsView.getJobState(id)) === 'unknown') {
          // Played, and its outcome taken by an earlier coordinator that died before keeping it: play it again.
          await (await this.queue(item.job.pool).getJob(id))?.remove();
          await this.add(item, results);
        } else if (state === 'unknown') {
          // Lost from Redis (flushed or restarted empty): queue it again.
          await this.add(item, results);
        }
      }
    };

    const resultsView = new Queue(results, { connection: { ...this.o.connection, maxRetriesPerRequest: null } });
    resultsView.on('error', () => undefined);
    this.queues.set(`results:${results}`, resultsView);
    signals.abort.addEventListener('abort', poke, { once: true });
    signals.stop.addEventListener('abort', poke, { once: true });
    try {
      let next = 0;
      const window = this.o.window ?? 64;
      let lastSweep = Date.now();
      while (failure === undefined && !signals.abort.aborted) {
        while (!signals.stop.aborted && next < items.length && pending.size < window) {
          const item = items[next++]!;
          pending.set(attemptId(this.batchKey, item.job.id, item.attempt), item);
          await unlessGone(this.add(item, results));
          if (failure !== undefined) break;
        }
        if (signals.stop.aborted && next < items.length) {
          next = items.length;
          await unlessGone(this.dropWaiting(pending));
        }
        if (pending.size === 0 && next >= items.length) break;
        await new Promise<void>((r) => {
          const t = setTimeout(r, 1000);
          wake = () => {
            clearTimeout(t);
            r();
          };
        });
        if (Date.now() - lastSweep > 2000 && failure === undefined) {
          lastSweep = Date.now();
          await unlessGone(sweepLost().catch(() => undefined));
        }
      }
    } catch (err) {
      failure ??= new ArenaError(ErrorCode.BACKEND_GONE, `Redis failed: ${err instanceof Error ? err.message : String(err)}; finished episodes are stored, rerun the sweep to resume`);
    } finally {
      clearInterval(health);
      signals.abort.removeEventListener('abort', poke);
      signals.stop.removeEventListener('abort', poke);
    }
    if (failure) throw failure;
  }

  private async add(item: WorkItem, results: string): Promise<void> {
    const data: WorkPayload = { job: item.job, attempt: item.attempt, results, endpoints: this.o.endpoints ?? {} };
    await this.queue(item.job.pool).add('episode', data, { jobId: attemptId(this.batchKey, item.job.id, item.attempt), attempts: 1, removeOnComplete: { age: KEEP_S }, removeOnFail: { age: KEEP_S } });
  }

  /** Takes back episodes still waiting in a queue (a budget ran out or the operator stopped the sweep). */
  private async dropWaiting(pending: Map<string, WorkItem>): Promise<void> {
    for (const [id, item] of [...pending]) {
      const job = await this.queue(item.job.pool).getJob(id);
      if (job && (await job.getState()) === 'waiting') {
        await job.remove().then(
          () => pending.delete(id),
          () => undefined,
        );
      }
    }
  }

  async close(): Promise<void> {
    const all: Promise<void>[] = [...(this.resultsWorker ? [this.resultsWorker.close(true)] : []), ...[...this.queues.values()].map((q) => q.close())];
    await Promise.race([Promise.allSettled(all), wait(3000)]);
    this.redis.disconnect();
  }
}
