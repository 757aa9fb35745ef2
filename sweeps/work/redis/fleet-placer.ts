/**
 * The coordinator's view of a pool's workers for `placement: affinity`: each worker's slots (what map each has
 * open, what this coordinator placed there and when it should be done), kept current from heartbeats and from
 * outcomes; {@link place} decides, the placer remembers where each placed episode went.
 */
import type { Redis } from 'ioredis';
import type { EpisodeJob, EpisodeOutcome } from '../episode-job.js';
import { CostModel } from '../placement/cost-model.js';
import { place, type Assignment, type PlacementJob, type Warm, type WorkerState } from '../placement/placement.js';
import { listWorkers, type WorkerInfo } from './worker-registry.js';

interface ModelSlot {
  warm?: Warm | undefined;
  busy: boolean;
  freeAt: number;
  crashed?: Warm | undefined;
  /** The worker's passed health checks on this slot when it crashed: a higher count clears the crash. */
  checksAtCrash?: number;
}

interface ModelWorker {
  info: WorkerInfo;
  slots: ModelSlot[];
}

/** Where a placed episode went. */
export interface Placed {
  readonly worker: string;
  readonly queue: string;
  readonly slot: number;
}

/** Expected load times before a fleet has told us better: a UE5 build launch and a map open. */
export interface LoadTimes {
  readonly launchMs: number;
  readonly mapOpenMs: number;
}

/** Places a batch's episodes on the free slots of its pools' workers and remembers where each went. */
export class FleetPlacer {
  private readonly workers = new Map<string, ModelWorker>();
  private readonly placed = new Map<string, Placed>();
  readonly costs = new CostModel();

  constructor(
    private readonly redis: Redis,
    private readonly loads: LoadTimes = { launchMs: 20_000, mapOpenMs: 3_000 },
  ) {}

  /** Reads the pools' heartbeats: new workers join with the maps they advertise open, passed health checks clear crashes. */
  async refresh(pools: Iterable<string>): Promise<string[]> {
    const live = new Set<string>();
    for (const pool of pools) {
      for (const info of await listWorkers(this.redis, pool)) {
        if (info.queue === undefined) continue;
        const key = `${pool}\u0000${info.name}`;
        live.add(key);
        const known = this.workers.get(key);
        if (!known || known.info.startedAt !== info.startedAt) {
          this.workers.set(key, { info, slots: Array.from({ length: info.slots }, (_, i) => ({ warm: info.slotStates?.[i]?.warm, busy: false, freeAt: 0, crashed: info.slotStates?.[i]?.crashed })) });
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

  /** Decides where the next of `jobs` go (ids in batch order); records and returns the assignments. */
  next(jobs: readonly (readonly [string, EpisodeJob])[], now: number): { id: string; placed: Placed }[] {
    const byKey = new Map(jobs);
    const asked: PlacementJob[] = jobs.map(([id, j]) => ({
      key: id,
      game: j.cellInfo.game,
      map: j.cellInfo.variant,
      costMs: this.costs.expected({ cell: j.cell, game: j.cellInfo.game, stepBudget: j.stepBudget, frame: j.frame }),
      ...(j.frame ? { frame: `${j.frame.width}x${j.frame.height}` } : {}),
    }));
    const views: WorkerState[] = [...this.workers.values()]
      .filter((w) => jobs.some(([, j]) => j.pool === w.info.pool))
      .map((w) => ({
        name: `${w.info.pool}\u0000${w.info.name}`,
        speed: w.info.speed ?? 1,
        games: w.info.games,
        ...(w.info.frames ? { frames: w.info.frames.map((f) => `${f.width}x${f.height}`) } : {}),
        launchMs: this.loads.launchMs,
        mapOpenMs: this.loads.mapOpenMs,
        slots: w.slots.map((s) => ({ warm: s.warm, busy: s.busy, freeAt: s.freeAt, crashed: s.crashed })),
      }));
    const out: { id: string; placed: Placed }[] = [];
    for (const a of place('affinity', asked, views, now)) {
      const w = this.workers.get(a.worker)!;
      const job = byKey.get(a.job.key)!;
      if (job.pool !== w.info.pool) continue;
      this.take(w, a, now);
      const placed = { worker: w.info.name, queue: w.info.queue!, slot: a.slot };
      this.placed.set(a.job.key, placed);
      out.push({ id: a.job.key, placed });
    }
    return out;
  }

  private take(w: ModelWorker, a: Assignment, now: number): void {
    const slot = w.slots[a.slot]!;
    const load = slot.warm?.game !== a.job.game ? this.loads.launchMs + this.loads.mapOpenMs : slot.warm.map !== a.job.map ? this.loads.mapOpenMs : 0;
    Object.assign(slot, { warm: { game: a.job.game, map: a.job.map }, busy: true, freeAt: now + load + a.job.costMs / (w.info.speed ?? 1) });
  }

  /** Where `id` was placed, if it was. */
  where(id: string): Placed | undefined {
    return this.placed.get(id);
  }

  /** An outcome came back: the slot is free, its cost is learnt, a crashed build keeps the slot off that map. */
  back(id: string, job: EpisodeJob, outcome: EpisodeOutcome): void {
    const p = this.placed.get(id);
    if (!p) return;
    this.placed.delete(id);
    const w = this.workers.get(`${job.pool}\u0000${p.worker}`);
    const slot = w?.slots[p.slot];
    if (!w || !slot) return;
    slot.busy = false;
    if (outcome.status === 'complete') this.costs.observe({ cell: job.cell, game: job.cellInfo.game }, outcome.wallMs, w.info.speed ?? 1);
    if (outcome.failure?.class === 'infrastructure') {
      slot.crashed = { game: job.cellInfo.game, map: job.cellInfo.variant };
      slot.checksAtCrash = w.info.slotStates?.[p.slot]?.checks ?? 0;
      delete slot.warm;
    }
  }

  /** The live workers' own queues, by worker name. */
  queues(): { worker: string; queue: string }[] {
    return [...this.workers.values()].flatMap((w) => (w.info.queue === undefined ? [] : [{ worker: w.info.name, queue: w.info.queue }]));
  }

  /** Takes over an episode an earlier coordinator placed on `worker` (it is there already: not placed again). */
  adopt(id: string, worker: string, queue: string): void {
    this.placed.set(id, { worker, queue, slot: -1 });
  }

  /** Forgets where `id` went (its worker died): it is placed anew. */
  forget(id: string): void {
    this.placed.delete(id);
  }
}
