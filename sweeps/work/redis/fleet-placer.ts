/**
 * The coordinator's view of a pool's workers for `placement: affinity`: each worker's slots (what map each has
 * open, what this coordinator placed there and when it should be done), kept current from heartbeats and from
 * outcomes, and the episodes waiting; {@link place} decides, the placer remembers where each placed episode went.
 */
import type { Redis } from 'ioredis';
import type { EpisodeJob, EpisodeOutcome } from '../episode-job.js';
import type { CostModel } from '../placement/cost-model.js';
import { place, type Warm, type WorkerState } from '../placement/placement.js';
import { WaitingJobs } from '../placement/waiting-jobs.js';
import { listWorkers, type WorkerInfo } from './worker-registry.js';

interface ModelSlot {
  warm?: Warm | undefined;
  /** Episodes placed on this slot and not yet back (more than one when its worker's queue holds some). */
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
}

/** Where a placed episode went. */
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

/**
 * Keeps a batch's waiting episodes (see {@link WaitingJobs}: a decision costs the maps, not the episodes), places
 * them on the free slots of their pools' workers, and remembers where each went.
 */
export class FleetPlacer {
  private readonly workers = new Map<string, ModelWorker>();
  private readonly placed = new Map<string, Placed>();
  private readonly waiting = new WaitingJobs();
  private readonly pools = new Set<string>();

  constructor(
    private readonly redis: Redis,
    private readonly loads: LoadTimes = { launchMs: 20_000, mapOpenMs: 3_000 },
  ) {}

  /** The cost model placement prices episodes with (learnt from outcomes). */
  get costs(): CostModel {
    return this.waiting.costs;
  }

  /** Reads the pools' heartbeats (default: every pool an episode was queued for): new workers join with the maps they advertise open, passed health checks clear crashes. */
  async refresh(pools: Iterable<string> = this.pools): Promise<string[]> {
    const live = new Set<string>();
    for (const pool of [...pools]) {
      this.pools.add(pool);
      for (const info of await listWorkers(this.redis, pool)) {
        if (info.queue === undefined) continue;
        const key = workerKey(pool, info.name);
        live.add(key);
        const known = this.workers.get(key);
        if (!known || known.info.startedAt !== info.startedAt) {
          this.workers.set(key, { info, slots: Array.from({ length: info.slots }, (_, i) => ({ warm: info.slotStates?.[i]?.warm, held: 0, freeAt: 0, crashed: info.slotStates?.[i]?.crashed, build: info.slotStates?.[i]?.build })) });
          continue;
        }
        known.info = info;
        known.slots.forEach((s, i) => {
          const told = info.slotStates?.[i];
          if (s.crashed && told && told.crashed === undefined && told.checks > (s.checksAtCrash ?? -1)) delete s.crashed;
        });
      }
    }
    const gone: string[] = [];
    for (const [key, w] of this.workers) {
      if (live.has(key)) continue;
      this.workers.delete(key);
      gone.push(w.info.name);
    }
    return gone;
  }

  /** Whether `worker` of `pool` is a live worker as of the last refresh. */
  live(pool: string, worker: string): boolean {
    return this.workers.has(workerKey(pool, worker));
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

  /** Decides where the next waiting episodes go; records and returns the assignments (they leave the queue). */
  next(now: number): { id: string; placed: Placed }[] {
    const views: WorkerState[] = [...this.workers.entries()].map(([key, w]) => ({
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
    for (const a of place('affinity', this.waiting, views, now)) {
      const w = this.workers.get(a.worker)!;
      this.hold(w, a.slot, a.job, a.costMs, now);
      const placed = { pool: w.info.pool, worker: w.info.name, queue: w.info.queue!, slot: a.slot };
      this.placed.set(a.job.key, placed);
      out.push({ id: a.job.key, placed });
    }
    return out;
  }

  private hold(w: ModelWorker, s: number, job: { readonly game: string; readonly map: string }, costMs: number, now: number): void {
    const slot = w.slots[s]!;
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

  /** The live workers' own queues, by pool and worker name. */
  queues(): { pool: string; worker: string; queue: string }[] {
    return [...this.workers.values()].flatMap((w) => (w.info.queue === undefined ? [] : [{ pool: w.info.pool, worker: w.info.name, queue: w.info.queue }]));
  }

  /**
   * Takes over an episode an earlier coordinator placed on `worker` (it is there already: not placed again). It
   * holds a slot of that worker: one its heartbeat says plays that map, else the one holding least.
   */
  adopt(id: string, worker: string, queue: string, job: EpisodeJob, now: number): void {
    const w = this.workers.get(workerKey(job.pool, worker));
    if (!w) return;
    const map = { game: job.cellInfo.game, map: job.cellInfo.variant };
    const told = (i: number): boolean => {
      const t = w.info.slotStates?.[i];
      return t !== undefined && t.busy && t.warm?.game === map.game && t.warm.map === map.map;
    };
    const score = (i: number): number => w.slots[i]!.held * 2 + (told(i) ? 0 : 1);
    let best = -1;
    w.slots.forEach((s, i) => {
      if ((s.build === undefined || s.build === map.game) && (best < 0 || score(i) < score(best))) best = i;
    });
    if (best < 0) best = 0;
    this.hold(w, best, map, this.costs.expected({ cell: job.cell, game: map.game, stepBudget: job.stepBudget, frame: job.frame }), now);
    this.placed.set(id, { pool: job.pool, worker, queue, slot: best });
  }

  /** Forgets where `id` went (its worker died, or it came back while being adopted), freeing its slot. */
  forget(id: string): void {
    this.release(id);
  }
}
