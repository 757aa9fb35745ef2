/**
 * The coordinator's book of a pool's workers, under either placement: each worker's slots (what map each has open,
 * what this coordinator placed there and when it should be done), kept current from heartbeats and from outcomes,
 * and the episodes waiting. The placement policy (`fifo` or `affinity`, sweeps/work/placement) decides; the book is
 * the one place a slot is chosen, and remembers where each placed episode went. A worker whose heartbeat stops
 * stays in the book for a grace period (a Redis restart drops every heartbeat at once) before it counts as gone.
 */
import type { Redis } from 'ioredis';
import type { EpisodeJob, EpisodeOutcome } from '../episode-job.js';
import type { CostModel } from '../placement/cost-model.js';
import type { PlacementPolicy, Warm, WorkerState } from '../placement/placement.js';
import { WaitingJobs } from '../placement/waiting-jobs.js';
import { listWorkers, type WorkerInfo } from './worker-registry.js';

interface ModelSlot {
  warm?: Warm | undefined;
  /** Episodes placed on this slot and not yet back. */
  held: number;
  freeAt: number;
  crashed?: Warm | undefined;
  /** The worker's passed health checks on this slot when it crashed: a higher count clears the crash. */
  checksAtCrash?: number;
  /** The one game this slot plays (its own build address), as its worker advertises. */
  build?: string | undefined;
}

interface ModelWorker {
  info: WorkerInfo;
  slots: ModelSlot[];
  /** When its heartbeat was last read; `present` is false once a refresh did not find it. */
  seenAt: number;
  present: boolean;
}

/** Where a placed episode went: the worker, its own queue, and the slot that plays it. */
export interface Placed {
  readonly pool: string;
  readonly worker: string;
  readonly queue: string;
  readonly slot: number;
}

/** Expected load times before a fleet has told us better: a UE5 build launch and a map open. */
export interface LoadTimes {
  readonly launchMs: number;
  readonly mapOpenMs: number;
}

const workerKey = (pool: string, name: string): string => `${pool}\u0000${name}`;

/** What a worker's stall limit is when its heartbeat does not say (`arena worker --stall-limit`'s default). */
const DEFAULT_STALL_LIMIT = 3;

export class SlotBook {
  private readonly workers = new Map<string, ModelWorker>();
  private readonly placed = new Map<string, Placed>();
  private readonly waiting = new WaitingJobs();
  private readonly pools = new Set<string>();
  /** Each worker's stall limit as its last heartbeat said, kept after it is gone (its episodes are judged by it then). */
  private readonly stallLimits = new Map<string, number>();

  /**
   * @param graceMs how long a worker whose heartbeat is missing keeps its episodes before they are taken back: longer
   * than a worker needs to register again after Redis restarts.
   */
  constructor(
    private readonly redis: Redis,
    private readonly policy: PlacementPolicy,
    private readonly graceMs = 5000,
    private readonly loads: LoadTimes = { launchMs: 20_000, mapOpenMs: 3_000 },
  ) {}

  /** The cost model placement prices episodes with (learnt from outcomes). */
  get costs(): CostModel {
    return this.waiting.costs;
  }

  /** Reads the pools' heartbeats (default: every pool an episode was queued for): new workers join with the maps they advertise open, passed health checks clear crashes. */
  async refresh(pools: Iterable<string> = this.pools, now = Date.now()): Promise<void> {
    const seen = new Set<string>();
    for (const pool of [...pools]) {
      this.pools.add(pool);
      for (const info of await listWorkers(this.redis, pool)) {
        if (info.queue === undefined) continue;
        const key = workerKey(pool, info.name);
        seen.add(key);
        if (info.stallLimit !== undefined) this.stallLimits.set(key, info.stallLimit);
        const known = this.workers.get(key);
        if (!known || known.info.startedAt !== info.startedAt) {
          this.workers.set(key, { info, seenAt: now, present: true, slots: Array.from({ length: info.slots }, (_, i) => ({ warm: info.slotStates?.[i]?.warm, held: 0, freeAt: 0, crashed: info.slotStates?.[i]?.crashed, build: info.slotStates?.[i]?.build })) });
          this.countHeld(key);
          continue;
        }
        Object.assign(known, { info, seenAt: now, present: true });
        known.slots.forEach((s, i) => {
          const told = info.slotStates?.[i];
          if (s.crashed && told && told.crashed === undefined && told.checks > (s.checksAtCrash ?? -1)) delete s.crashed;
        });
      }
    }
    for (const [key, w] of this.workers) {
      if (seen.has(key)) continue;
      w.present = false;
      if (now - w.seenAt > this.graceMs) this.workers.delete(key);
    }
  }

  /** A worker (re)joined: the episodes the book has on it hold their slots again (a worker restarted under its name). */
  private countHeld(key: string): void {
    const w = this.workers.get(key)!;
    for (const p of this.placed.values()) {
      const slot = workerKey(p.pool, p.worker) === key ? w.slots[p.slot] : undefined;
      if (slot) slot.held++;
    }
  }

  /** Whether `worker` of `pool` still counts as alive: its heartbeat was read within the grace period. */
  live(pool: string, worker: string): boolean {
    return this.workers.has(workerKey(pool, worker));
  }

  /** Whether a live worker's heartbeat says one of its slots plays (or is sending back) attempt `id`. */
  playing(id: string): boolean {
    for (const w of this.workers.values()) if (w.info.slotStates?.some((s) => s.job === id)) return true;
    return false;
  }

  /** Stalls `worker` allows an episode before it fails as WORKER_LOST (its heartbeat's `stallLimit`). */
  stallLimit(pool: string, worker: string): number {
    return this.stallLimits.get(workerKey(pool, worker)) ?? DEFAULT_STALL_LIMIT;
  }

  /** Queues an episode for placement (`front`: before every other, as one taken back from a dead worker). */
  enqueue(id: string, job: EpisodeJob, front = false): void {
    this.pools.add(job.pool);
    const frame = job.frame ? `${job.frame.width}x${job.frame.height}` : undefined;
    this.waiting.add({ key: id, game: job.cellInfo.game, map: job.cellInfo.variant, cell: job.cell, pool: job.pool, priorMs: this.costs.prior(job), ...(frame ? { frame } : {}) }, front);
  }

  /** Takes an episode out of the queue (it came back, or its run stopped); false when it was not waiting. */
  drop(id: string): boolean {
    return this.waiting.remove(id);
  }

  /** Episodes queued and not yet placed. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /** The policy's decision over the free slots of the workers present now; records and returns the assignments. */
  next(now: number): { id: string; placed: Placed }[] {
    const present = [...this.workers.entries()].filter(([, w]) => w.present);
    const views: WorkerState[] = present.map(([key, w]) => ({
      name: key,
      pool: w.info.pool,
      speed: w.info.speed ?? 1,
      games: w.info.games,
      ...(w.info.frames ? { frames: w.info.frames.map((f) => `${f.width}x${f.height}`) } : {}),
      launchMs: this.loads.launchMs,
      mapOpenMs: this.loads.mapOpenMs,
      slots: w.slots.map((s) => ({ warm: s.warm, busy: s.held > 0, freeAt: s.freeAt, crashed: s.crashed, build: s.build })),
    }));
    const out: { id: string; placed: Placed }[] = [];
    for (const a of this.policy.decide(this.waiting, views, now)) {
      const w = this.workers.get(a.worker)!;
      const placed = { pool: w.info.pool, worker: w.info.name, queue: w.info.queue!, slot: a.slot };
      this.hold(placed, a.job, a.costMs, now);
      out.push({ id: a.job.key, placed });
    }
    return out;
  }

  /** Books `id` on its slot: held until it is back, expected free after its load and play. */
  private hold(p: Placed, job: { readonly key: string; readonly game: string; readonly map: string }, costMs: number, now: number): void {
    this.placed.set(job.key, p);
    const w = this.workers.get(workerKey(p.pool, p.worker));
    const slot = w?.slots[p.slot];
    if (!w || !slot) return;
    const load = slot.warm?.game !== job.game ? this.loads.launchMs + this.loads.mapOpenMs : slot.warm.map !== job.map ? this.loads.mapOpenMs : 0;
    Object.assign(slot, { warm: { game: job.game, map: job.map }, held: slot.held + 1, freeAt: Math.max(now, slot.freeAt) + load + costMs / (w.info.speed ?? 1) });
  }

  /** Where `id` was placed, if it was. */
  where(id: string): Placed | undefined {
    return this.placed.get(id);
  }

  /** Frees the slot `id` held; the slot, or undefined when it was not placed (or its worker is gone). */
  private release(id: string): { w: ModelWorker; slot: ModelSlot; p: Placed } | undefined {
    const p = this.placed.get(id);
    if (!p) return undefined;
    this.placed.delete(id);
    const w = this.workers.get(workerKey(p.pool, p.worker));
    const slot = w?.slots[p.slot];
    if (!w || !slot) return undefined;
    slot.held = Math.max(0, slot.held - 1);
    return { w, slot, p };
  }

  /** An outcome came back: the slot is free, its cost is learnt, a crashed build keeps the slot off that map. */
  back(id: string, job: EpisodeJob, outcome: EpisodeOutcome): void {
    const r = this.release(id);
    if (!r) return;
    const { w, slot, p } = r;
    if (outcome.status === 'complete') this.waiting.observe({ cell: job.cell, game: job.cellInfo.game }, outcome.wallMs, w.info.speed ?? 1);
    if (outcome.failure?.class === 'infrastructure') {
      slot.crashed = { game: job.cellInfo.game, map: job.cellInfo.variant };
      slot.checksAtCrash = w.info.slotStates?.[p.slot]?.checks ?? 0;
      delete slot.warm;
    }
  }

  /**
   * Takes over an episode an earlier coordinator placed (it is in its worker's queue already: not placed again). It
   * holds the slot that placement named, now or once its worker's heartbeat is read.
   */
  adopt(id: string, placed: Placed, job: EpisodeJob, now: number): void {
    this.pools.add(placed.pool);
    this.hold(placed, { key: id, game: job.cellInfo.game, map: job.cellInfo.variant }, this.costs.expected({ cell: job.cell, game: job.cellInfo.game, stepBudget: job.stepBudget, frame: job.frame }), now);
  }

  /** Forgets where `id` went (taken back from a dead worker, or its run ended), freeing its slot. */
  forget(id: string): void {
    this.release(id);
  }
}
