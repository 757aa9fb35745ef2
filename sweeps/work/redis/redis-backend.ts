/**
 * The fleet backend, coordinator side: episodes go to their pool's BullMQ queue (a window at a time), outcomes
 * come back on this batch's results queue, whose jobs are processed here: run directory written, outcome
 * stored, then acknowledged. A coordinator killed mid-sweep leaves unacknowledged outcomes in Redis for the
 * next one; the store counts each episode once.
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
import type { EpisodeOutcome } from '../episode-job.js';
import type { WorkBackend, WorkItem, WorkSignals, WorkSink } from '../work-backend.js';
import { attemptId, ResultPayload, type WorkPayload } from './payloads.js';
import { poolQueue, resultsQueue, type RedisConnection } from './redis-names.js';
import { unpackRunDir } from './run-files.js';
import { FleetPlacer } from './fleet-placer.js';
import type { Placement } from '../placement/placement.js';
import { listWorkers, type WorkerInfo } from './worker-registry.js';
import { missingRunnerMaps, parseEnvironment } from '../../../games-manifest/index.js';
import type { EpisodeJob } from '../episode-job.js';

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
  /** Most episodes queued and not yet back (default 64). */
  readonly window?: number;
  /** How long to wait for a worker of each pool before refusing (default 10 s). */
  readonly waitWorkersMs?: number;
  /** Redis unreachable this long ends the run with BACKEND_GONE (default 15 s). */
  readonly redisTimeoutMs?: number;
  /** Results job lock (default 30 s). */
  readonly lockMs?: number;
  /**
   * An outcome no run asked for (yet): `deliver` hands it to the oldest running batch (a sweep stores it or
   * ignores a duplicate), `hold` keeps it until a run asks for its attempt (a curve re-asking after a restart)
   * and puts it back on the results queue at close (default `deliver`).
   */
  readonly strays?: 'deliver' | 'hold';
  /** How episodes go to workers (default `fifo`: the pool's one queue); see sweeps/work/placement. */
  readonly placement?: Placement;
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

/**
 * One `run` call: the items it asked for by attempt id, those queued and not back, those back (queued by it or
 * not), and under `affinity` those waiting in the placer for a slot.
 */
interface RunState {
  readonly sink: WorkSink;
  readonly pending: Map<string, WorkItem>;
  readonly done: Set<string>;
  readonly waiting: Set<string>;
  poke(): void;
}

/** Events kept per queue: BullMQ keeps 10,000 by default, which would make Redis grow with the sweep. */
const EVENTS = { events: { maxLen: 100 } };

export class RedisBackend implements WorkBackend {
  readonly name = 'redis';
  /** The one command connection: health pings, the worker registry, and every queue of this backend. */
  private readonly redis: Redis;
  private readonly queues = new Map<string, Queue>();
  private resultsWorker: Worker | undefined;
  private resultsView: Queue | undefined;
  private readonly routes = new Map<string, { run: RunState; item: WorkItem }>();
  private readonly runs = new Set<RunState>();
  private readonly strays = new Map<string, ResultPayload>();
  /** Finished jobs whose removal has to wait until their worker marks them done. */
  private readonly unremoved = new Map<string, Queue>();
  private health: ReturnType<typeof setInterval> | undefined;
  private failure: ArenaError | undefined;
  private markGone: () => void = () => undefined;
  private readonly gone: Promise<undefined>;
  readonly batchKey: string;
  readonly results: string;
  /** With `placement: affinity`: the pools' workers as this coordinator sees them. */
  private readonly placer: FleetPlacer | undefined;

  constructor(private readonly o: RedisBackendOptions) {
    this.redis = new Redis({ ...o.connection, maxRetriesPerRequest: null, retryStrategy: () => 200, lazyConnect: true, connectionName: `arena-coordinator-${o.batch}`.replace(/[^A-Za-z0-9_.:-]/g, '_') });
    this.redis.on('error', () => undefined);
    this.batchKey = `${o.batch}-${digest(resolve(o.batchDir), 8)}`;
    this.results = resultsQueue(this.batchKey);
    this.gone = new Promise<undefined>((r) => (this.markGone = () => r(undefined)));
    this.placer = o.placement === 'affinity' ? new FleetPlacer(this.redis) : undefined;
  }

  /** The queue an attempt was sent to: the worker it was placed on, or its pool's. */
  private queueOf(id: string, item: WorkItem): Queue {
    return this.queue(this.placer?.where(id)?.queue ?? poolQueue(item.job.pool));
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
    for (const run of this.runs) run.poke();
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

  /** Writes an outcome's run directory, hands it to its run, and forgets the attempt. */
  private async deliver(run: RunState, id: string, item: WorkItem, r: ResultPayload): Promise<void> {
    // Back, whether this run sent it or not, from now on: nothing of this run sends it again. Marked before the
    // first await, as outcomes are taken while the run adopts, places and sends: one that came back in between
    // would otherwise be sent again after its job left the queue below, and played a second time.
    run.done.add(id);
    if (run.waiting.delete(id)) this.placer?.drop(id);
    if (r.files !== null) await unpackRunDir(this.redis, r.files, join(item.runsDir ?? this.o.runsDir ?? join(this.o.batchDir, 'runs'), r.job.id));
    const queue = this.queueOf(id, item);
    this.placer?.back(id, item.job, r.outcome);
    await run.sink.onOutcome(item, r.outcome);
    if (r.files !== null) await this.redis.del(r.files);
    // Stored: the finished job leaves Redis now (until here it made a re-add of the attempt a no-op), so Redis
    // holds what is in flight, not the whole sweep. A job its worker has not yet marked done (it sends the outcome
    // first) cannot be removed yet: it is tried again on each sweep for lost jobs.
    if (!(await queue.remove(id).then((n) => n === 1, () => false))) this.unremoved.set(id, queue);
    await this.removeFinished();
    if (this.routes.get(id)?.run === run) this.routes.delete(id);
    run.pending.delete(id);
    // An adoption that ran while this was delivered placed it back on its worker's books.
    this.placer?.forget(id);
    run.poke();
  }

  /** The results queue's worker: one per backend, started with the first run. */
  private startResults(): void {
    if (this.resultsWorker) return;
    const take = async (job: Job): Promise<void> => {
      const id = job.id!;
      const r = ResultPayload.parse(job.data);
      const route = this.routes.get(id);
      // A late outcome of a job BullMQ already failed as stalled (a worker that froze, then woke up): that attempt
      // is stored as WORKER_LOST, so this one is dropped, and its run directory never overwrites a newer one.
      if (!route?.run.pending.has(id) && (await this.queueOf(id, { job: r.job, attempt: r.attempt }).getJobState(id)) === 'failed') {
        if (r.files !== null) await this.redis.del(r.files);
        return;
      }
      if (route) return this.deliver(route.run, id, route.item, r);
      const oldest = this.runs.values().next().value;
      if ((this.o.strays ?? 'deliver') === 'deliver' && oldest) return this.deliver(oldest, id, { job: r.job, attempt: r.attempt }, r);
      this.strays.set(id, r);
    };
    this.resultsWorker = new Worker(this.results, take, { connection: this.redis, concurrency: 1, lockDuration: this.o.lockMs ?? 30_000, stalledInterval: this.o.lockMs ?? 30_000 });
    this.resultsWorker.on('error', () => undefined);
    this.resultsView = this.queue(this.results);
  }

  async run(items: readonly WorkItem[], sink: WorkSink, signals: WorkSignals): Promise<void> {
    if (items.length === 0) return;
    await this.connect();
    await this.checkPools(items);
    let wake: () => void = () => undefined;
    const run: RunState = { sink, pending: new Map(), done: new Set(), waiting: new Set(), poke: () => wake() };
    const mine = items.map((item) => [this.idOf(item), item] as const);
    for (const [id, item] of mine) this.routes.set(id, { run, item });
    this.runs.add(run);
    this.startResults();
    const poke = (): void => run.poke();
    signals.abort.addEventListener('abort', poke, { once: true });
    signals.stop.addEventListener('abort', poke, { once: true });
    try {
      // Outcomes that came back before this run asked for them (a coordinator that restarted).
      for (const [id, item] of mine) {
        const r = this.strays.get(id);
        if (r === undefined) continue;
        this.strays.delete(id);
        await this.deliver(run, id, item, r);
      }
      if (this.placer) await this.unlessGone(this.adopt(run, new Map(mine)));
      // Not yet sent, in batch order: FIFO's list, or under affinity the placer's queue.
      let left: (readonly [string, WorkItem])[] = mine.filter(([id]) => !run.pending.has(id) && !run.done.has(id));
      if (this.placer) {
        for (const [id, item] of left) {
          this.placer.enqueue(id, item.job);
          run.waiting.add(id);
        }
        left = [];
      }
      const window = this.o.window ?? 64;
      let lastSweep = Date.now();
      while (this.failure === undefined && !signals.abort.aborted) {
        // Affinity places from the placer's queue, which costs the maps per decision, not the episodes; FIFO skips
        // what came back as it takes from the front (filtering the list on every outcome would cost the sweep's
        // size per episode).
        if (!signals.stop.aborted && this.placer) await this.place();
        while (!signals.stop.aborted && !this.placer && left.length > 0 && run.pending.size < window) {
          const [id, item] = left.shift()!;
          // Delivered while this loop sent the ones before (an outcome an earlier coordinator left).
          if (run.done.has(id)) continue;
          run.pending.set(id, item);
          await this.unlessGone(this.add(id, item));
          if (this.failure !== undefined) break;
        }
        if (signals.stop.aborted && (left.length > 0 || run.waiting.size > 0)) {
          left = [];
          this.unwait(run);
          await this.unlessGone(this.dropWaiting(run));
        }
        if (run.pending.size === 0 && left.length === 0 && run.waiting.size === 0) break;
        await new Promise<void>((r) => {
          const t = setTimeout(r, 1000);
          wake = () => {
            clearTimeout(t);
            r();
          };
        });
        if (Date.now() - lastSweep > 2000 && this.failure === undefined) {
          lastSweep = Date.now();
          await this.unlessGone(this.sweepLost(run).catch(() => undefined));
        }
      }
    } catch (err) {
      this.fail(new ArenaError(ErrorCode.BACKEND_GONE, `Redis failed: ${err instanceof Error ? err.message : String(err)}; finished episodes are stored, rerun the sweep to resume`));
    } finally {
      signals.abort.removeEventListener('abort', poke);
      signals.stop.removeEventListener('abort', poke);
      this.runs.delete(run);
      this.unwait(run);
      for (const [id] of mine) if (this.routes.get(id)?.run === run) this.routes.delete(id);
    }
    if (this.failure) throw this.failure;
  }

  /** Takes a run's episodes that wait for a slot out of the placer's queue. */
  private unwait(run: RunState): void {
    for (const id of run.waiting) this.placer?.drop(id);
    run.waiting.clear();
  }

  /**
   * `placement: affinity`: sends what the placer puts on free slots (of every run's episodes) to their workers' own
   * queues; an episode placed on a worker whose heartbeat stopped is taken back as soon as its job can be removed
   * (its lock lapsed) and placed anew, before the rest.
   */
  private async place(): Promise<void> {
    const placer = this.placer!;
    if ((await this.unlessGone(placer.refresh())) === undefined) return;
    for (const run of this.runs) {
      for (const [id, item] of [...run.pending]) {
        const where = placer.where(id);
        if (!where || placer.live(item.job.pool, where.worker) || run.done.has(id)) continue;
        const job = await this.queue(where.queue).getJob(id);
        if (job && !(await job.remove().then(() => true, () => false))) continue;
        if (!run.pending.has(id) || run.done.has(id)) continue;
        placer.forget(id);
        run.pending.delete(id);
        placer.enqueue(id, item.job, true);
        run.waiting.add(id);
      }
    }
    for (const { id, placed } of placer.next(Date.now())) {
      const route = this.routes.get(id);
      // Its run ended between the decision and here: the slot is not taken after all.
      if (!route?.run.waiting.delete(id)) {
        placer.forget(id);
        continue;
      }
      route.run.pending.set(id, route.item);
      await this.unlessGone(this.add(id, route.item, placed.queue));
      if (this.failure !== undefined) break;
    }
  }

  /**
   * `placement: affinity` after a restart: episodes an earlier coordinator of this batch placed are still in (or
   * done in) their workers' queues; they stay there and count as in flight, so none is placed, and played, twice.
   */
  private async adopt(run: RunState, mine: ReadonlyMap<string, WorkItem>): Promise<void> {
    const placer = this.placer!;
    await placer.refresh(new Set([...mine.values()].map((i) => i.job.pool)));
    for (const { worker, queue } of placer.queues()) {
      for (const job of await this.queue(queue).getJobs(['waiting', 'active', 'delayed', 'prioritized', 'completed'])) {
        const item = job?.id === undefined ? undefined : mine.get(job.id);
        if (!item || run.done.has(job.id!)) continue;
        placer.adopt(job.id!, worker, queue, item.job, Date.now());
        run.pending.set(job.id!, item);
      }
    }
  }

  /** Removes the finished jobs whose workers have marked them done since their outcome was stored. */
  private async removeFinished(): Promise<void> {
    for (const [id, queue] of [...this.unremoved]) {
      if (this.unremoved.get(id) !== queue) continue;
      if ((await queue.remove(id).catch(() => 0)) === 1 || (await queue.getJobState(id)) === 'unknown') this.unremoved.delete(id);
    }
  }

  /** Jobs that BullMQ gave up on come back as failed outcomes; jobs lost from Redis are queued again. */
  private async sweepLost(run: RunState): Promise<void> {
    await this.removeFinished();
    for (const [id, item] of [...run.pending]) {
      const pool = this.queueOf(id, item);
      const state = await pool.getJobState(id);
      if (state === 'failed') {
        const job = await pool.getJob(id);
        await run.sink.onOutcome(item, lostOutcome(item, job?.failedReason));
        run.pending.delete(id);
        this.routes.delete(id);
      } else if ((state === 'unknown' || state === 'completed') && !this.strays.has(id) && (await this.resultsView!.getJobState(id)) === 'unknown' && run.pending.has(id)) {
        // Gone from its queue with no outcome on the way: lost from Redis (flushed or restarted empty), or played
        // and its outcome taken by an earlier coordinator that died before keeping it. Play it again.
        if (state === 'completed') await (await pool.getJob(id))?.remove();
        await this.add(id, item, pool.name);
      }
    }
  }

  private async add(id: string, item: WorkItem, queue = poolQueue(item.job.pool)): Promise<void> {
    const data: WorkPayload = { job: item.job, attempt: item.attempt, results: this.results, endpoints: this.o.endpoints ?? {} };
    // A finished job stays until its outcome is stored (deliver removes it), a failed one a while so a late
    // outcome of it can be recognised.
    await this.queue(queue).add('episode', data, { jobId: id, attempts: 1, removeOnComplete: { age: KEEP_S }, removeOnFail: { age: KEEP_S } });
  }

  /** Takes back episodes still waiting in a queue (a budget ran out or the operator stopped the sweep). */
  private async dropWaiting(run: RunState): Promise<void> {
    for (const [id, item] of [...run.pending]) {
      const job = await this.queueOf(id, item).getJob(id);
      if (job && (await job.getState()) === 'waiting') {
        await job.remove().then(
          () => void (run.pending.delete(id), this.routes.delete(id)),
          () => undefined,
        );
      }
    }
  }

  async close(): Promise<void> {
    if (this.health !== undefined) clearInterval(this.health);
    const closing = (async () => {
      await this.resultsWorker?.close(true);
      // Finished jobs whose workers have marked them done by now leave Redis too.
      for (const [id, queue] of this.unremoved) await queue.remove(id).catch(() => 0);
      // Outcomes nobody asked for go back on the results queue for the next coordinator of this batch.
      if (this.failure === undefined) for (const [id, r] of this.strays) await this.queue(this.results).add('outcome', r, { jobId: id, removeOnComplete: true });
      await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    })();
    await Promise.race([closing.catch(() => undefined), wait(3000)]);
    this.redis.disconnect();
  }
}
