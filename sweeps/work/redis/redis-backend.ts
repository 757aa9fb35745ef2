/**
 * The fleet backend, coordinator side: episodes are placed on workers' slots by the placement policy (`fifo` or
 * `affinity`) and sent to those workers' own queues; outcomes come back on this batch's results queue, whose jobs
 * are processed here: run directory written, outcome stored, then acknowledged. Every change of state goes through
 * the coordinator's one serial path (coordinator.ts). A coordinator killed mid-sweep leaves unacknowledged outcomes
 * in Redis for the next one, and its placed episodes in their queues, where the next one adopts them.
 *
 * One backend is one connection set, however many episodes are in flight and however many `run` calls share it
 * (a curve's episodes each call `runOne`): one command connection every queue shares, and the one blocking
 * connection of the results queue's worker. Outcomes are routed to the run that asked for them by attempt id.
 */
import { join, resolve } from 'node:path';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { ArenaError, ErrorCode } from '../../../protocol/index.js';
import { digest } from '../../spec/cells.js';
import type { EndpointLimits } from '../../spec/sweep-spec.js';
import { wait } from '../../limits/endpoint-limiter.js';
import type { WorkBackend, WorkItem, WorkSignals, WorkSink } from '../work-backend.js';
import { attemptId, ResultPayload } from './payloads.js';
import { resultsQueue, type RedisConnection } from './redis-names.js';
import { SlotBook } from './slot-book.js';
import { placementPolicy, type Placement } from '../placement/placement.js';
import { listWorkers, type WorkerInfo } from './worker-registry.js';
import { missingRunnerMaps, parseEnvironment } from '../../../games-manifest/index.js';
import type { EpisodeJob } from '../episode-job.js';
import { Coordinator, type RunState } from './coordinator.js';

/**
 * Why episodes under the omnigamearena profile cannot be played on a pool's builds, or undefined: a job without
 * the builds' maps config whose game a worker's build slot (`arena worker --builds`) runs on a RemoteInput build
 * would fail there, episode by episode. Checked when the workers are first seen, before any episode is queued.
 */
export function buildsWithoutMaps(jobs: readonly EpisodeJob[], workers: readonly WorkerInfo[]): string | undefined {
  for (const job of jobs) {
    if (job.profile !== 'omnigamearena' || job.maps !== undefined) continue;
    for (const w of workers) {
      for (const [i, slot] of (w.slotStates ?? []).entries()) {
        if (slot.build !== job.cellInfo.game || slot.address === undefined) continue;
        const missing = missingRunnerMaps(job.cellInfo.game, parseEnvironment(slot.address), job.maps, "set a sweep spec's match.maps (--maps for arena tournament and arena curve)");
        if (missing !== undefined) return `${missing}; worker ${w.name} slot ${i} plays it at ${slot.address}`;
      }
    }
  }
  return undefined;
}

export interface RedisBackendOptions {
  readonly connection: RedisConnection;
  /** The batch folder: run directories are written under its runs/. */
  readonly batchDir: string;
  /** Where run directories are written instead (default `<batchDir>/runs`). */
  readonly runsDir?: string;
  readonly batch: string;
  readonly endpoints?: Readonly<Record<string, EndpointLimits>>;
  /** How long to wait for a worker of each pool before refusing (default 10 s). */
  readonly waitWorkersMs?: number;
  /** Redis unreachable this long ends the run with BACKEND_GONE (default 15 s). */
  readonly redisTimeoutMs?: number;
  /** Placement pauses while this many episodes are placed and not back (default 64; the slots bound it too). */
  readonly window?: number;
  /** Results job lock (default 30 s). */
  readonly lockMs?: number;
  /** How long a worker's heartbeat may be missing before its episodes are taken back (default 5 s; see SlotBook). */
  readonly graceMs?: number;
  /**
   * An outcome no run asked for (yet): `deliver` hands it to the oldest running batch (a sweep stores it or
   * ignores a duplicate), `hold` keeps it until a run asks for its attempt (a curve re-asking after a restart)
   * and puts it back on the results queue at close (default `deliver`).
   */
  readonly strays?: 'deliver' | 'hold';
  /** How episodes are placed on workers' slots (default `fifo`: the next in batch order to the next free slot); see sweeps/work/placement. */
  readonly placement?: Placement;
  readonly log?: (line: string) => void;
}

/** Events kept per queue: BullMQ keeps 10,000 by default, which would make Redis grow with the sweep. */
const EVENTS = { events: { maxLen: 100 } };

export class RedisBackend implements WorkBackend {
  readonly name = 'redis';
  /** The one command connection: health pings, the worker registry, and every queue of this backend. */
  private readonly redis: Redis;
  private readonly queues = new Map<string, Queue>();
  private resultsWorker: Worker | undefined;
  private health: ReturnType<typeof setInterval> | undefined;
  private failure: ArenaError | undefined;
  private markGone: () => void = () => undefined;
  private readonly gone: Promise<undefined>;
  readonly batchKey: string;
  readonly results: string;
  private readonly coordinator: Coordinator;

  constructor(private readonly o: RedisBackendOptions) {
    this.redis = new Redis({ ...o.connection, maxRetriesPerRequest: null, retryStrategy: () => 200, lazyConnect: true, connectionName: `arena-coordinator-${o.batch}`.replace(/[^A-Za-z0-9_.:-]/g, '_') });
    this.redis.on('error', () => undefined);
    this.batchKey = `${o.batch}-${digest(resolve(o.batchDir), 8)}`;
    this.results = resultsQueue(this.batchKey);
    this.gone = new Promise<undefined>((r) => (this.markGone = () => r(undefined)));
    this.coordinator = new Coordinator({
      redis: this.redis,
      book: new SlotBook(this.redis, placementPolicy(o.placement ?? 'fifo'), o.graceMs),
      queue: (name) => this.queue(name),
      results: this.queue(this.results),
      batchKey: this.batchKey,
      runsDir: o.runsDir ?? join(o.batchDir, 'runs'),
      endpoints: o.endpoints ?? {},
      window: o.window ?? 64,
      strays: o.strays ?? 'deliver',
    });
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      this.queues.set(name, (q = new Queue(name, { connection: this.redis, streams: EVENTS })));
      q.on('error', () => undefined);
    }
    return q;
  }

  private idOf(item: WorkItem): string {
    return attemptId(this.batchKey, item.job.id, item.attempt, item.runsDir === undefined ? undefined : digest(resolve(item.runsDir), 8));
  }

  /** Gives way to Redis going away: a command sent to a Redis that is gone waits in the client's queue for ever. */
  private unlessGone<T>(work: Promise<T>): Promise<T | undefined> {
    return Promise.race([work, this.gone]);
  }

  private fail(err: ArenaError): void {
    if (this.failure !== undefined) return;
    this.failure = err;
    this.markGone();
    for (const run of this.coordinator.runs) run.poke();
  }
  /** Connects, or BACKEND_GONE; then the health check: a failing ping for longer than the timeout ends every run. */
  private async connect(): Promise<void> {
    if (this.health !== undefined) return;
    const where = `${this.o.connection.host}:${this.o.connection.port}`;
    const timeout = this.o.redisTimeoutMs ?? 15_000;
    const ping = (): Promise<unknown> => Promise.race([this.redis.ping(), wait(Math.max(1000, timeout / 4)).then(() => Promise.reject(new Error('no answer')))]);
    try {
      if (this.redis.status === 'wait') await this.redis.connect();
      await ping();
    } catch (err) {
      throw new ArenaError(ErrorCode.BACKEND_GONE, `cannot reach Redis at ${where}: ${err instanceof Error ? err.message : String(err)}`);
    }
    let lastOk = Date.now();
    this.health = setInterval(() => {
      ping().then(
        () => void (lastOk = Date.now()),
        () => {
          if (Date.now() - lastOk > timeout) this.fail(new ArenaError(ErrorCode.BACKEND_GONE, `lost Redis at ${where} for ${Math.round(timeout / 1000)} s; finished episodes are stored, rerun the sweep to resume`));
        },
      );
    }, Math.min(500, timeout / 4));
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
      if (missing.length === 0) {
        for (const pool of need.keys()) {
          const problem = buildsWithoutMaps(items.filter((i) => i.job.pool === pool).map((i) => i.job), await listWorkers(this.redis, pool));
          if (problem !== undefined) throw new ArenaError(ErrorCode.BAD_CONFIG, problem);
        }
        return;
      }
      if (Date.now() >= deadline) throw new ArenaError(ErrorCode.NO_WORKER, missing.join('; '));
      await wait(250);
    }
  }

  /** The results queue's worker: one per backend, started with the first run; each outcome is a step of the serial path. */
  private startResults(): void {
    if (this.resultsWorker) return;
    const take = async (job: Job): Promise<void> => this.coordinator.serial(() => this.coordinator.intake(job.id!, ResultPayload.parse(job.data)));
    this.resultsWorker = new Worker(this.results, take, { connection: this.redis, concurrency: 1, lockDuration: this.o.lockMs ?? 30_000, stalledInterval: this.o.lockMs ?? 30_000 });
    this.resultsWorker.on('error', () => undefined);
  }

  async run(items: readonly WorkItem[], sink: WorkSink, signals: WorkSignals): Promise<void> {
    if (items.length === 0) return;
    await this.connect();
    await this.checkPools(items);
    let wake: () => void = () => undefined;
    const run: RunState = { sink, pending: new Map(), waiting: new Set(), done: new Set(), poke: () => wake() };
    const poke = (): void => run.poke();
    signals.abort.addEventListener('abort', poke, { once: true });
    signals.stop.addEventListener('abort', poke, { once: true });
    const c = this.coordinator;
    let stopped = false;
    try {
      await this.unlessGone(c.serial(() => c.begin(run, new Map(items.map((item) => [this.idOf(item), item] as const)))));
      this.startResults();
      while (this.failure === undefined && !signals.abort.aborted) {
        if (signals.stop.aborted && !stopped) {
          stopped = true;
          await this.unlessGone(c.serial(() => c.stop(run)));
        }
        await this.unlessGone(c.serial(() => c.tick()));
        if (run.pending.size === 0 && run.waiting.size === 0) break;
        await new Promise<void>((r) => {
          const t = setTimeout(r, 500);
          wake = () => {
            clearTimeout(t);
            r();
          };
        });
      }
    } catch (err) {
      this.fail(new ArenaError(ErrorCode.BACKEND_GONE, `Redis failed: ${err instanceof Error ? err.message : String(err)}; finished episodes are stored, rerun the sweep to resume`));
    } finally {
      signals.abort.removeEventListener('abort', poke);
      signals.stop.removeEventListener('abort', poke);
      // With Redis gone the serial path may wait for ever; nothing else changes state then.
      if (this.failure === undefined) await c.serial(async () => c.end(run));
      else c.end(run);
    }
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    if (this.health !== undefined) clearInterval(this.health);
    const closing = (async () => {
      await this.resultsWorker?.close(true);
      await this.coordinator.close(this.failure === undefined);
      await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    })();
    await Promise.race([closing.catch(() => undefined), wait(3000)]);
    this.redis.disconnect();
  }
}
