/**
 * Where and when each episode runs, never what it plays. One interface, {@link PlacementPolicy}, with two
 * implementations: {@link fifo} hands the next episode in the batch's order to whichever slot is free; {@link affinity}
 * gives a free slot the episode whose game and map it has open, then the job with the least expected finish time
 * there, longest first near the end, and keeps a slot whose build crashed off that map until it passes a health check.
 * The coordinator on a fleet (sweeps/work/redis/slot-book.ts) and the fleet simulator decide through the same policy
 * objects, so the simulator's `fifo` is the one production runs.
 */
import { WaitingJobs, type JobGroup, type WaitingJob } from './waiting-jobs.js';

/** How a batch's episodes are placed on a fleet's slots; declared in the batch's record. */
export type Placement = 'fifo' | 'affinity';
/** The placements a spec may name. */
export const PLACEMENTS: readonly Placement[] = ['fifo', 'affinity'];

/** What a slot has open: a game's build and one of its maps (for our games, a variant). */
export interface Warm {
  readonly game: string;
  readonly map: string;
}

/** An episode and what it costs, for a decision over a plain list (see {@link place}). */
export interface PlacementJob {
  readonly key: string;
  readonly game: string;
  readonly map: string;
  /** Expected play time in ms on a worker of speed 1, from its cost (see {@link CostModel}). */
  readonly costMs: number;
  /** The frame size it needs (`WxH`), when not the game's own. */
  readonly frame?: string | undefined;
}

/** One build slot of a worker as the placer sees it. */
export interface SlotState {
  readonly warm?: Warm | undefined;
  /** When it is expected free (ms on the placer's clock); at most `now` when free. */
  readonly freeAt: number;
  readonly busy: boolean;
  /** A map this slot crashed on and has not been health-checked since: it gets no job of that map. */
  readonly crashed?: Warm | undefined;
  /** The one game this slot plays: a build of its own at its own address (absent: any game of its worker). */
  readonly build?: string | undefined;
}

/** A worker: its speed and its slots. */
export interface WorkerState {
  readonly name: string;
  /** Its pool: it plays only that pool's episodes (absent: any). */
  readonly pool?: string | undefined;
  /** Episodes per unit time against a worker of speed 1 (a calibration measures it). */
  readonly speed: number;
  readonly games: readonly string[];
  /** Frame sizes (`WxH`) it serves; absent: any. */
  readonly frames?: readonly string[] | undefined;
  readonly slots: readonly SlotState[];
  /** Expected ms to launch a build (game switch) and to open a map on it. */
  readonly launchMs: number;
  readonly mapOpenMs: number;
}

/** One decision: this job to this worker's slot. */
export interface Assignment {
  readonly job: WaitingJob;
  /** Its expected play time at speed 1 when it was placed. */
  readonly costMs: number;
  readonly worker: string;
  readonly slot: number;
}

/** What placement reads of an episode, or of a group of episodes alike in it. */
type Kind = Pick<WaitingJob, 'pool' | 'game' | 'map' | 'frame'>;

const sameMap = (w: Warm | undefined, j: Kind): boolean => w !== undefined && w.game === j.game && w.map === j.map;

/** The time a job takes on a slot: a launch when the game differs, a map open when the map differs, then play. */
export function jobTimeMs(worker: WorkerState, slot: SlotState, job: Pick<Kind, 'game' | 'map'>, costMs: number): number {
  return loadMs(worker, slot, job) + costMs / worker.speed;
}

const loadMs = (worker: WorkerState, slot: SlotState, job: Pick<Kind, 'game' | 'map'>): number =>
  slot.warm?.game !== job.game ? worker.launchMs + worker.mapOpenMs : slot.warm.map !== job.map ? worker.mapOpenMs : 0;

/** Whether a slot can play a job at all: its worker's pool and game, its frame size when the job names one, the slot's own build, no crash on its map. */
const fits = (w: WorkerState, slot: SlotState, j: Kind): boolean =>
  (j.pool === undefined || w.pool === undefined || j.pool === w.pool) &&
  w.games.includes(j.game) &&
  (j.frame === undefined || w.frames === undefined || w.frames.includes(j.frame)) &&
  (slot.build === undefined || slot.build === j.game) &&
  !sameMap(slot.crashed, j);

/** A plain list as waiting episodes: each its own cell, priced at its `costMs`. */
function listed(jobs: readonly PlacementJob[]): WaitingJobs {
  const waiting = new WaitingJobs();
  for (const j of jobs) waiting.add({ key: j.key, game: j.game, map: j.map, cell: `\u0000${j.key}`, priorMs: j.costMs, ...(j.frame === undefined ? {} : { frame: j.frame }) });
  return waiting;
}

/** A way to place a batch's episodes on a fleet's slots: one decision over the free slots at a time. */
export interface PlacementPolicy {
  readonly name: Placement;
  /** Assignments for every free slot that should take a job now; the jobs placed leave `waiting`. */
  decide(waiting: WaitingJobs, workers: readonly WorkerState[], now: number): Assignment[];
}

/** Free slots (not busy) in worker order, and a helper that records a decision and takes its job out. */
function decision(waiting: WaitingJobs, workers: readonly WorkerState[]): { free: { w: WorkerState; s: number }[]; out: Assignment[]; take: (job: WaitingJob, w: WorkerState, s: number) => void; firstOf: (ok: (g: JobGroup) => boolean) => WaitingJob | undefined } {
  const free: { w: WorkerState; s: number }[] = [];
  for (const w of workers) w.slots.forEach((slot, s) => !slot.busy && free.push({ w, s }));
  const out: Assignment[] = [];
  const take = (job: WaitingJob, w: WorkerState, s: number): void => {
    out.push({ job, costMs: waiting.cost(job), worker: w.name, slot: s });
    waiting.remove(job.key);
  };
  /** The first waiting job in batch order of the groups `ok` accepts. */
  const firstOf = (ok: (g: JobGroup) => boolean): WaitingJob | undefined => {
    let best: { job: WaitingJob; seq: number } | undefined;
    for (const g of waiting.live()) {
      if (!ok(g)) continue;
      const h = waiting.headOf(g);
      if (h && (best === undefined || h.seq < best.seq)) best = h;
    }
    return best?.job;
  };
  return { free, out, take, firstOf };
}

/** Free slots in worker order take the next jobs in batch order, whatever they have open. */
export const fifo: PlacementPolicy = {
  name: 'fifo',
  decide(waiting, workers) {
    const { free, out, take, firstOf } = decision(waiting, workers);
    for (const { w, s } of free) {
      const j = firstOf((g) => fits(w, w.slots[s]!, g));
      if (j) take(j, w, s);
    }
    return out;
  },
};

/**
 * Warm slots keep their map; cold slots take the cheapest load, a map nobody else has open and the map with the most
 * work left; near the end (no more jobs than slots twice over) the longest job goes first, and a job waits for a busy
 * slot that would finish it sooner than a free one. Away from the end a decision looks at each map's first waiting
 * job, never at every job.
 */
export const affinity: PlacementPolicy = {
  name: 'affinity',
  decide: decideAffinity,
};

/** The policy a batch's `placement` names. */
export const placementPolicy = (placement: Placement): PlacementPolicy => (placement === 'fifo' ? fifo : affinity);

/** One decision under `placement` over waiting jobs or a plain list (each its own cell, priced at its `costMs`). */
export function place(placement: Placement, jobs: WaitingJobs | readonly PlacementJob[], workers: readonly WorkerState[], now: number): Assignment[] {
  return placementPolicy(placement).decide(jobs instanceof WaitingJobs ? jobs : listed(jobs), workers, now);
}

function decideAffinity(waiting: WaitingJobs, workers: readonly WorkerState[], now: number): Assignment[] {
  const { free, out, take, firstOf } = decision(waiting, workers);
  const totalSlots = workers.reduce((n, w) => n + w.slots.length, 0);
  // Warm first: a free slot keeps playing the map it has open while that map has episodes left.
  const cold: { w: WorkerState; s: number }[] = [];
  for (const { w, s } of free) {
    const slot = w.slots[s]!;
    const j = firstOf((g) => sameMap(slot.warm, g) && fits(w, slot, g));
    if (j) take(j, w, s);
    else cold.push({ w, s });
  }
  if (waiting.size === 0) return out;
  const nearEnd = waiting.size <= totalSlots * 2;
  // Maps someone has open (and is still playing) are left to them; a cold slot opens the map with the most work.
  const openElsewhere = new Set<string>();
  const gamesElsewhere = new Set<string>();
  for (const w of workers)
    for (const slot of w.slots)
      if (slot.warm && slot.busy) {
        openElsewhere.add(`${slot.warm.game}\u0000${slot.warm.map}`);
        gamesElsewhere.add(slot.warm.game);
      }
  // Fastest slots choose first.
  cold.sort((a, b) => b.w.speed - a.w.speed);
  for (const { w, s } of cold) {
    if (waiting.size === 0) break;
    const j = nearEnd ? longestFirst(waiting, workers, w, s, now) : cheapestLoad(waiting, w, s, openElsewhere, gamesElsewhere);
    if (!j) continue;
    openElsewhere.add(`${j.game}\u0000${j.map}`);
    gamesElsewhere.add(j.game);
    take(j, w, s);
  }
  return out;
}

/**
 * Away from the end, a cold slot's job: the cheapest load here (a map of the build it has open over another build),
 * then a map nobody else has open, of a game nobody else has open (so one slot plays a game's maps one after
 * another), then the map with the most work left; ties to the earliest in batch order.
 */
function cheapestLoad(waiting: WaitingJobs, w: WorkerState, s: number, openElsewhere: ReadonlySet<string>, gamesElsewhere: ReadonlySet<string>): WaitingJob | undefined {
  const slot = w.slots[s]!;
  let best: { job: WaitingJob; seq: number } | undefined;
  let bestScore = Infinity;
  for (const g of waiting.live()) {
    if (!fits(w, slot, g)) continue;
    const h = waiting.headOf(g);
    if (!h) continue;
    const score = loadMs(w, slot, g) * 1e6 + (openElsewhere.has(`${g.game}\u0000${g.map}`) ? 2e8 : 0) + (gamesElsewhere.has(g.game) ? 1e8 : 0) - Math.min(1e7, waiting.work(g));
    if (score < bestScore || (score === bestScore && best !== undefined && h.seq < best.seq)) [best, bestScore] = [h, score];
  }
  return best?.job;
}

/**
 * Near the end, a cold slot's job: the longest first (ties to what this slot finishes soonest), unless a busy or
 * free slot elsewhere would finish it sooner (no slow straggler tail).
 */
function longestFirst(waiting: WaitingJobs, workers: readonly WorkerState[], w: WorkerState, s: number, now: number): WaitingJob | undefined {
  const slot = w.slots[s]!;
  let best: WaitingJob | undefined;
  let bestScore = Infinity;
  for (const { job: j } of waiting.all()) {
    if (!fits(w, slot, j)) continue;
    const cost = waiting.cost(j);
    const mine = now + jobTimeMs(w, slot, j, cost);
    const sooner = workers.some((o) => o.slots.some((os, k) => (o !== w || k !== s) && fits(o, os, j) && Math.max(now, os.freeAt) + jobTimeMs(o, os, j, cost) < mine));
    if (sooner) continue;
    const score = -cost * 1e6 + mine;
    if (score < bestScore) [best, bestScore] = [j, score];
  }
  return best;
}
