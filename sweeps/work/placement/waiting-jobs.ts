/**
 * The episodes waiting for a slot, indexed so that a placement decision costs the number of maps, not the number
 * of episodes: per (pool, game, map, frame) the waiting episodes in batch order, and per (pool, game, map) the
 * expected work left, kept current as episodes come and go and as the cost model learns. A sweep of 10,000
 * episodes then costs the coordinator what a sweep of 100 does per episode.
 */
import { CostModel, type CostInput } from './cost-model.js';

/** An episode waiting for a slot. */
export interface WaitingJob {
  readonly key: string;
  readonly game: string;
  readonly map: string;
  /** Its cell: the cost model's unit of history. */
  readonly cell: string;
  /** The frame size it needs (`WxH`), when not the game's own. */
  readonly frame?: string | undefined;
  /** The pool whose workers may play it (absent: any worker). */
  readonly pool?: string | undefined;
  /** What it is expected to cost before its cell or game has any history (see {@link CostModel.prior}). */
  readonly priorMs: number;
}

interface Entry {
  readonly job: WaitingJob;
  readonly seq: number;
  removed: boolean;
}

/** The waiting episodes of one pool, game, map and frame size, in batch order (removed ones skipped lazily). */
export interface JobGroup {
  readonly pool: string | undefined;
  readonly game: string;
  readonly map: string;
  readonly frame: string | undefined;
  readonly work: MapWork;
  entries: Entry[];
  head: number;
  count: number;
}

/** The expected work left on one pool's map: cells with history at their mean, the others at the game's or their prior. */
interface MapWork {
  readonly game: string;
  readonly cells: Map<string, { count: number; priorSum: number }>;
  seenWork: number;
  unseenCount: number;
  unseenPrior: number;
}

const sep = '\u0000';

export class WaitingJobs {
  private readonly entries = new Map<string, Entry>();
  private readonly groups = new Map<string, JobGroup>();
  private readonly works = new Map<string, MapWork>();
  /** The maps' work entries each cell has episodes in (a cell is normally one map). */
  private readonly cellWorks = new Map<string, Set<MapWork>>();
  private last = 0;
  private first = 0;

  constructor(readonly costs: CostModel = new CostModel()) {}

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Adds an episode at the end of the batch order, or before every other with `front` (one taken back from a dead worker). */
  add(job: WaitingJob, front = false): void {
    if (this.entries.has(job.key)) return;
    const entry: Entry = { job, seq: front ? --this.first : ++this.last, removed: false };
    this.entries.set(job.key, entry);
    const gk = [job.pool ?? '', job.game, job.map, job.frame ?? ''].join(sep);
    let group = this.groups.get(gk);
    if (!group) {
      const wk = [job.pool ?? '', job.game, job.map].join(sep);
      let work = this.works.get(wk);
      if (!work) this.works.set(wk, (work = { game: job.game, cells: new Map(), seenWork: 0, unseenCount: 0, unseenPrior: 0 }));
      this.groups.set(gk, (group = { pool: job.pool, game: job.game, map: job.map, frame: job.frame, work, entries: [], head: 0, count: 0 }));
    }
    if (front) group.entries.splice(group.head, 0, entry);
    else group.entries.push(entry);
    group.count++;
    this.account(group.work, job, 1);
  }

  /** Takes an episode out (placed, or no longer wanted); false when it was not waiting. */
  remove(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    entry.removed = true;
    const group = this.groups.get([entry.job.pool ?? '', entry.job.game, entry.job.map, entry.job.frame ?? ''].join(sep))!;
    group.count--;
    this.account(group.work, entry.job, -1);
    // Drop the skipped front of the list once it is most of it.
    while (group.head < group.entries.length && group.entries[group.head]!.removed) group.head++;
    if (group.head > 64 && group.head * 2 > group.entries.length) {
      group.entries = group.entries.slice(group.head);
      group.head = 0;
    }
    return true;
  }

  /** The groups with episodes waiting. */
  *live(): Iterable<JobGroup> {
    for (const g of this.groups.values()) if (g.count > 0) yield g;
  }

  /** A group's first waiting episode in batch order, and its place in that order. */
  headOf(group: JobGroup): { job: WaitingJob; seq: number } | undefined {
    for (let i = group.head; i < group.entries.length; i++) {
      const e = group.entries[i]!;
      if (!e.removed) return { job: e.job, seq: e.seq };
    }
    return undefined;
  }

  /** Every waiting episode in batch order (for the end of a batch, when few are left). */
  all(): { job: WaitingJob; seq: number }[] {
    return [...this.entries.values()].sort((a, b) => a.seq - b.seq).map((e) => ({ job: e.job, seq: e.seq }));
  }

  /** An episode's expected ms at speed 1, as the cost model has it now. */
  cost(job: WaitingJob): number {
    return this.costs.mean(job) ?? job.priorMs;
  }

  /** The expected ms at speed 1 of everything waiting on a group's map (every frame size). */
  work(group: JobGroup): number {
    const w = group.work;
    const game = this.costs.gameMean(w.game);
    return w.seenWork + (game === undefined ? w.unseenPrior : w.unseenCount * game);
  }

  /** Adds an outcome to the cost model and moves the work left on the maps of its cell to the new mean. */
  observe(job: CostInput, wallMs: number, speed: number): void {
    const before = this.costs.cellMean(job.cell);
    this.costs.observe(job, wallMs, speed);
    const after = this.costs.cellMean(job.cell)!;
    for (const w of this.cellWorks.get(job.cell) ?? []) {
      const c = w.cells.get(job.cell);
      if (!c || c.count === 0) continue;
      if (before === undefined) {
        w.unseenCount -= c.count;
        w.unseenPrior -= c.priorSum;
        w.seenWork += c.count * after;
      } else w.seenWork += c.count * (after - before);
    }
  }

  private account(w: MapWork, job: WaitingJob, sign: 1 | -1): void {
    let c = w.cells.get(job.cell);
    if (!c) {
      w.cells.set(job.cell, (c = { count: 0, priorSum: 0 }));
      let set = this.cellWorks.get(job.cell);
      if (!set) this.cellWorks.set(job.cell, (set = new Set()));
      set.add(w);
    }
    c.count += sign;
    c.priorSum += sign * job.priorMs;
    const mean = this.costs.cellMean(job.cell);
    if (mean !== undefined) w.seenWork += sign * mean;
    else {
      w.unseenCount += sign;
      w.unseenPrior += sign * job.priorMs;
    }
    if (c.count === 0) {
      w.cells.delete(job.cell);
      this.cellWorks.get(job.cell)?.delete(w);
    }
    // Sums of many additions and removals drift: an empty map starts again from zero.
    if (w.cells.size === 0) Object.assign(w, { seenWork: 0, unseenCount: 0, unseenPrior: 0 });
  }
}
