/**
 * The fleet coordinator's state machine: which episodes each run wants, which wait for a slot, which are placed
 * (where) and which are back. Every change of that state goes through {@link Coordinator.serial}, one step at a
 * time: an outcome stored, episodes placed, episodes adopted from an earlier coordinator, episodes taken back from a
 * dead worker, lost jobs found again. No step starts while another waits on Redis or on the store, so no step sees
 * another's half-done work, whatever order they are asked in. Placement is the slot book's, under either policy.
 */
import { join } from 'node:path';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { ErrorCode } from '../../../protocol/index.js';
import type { EndpointLimits } from '../../spec/sweep-spec.js';
import type { EpisodeOutcome } from '../episode-job.js';
import type { WorkItem, WorkSink } from '../work-backend.js';
import type { ResultPayload} from './payloads.js';
import { WorkPayload } from './payloads.js';
import { placedQueuesKey } from './redis-names.js';
import { unpackRunDir } from './run-files.js';
import type { Placed, SlotBook } from './slot-book.js';

/** One `run` call: the items it asked for by attempt id, those placed and not back, those waiting for a slot, those back. */
export interface RunState {
  readonly sink: WorkSink;
  readonly pending: Map<string, WorkItem>;
  readonly waiting: Set<string>;
  readonly done: Set<string>;
  poke(): void;
}

/** What the coordinator needs of its backend: Redis, its queues, and where run directories go. */
export interface CoordinatorDeps {
  readonly redis: Redis;
  readonly book: SlotBook;
  queue(name: string): Queue;
  readonly results: Queue;
  readonly batchKey: string;
  readonly runsDir: string;
  readonly endpoints: Readonly<Record<string, EndpointLimits>>;
  /** Placement pauses while this many episodes are placed and not back (see RedisBackendOptions.window). */
  readonly window: number;
  /** See RedisBackendOptions.strays. */
  readonly strays: 'deliver' | 'hold';
}

const KEEP_S = 7 * 24 * 3600;
/** Job states whose episode is still to play or playing: adopted by a resuming coordinator, taken back from a dead worker. */
const UNFINISHED = ['waiting', 'active', 'delayed', 'prioritized'] as const;

/**
 * The outcome of an attempt that was lost: its worker went silent (killed, frozen or cut off) more often than the
 * worker's stall limit allows, or the job failed in its queue.
 */
export function lostOutcome(item: WorkItem, failedReason: string | undefined): EpisodeOutcome {
  const stalled = failedReason !== undefined && /stalled/i.test(failedReason);
  const message = stalled
    ? `the worker playing it stopped answering and the episode stalled more often than the workers' stall limit (${failedReason}); rerun with --retry-failed`
    : `the job failed in the queue: ${failedReason ?? 'no reason given'}; rerun with --retry-failed`;
  return { id: item.job.id, status: 'failed', reason: ErrorCode.WORKER_LOST, failure: { code: ErrorCode.WORKER_LOST, class: 'infrastructure', message }, simMs: 0, players: [], dir: join('runs', item.job.id), worker: 'unknown', wallMs: 0 };
}

export class Coordinator {
  private readonly routes = new Map<string, { run: RunState; item: WorkItem }>();
  readonly runs = new Set<RunState>();
  private readonly strays = new Map<string, ResultPayload>();
  /** Finished jobs whose removal has to wait until their worker marks them done. */
  private readonly unremoved = new Map<string, Queue>();
  /** Times each attempt was taken back from a dead worker after it had started (a stall). */
  private readonly stalls = new Map<string, number>();
  /** The worker queues this batch placed on (read back from Redis when a run begins). */
  private readonly known = new Set<string>();
  /** Attempts whose outcome this coordinator stored: another outcome of one is a duplicate. */
  private readonly delivered = new Set<string>();
  private chain: Promise<unknown> = Promise.resolve();
  private refreshedAt = 0;
  private sweptAt = Date.now();

  constructor(private readonly d: CoordinatorDeps) {}

  /** Runs `step` after every step asked for before it has ended: the one path every change of state takes. */
  serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.chain.then(step);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The queue an attempt was placed on. */
  private queueOf(id: string): Queue | undefined {
    const p = this.d.book.where(id);
    return p && this.d.queue(p.queue);
  }

  /** A run starts: its outcomes that came back before it asked, what earlier coordinators placed, the rest to the book. */
  async begin(run: RunState, mine: ReadonlyMap<string, WorkItem>): Promise<void> {
    for (const name of await this.d.redis.smembers(placedQueuesKey(this.d.batchKey))) this.known.add(name);
    for (const [id, item] of mine) this.routes.set(id, { run, item });
    this.runs.add(run);
    for (const [id, item] of mine) {
      const r = this.strays.get(id);
      if (r === undefined) continue;
      this.strays.delete(id);
      await this.deliver(run, id, item, r);
    }
    await this.d.book.refresh(new Set([...mine.values()].map((i) => i.job.pool)));
    this.refreshedAt = Date.now();
    await this.adopt(run, mine);
    for (const [id, item] of mine) {
      if (run.pending.has(id) || run.done.has(id)) continue;
      this.d.book.enqueue(id, item.job);
      run.waiting.add(id);
    }
  }

  /**
   * After a restart: episodes an earlier coordinator of this batch placed are still in (or done in) the queues it
   * placed on, whether their workers live or not; each holds the slot it was placed on and counts as in flight, so
   * none is placed, and played, twice. One on a worker that does not come back is taken back like any other.
   */
  private async adopt(run: RunState, mine: ReadonlyMap<string, WorkItem>): Promise<void> {
    for (const name of this.known) {
      for (const job of await this.d.queue(name).getJobs([...UNFINISHED, 'completed', 'failed'])) {
        const item = job?.id === undefined ? undefined : mine.get(job.id);
        const data = item && WorkPayload.safeParse(job.data);
        if (!item || !data?.success || run.done.has(job.id!)) continue;
        this.d.book.adopt(job.id!, { pool: item.job.pool, worker: data.data.placed.worker, queue: name, slot: data.data.placed.slot }, item.job, Date.now());
        run.pending.set(job.id!, item);
      }
    }
  }

  /** An outcome on the results queue: stored by its run (or held or handed on when no run asked for it yet). */
  async intake(id: string, r: ResultPayload): Promise<void> {
    const route = this.routes.get(id);
    // A late outcome of an attempt stored already (as WORKER_LOST, or played twice by a worker that froze and woke
    // up): dropped, and its run directory never overwrites the stored one.
    if (this.delivered.has(id) || (!route?.run.pending.has(id) && (await this.failedAnywhere(id)))) {
      if (r.files !== null) await this.d.redis.del(r.files);
      return;
    }
    if (route) return this.deliver(route.run, id, route.item, r);
    const oldest = this.runs.values().next().value;
    if (this.d.strays === 'deliver' && oldest) return this.deliver(oldest, id, { job: r.job, attempt: r.attempt }, r);
    this.strays.set(id, r);
  }

  /** Whether attempt `id` failed in one of the batch's queues (stored as WORKER_LOST by some coordinator). */
  private async failedAnywhere(id: string): Promise<boolean> {
    for (const q of this.known) if ((await this.d.queue(q).getJobState(id)) === 'failed') return true;
    return false;
  }

  /** Writes an outcome's run directory, hands it to its run, frees its slot and forgets the attempt. */
  private async deliver(run: RunState, id: string, item: WorkItem, r: ResultPayload): Promise<void> {
    run.done.add(id);
    this.delivered.add(id);
    if (run.waiting.delete(id)) this.d.book.drop(id);
    if (r.files !== null) await unpackRunDir(this.d.redis, r.files, join(item.runsDir ?? this.d.runsDir, r.job.id));
    const queue = this.queueOf(id);
    this.d.book.back(id, item.job, r.outcome);
    await run.sink.onOutcome(item, r.outcome);
    if (r.files !== null) await this.d.redis.del(r.files);
    // Stored: the finished job leaves Redis now, so Redis holds what is in flight, not the whole sweep. A job its
    // worker has not yet marked done (it sends the outcome first) is removed on a later step.
    if (queue && !(await queue.remove(id).then((n) => n === 1, () => false))) this.unremoved.set(id, queue);
    this.settle(run, id);
  }

  /** An attempt is back (or given up): it leaves its run's books and the routes. */
  private settle(run: RunState, id: string): void {
    if (this.routes.get(id)?.run === run) this.routes.delete(id);
    run.pending.delete(id);
    this.stalls.delete(id);
    run.poke();
  }

  /**
   * One step of the loop: heartbeats read (at most twice a second), episodes on dead workers taken back, lost jobs
   * found (every 2 s), then the policy's placements sent to their workers' queues.
   */
  async tick(now = Date.now()): Promise<void> {
    if (now - this.refreshedAt >= 500) {
      await this.d.book.refresh();
      this.refreshedAt = now;
      await this.takeBack();
    }
    if (now - this.sweptAt > 2000) {
      this.sweptAt = now;
      await this.sweepLost();
    }
    let inFlight = 0;
    for (const run of this.runs) inFlight += run.pending.size;
    if (inFlight >= this.d.window) return;
    for (const { id, placed } of this.d.book.next(now)) {
      const route = this.routes.get(id);
      if (!route?.run.waiting.delete(id)) {
        this.d.book.forget(id);
        continue;
      }
      route.run.pending.set(id, route.item);
      await this.add(id, route.item, placed);
    }
  }

  /**
   * Episodes placed on a worker whose heartbeat stopped (past the book's grace) go back to the front of the book:
   * waiting ones as soon as they are removed, a started one once its job lock lapsed (a stall; past the worker's
   * stall limit it fails as WORKER_LOST), one Redis lost once no live worker says it plays it. A finished one is left:
   * its outcome is on its way.
   */
  private async takeBack(): Promise<void> {
    const book = this.d.book;
    for (const run of this.runs) {
      for (const [id, item] of [...run.pending]) {
        const where = book.where(id);
        if (!where || book.live(where.pool, where.worker) || run.done.has(id)) continue;
        const queue = this.d.queue(where.queue);
        const job = await queue.getJob(id);
        const state = job ? await job.getState() : 'unknown';
        if (state === 'failed') {
          await this.giveUp(run, id, item, job?.failedReason);
          continue;
        }
        if (state === 'active') {
          if ((await this.d.redis.exists(queue.toKey(`${id}:lock`))) === 1) continue;
          const stalls = (this.stalls.get(id) ?? 0) + 1;
          this.stalls.set(id, stalls);
          if (stalls > book.stallLimit(where.pool, where.worker)) {
            // Failed in its queue like a stall past the limit in BullMQ, so a late outcome of it is dropped.
            const reason = `job stalled more than allowable limit (${stalls - 1}); its worker ${where.worker} is gone`;
            await job!.moveToFailed(new Error(reason), '0', false);
            await this.giveUp(run, id, item, reason);
            continue;
          }
        } else if (state === 'unknown') {
          if (book.playing(id) || (await this.d.results.getJobState(id)) !== 'unknown' || this.strays.has(id)) continue;
        } else if (!(UNFINISHED as readonly string[]).includes(state)) continue;
        if (job && !(await job.remove().then(() => true, () => false))) continue;
        book.forget(id);
        run.pending.delete(id);
        book.enqueue(id, item.job, true);
        run.waiting.add(id);
      }
    }
  }

  /**
   * Jobs of live workers that failed in their queue come back as WORKER_LOST outcomes; jobs gone from Redis (flushed
   * or restarted empty) with no outcome on the way and no heartbeat naming them are sent again to the same slot.
   */
  private async sweepLost(): Promise<void> {
    await this.removeFinished();
    for (const run of this.runs) {
      for (const [id, item] of [...run.pending]) {
        const where = this.d.book.where(id);
        if (!where || !this.d.book.live(where.pool, where.worker)) continue;
        const queue = this.d.queue(where.queue);
        const state = await queue.getJobState(id);
        if (state === 'failed') await this.giveUp(run, id, item, (await queue.getJob(id))?.failedReason);
        else if ((state === 'unknown' || state === 'completed') && !this.strays.has(id) && !this.d.book.playing(id) && (await this.d.results.getJobState(id)) === 'unknown') {
          // Played, and its outcome taken by an earlier coordinator that died before keeping it; or lost from Redis.
          if (state === 'completed') await (await queue.getJob(id))?.remove();
          await this.add(id, item, where);
        }
      }
    }
  }

  /** An attempt failed in its queue: stored once as WORKER_LOST, its slot freed. */
  private async giveUp(run: RunState, id: string, item: WorkItem, failedReason: string | undefined): Promise<void> {
    run.done.add(id);
    this.delivered.add(id);
    this.d.book.forget(id);
    await run.sink.onOutcome(item, lostOutcome(item, failedReason));
    this.settle(run, id);
  }

  /** Removes the finished jobs whose workers have marked them done since their outcome was stored. */
  private async removeFinished(): Promise<void> {
    for (const [id, queue] of [...this.unremoved]) {
      if ((await queue.remove(id).catch(() => 0)) === 1 || (await queue.getJobState(id)) === 'unknown') this.unremoved.delete(id);
    }
  }

  /** Sends an attempt to the worker queue it was placed on, named in the job so a resuming coordinator can adopt it. */
  private async add(id: string, item: WorkItem, placed: Placed): Promise<void> {
    if (!this.known.has(placed.queue)) {
      await this.d.redis.multi().sadd(placedQueuesKey(this.d.batchKey), placed.queue).expire(placedQueuesKey(this.d.batchKey), KEEP_S).exec();
      this.known.add(placed.queue);
    }
    const data: WorkPayload = { job: item.job, attempt: item.attempt, placed: { worker: placed.worker, slot: placed.slot }, results: this.d.results.name, endpoints: this.d.endpoints };
    // A finished job stays until its outcome is stored (deliver removes it), a failed one a while so a late outcome
    // of it can be recognised.
    await this.d.queue(placed.queue).add('episode', data, { jobId: id, attempts: 1, removeOnComplete: { age: KEEP_S }, removeOnFail: { age: KEEP_S } });
  }

  /** A stopped run: its waiting episodes leave the book, and placed ones not yet started leave their queues. */
  async stop(run: RunState): Promise<void> {
    this.unwait(run);
    for (const [id] of [...run.pending]) {
      const job = await this.queueOf(id)?.getJob(id);
      if (job && (await job.getState()) === 'waiting' && (await job.remove().then(() => true, () => false))) {
        this.d.book.forget(id);
        this.settle(run, id);
      }
    }
  }

  /** Takes a run's episodes that wait for a slot out of the book. */
  private unwait(run: RunState): void {
    for (const id of run.waiting) this.d.book.drop(id);
    run.waiting.clear();
  }

  /** A run ended: nothing of it waits any longer and no outcome is routed to it. */
  end(run: RunState): void {
    this.runs.delete(run);
    this.unwait(run);
    for (const [id, r] of this.routes) if (r.run === run) this.routes.delete(id);
  }

  /** At close: finished jobs leave Redis; outcomes nobody asked for go back on the results queue for the next coordinator. */
  async close(putBack: boolean): Promise<void> {
    for (const [id, queue] of this.unremoved) await queue.remove(id).catch(() => 0);
    if (putBack) for (const [id, r] of this.strays) await this.d.results.add('outcome', r, { jobId: id, removeOnComplete: true });
  }
}
