/**
 * Where and when each episode runs, never what it plays: `fifo` hands the next episode in the batch's order to
 * whichever slot is free; `affinity` gives a free slot the episode whose game and map it has open, then the job
 * with the least expected finish time there, longest first near the end, and keeps a slot whose build crashed
 * off that map until it passes a health check. The same function decides on a fleet and in the fleet simulator.
 */

/** How a batch's episodes are placed on a fleet's slots; declared in the batch's record. */
export type Placement = 'fifo' | 'affinity';
/** The placements a spec may name. */
export const PLACEMENTS: readonly Placement[] = ['fifo', 'affinity'];

/** What a slot has open: a game's build and one of its maps (for our games, a variant). */
export interface Warm {
  readonly game: string;
  readonly map: string;
}

/** An episode waiting for a slot, with what it costs. */
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
}

/** A worker: its speed and its slots. */
export interface WorkerState {
  readonly name: string;
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
  readonly job: PlacementJob;
  readonly worker: string;
  readonly slot: number;
}

const sameMap = (w: Warm | undefined, j: PlacementJob): boolean => w !== undefined && w.game === j.game && w.map === j.map;

/** The time a job takes on a slot: a launch when the game differs, a map open when the map differs, then play. */
export function jobTimeMs(worker: WorkerState, slot: SlotState, job: PlacementJob): number {
  const load = slot.warm?.game !== job.game ? worker.launchMs + worker.mapOpenMs : slot.warm.map !== job.map ? worker.mapOpenMs : 0;
  return load + job.costMs / worker.speed;
}

const blocked = (slot: SlotState, job: PlacementJob): boolean => sameMap(slot.crashed, job);
/** Whether a worker can play a job at all: its game, and its frame size when the job names one. */
const serves = (w: WorkerState, j: PlacementJob): boolean => w.games.includes(j.game) && (j.frame === undefined || w.frames === undefined || w.frames.includes(j.frame));

/**
 * Assignments for every free slot that should take a job now, jobs in batch order. `fifo`: free slots in worker
 * order take the next jobs. `affinity`: see the file comment; near the end (no more jobs than slots twice over)
 * the longest job goes first, and a job waits for a busy slot that would finish it sooner than a free one.
 */
export function place(placement: Placement, jobs: readonly PlacementJob[], workers: readonly WorkerState[], now: number): Assignment[] {
  const free: { w: WorkerState; s: number }[] = [];
  for (const w of workers) w.slots.forEach((slot, s) => !slot.busy && free.push({ w, s }));
  const left = [...jobs];
  const out: Assignment[] = [];
  const take = (i: number, w: WorkerState, s: number): void => {
    out.push({ job: left[i]!, worker: w.name, slot: s });
    left.splice(i, 1);
  };
  if (placement === 'fifo') {
    for (const { w, s } of free) {
      const i = left.findIndex((j) => serves(w, j));
      if (i >= 0) take(i, w, s);
    }
    return out;
  }
  const totalSlots = workers.reduce((n, w) => n + w.slots.length, 0);
  // Warm first: a free slot keeps playing the map it has open while that map has episodes left.
  const cold: { w: WorkerState; s: number }[] = [];
  for (const { w, s } of free) {
    const slot = w.slots[s]!;
    const i = left.findIndex((j) => sameMap(slot.warm, j) && serves(w, j) && !blocked(slot, j));
    if (i >= 0) take(i, w, s);
    else cold.push({ w, s });
  }
  if (left.length === 0) return out;
  const nearEnd = left.length <= totalSlots * 2;
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
    if (left.length === 0) break;
    const slot = w.slots[s]!;
    let best = -1;
    let bestScore = Infinity;
    const work = new Map<string, number>();
    for (const j of left) work.set(`${j.game}\u0000${j.map}`, (work.get(`${j.game}\u0000${j.map}`) ?? 0) + j.costMs);
    left.forEach((j, i) => {
      if (!serves(w, j) || blocked(slot, j)) return;
      const mine = now + jobTimeMs(w, slot, j);
      if (nearEnd) {
        // A job waits for a busy or free slot elsewhere that would finish it sooner (no slow straggler tail).
        const sooner = workers.some((o) => o.slots.some((os, k) => (o !== w || k !== s) && serves(o, j) && !blocked(os, j) && Math.max(now, os.freeAt) + jobTimeMs(o, os, j) < mine));
        if (sooner) return;
        // Longest first; ties to what this slot finishes soonest.
        const score = -j.costMs * 1e6 + mine;
        if (score < bestScore) [best, bestScore] = [i, score];
        return;
      }
      const k = `${j.game}\u0000${j.map}`;
      // The cheapest load here (a map of the build it has open over another build), then a map nobody else has
      // open, of a game nobody else has open (so one slot plays a game's maps one after another), then the map with
      // the most work left.
      const load = jobTimeMs(w, slot, j) - j.costMs / w.speed;
      const score = load * 1e6 + (openElsewhere.has(k) ? 2e8 : 0) + (gamesElsewhere.has(j.game) ? 1e8 : 0) - Math.min(1e7, work.get(k) ?? 0);
      if (score < bestScore) [best, bestScore] = [i, score];
    });
    if (best < 0) continue;
    const j = left[best]!;
    openElsewhere.add(`${j.game}\u0000${j.map}`);
    gamesElsewhere.add(j.game);
    take(best, w, s);
  }
  return out;
}
