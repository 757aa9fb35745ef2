/**
 * The run record's write queue: the recorder's slow work (writing a decision frame, the decision and state
 * lines after it) runs here, one job after another in the order given, off the decision's critical path. It
 * never drops a job. Under a paused clock the match waits for room (`reserve` with `wait`: backpressure, at
 * most `frames` jobs holding a frame and `lines` jobs in all); under realtime it never waits and keeps every
 * frame in memory until its turn (`keep`). A job that runs longer than `stallMs` (a disk that stopped) stalls
 * the queue: `RECORD_STALLED`, which ends the match, and the jobs not written are named in run.json.
 */
import { ArenaError, ErrorCode } from '../../protocol/index.js';

/** How much the queue holds before a paused match waits for it, and how long a write may take (default `RECORD_QUEUE_DEFAULTS`). */
export interface RecordQueueLimits {
  /** Jobs holding a frame at most before a paused match waits. */
  readonly frames?: number;
  /** Jobs of any kind at most before a paused match waits. */
  readonly lines?: number;
  /** Wall time one job may take before the queue is stalled (`RECORD_STALLED`), ms. */
  readonly stallMs?: number;
}

/** 16 frames in wait (about 11 MB of raw 640x360 RGB at most), 4096 lines, a write may take 20 s. */
export const RECORD_QUEUE_DEFAULTS = { frames: 16, lines: 4096, stallMs: 20_000 } as const;

/** `wait`: the caller waits for room (paused clocks). `keep`: the job is queued at once, holding its frame until written (realtime). */
export type RecordPace = 'wait' | 'keep';

/** What a queued job records, so a stall or a kill can say which jobs were not written. */
export interface JobLabel {
  readonly slot?: number;
  readonly step?: number;
  readonly frame?: string;
}

/** How the queue went: `run.json`'s `recorder`. */
export interface RecordQueueReport {
  readonly limits: { readonly frames: number; readonly lines: number; readonly stallMs: number };
  /** The most jobs waiting at once, and the most holding a frame. */
  readonly deepest: number;
  readonly deepestFrames: number;
  /** How often a paused match waited for room, and for how long in all (wall ms). */
  readonly waits: number;
  readonly waitedMs: number;
  /** The first write that failed, if one did (the jobs after it still ran). */
  readonly writeError?: string;
  /** When the queue stalled: the jobs given and never written (a decision's slot, step and frame). */
  readonly unwritten?: readonly JobLabel[];
}

interface Job {
  readonly label: JobLabel;
  readonly holdsFrame: boolean;
}

export class RecordQueue {
  private readonly limits: { frames: number; lines: number; stallMs: number };
  private tail: Promise<void> = Promise.resolve();
  private readonly jobs = new Set<Job>();
  private pendingFrames = 0;
  private deepest = 0;
  private deepestFrames = 0;
  private waits = 0;
  private waitedMs = 0;
  private writeError: string | undefined;
  private stallError: ArenaError | undefined;
  private readonly onStall = new Set<(err: ArenaError) => void>();
  /** Wakes a waiting `reserve` when a job finishes. */
  private wake: (() => void) | undefined;
  /** Resolves when the queue stalls. */
  private readonly stalledOnce: Promise<void>;
  private markStalled!: () => void;

  constructor(limits: RecordQueueLimits = {}) {
    this.limits = { frames: limits.frames ?? RECORD_QUEUE_DEFAULTS.frames, lines: limits.lines ?? RECORD_QUEUE_DEFAULTS.lines, stallMs: limits.stallMs ?? RECORD_QUEUE_DEFAULTS.stallMs };
    const { frames, lines, stallMs } = this.limits;
    if (!(frames >= 1 && lines >= 1 && stallMs > 0)) throw new RangeError(`record queue limits must be frames >= 1, lines >= 1 and stallMs > 0 (got ${frames}, ${lines}, ${stallMs})`);
    this.stalledOnce = new Promise<void>((resolve) => (this.markStalled = resolve));
  }

  /** The stall, once the queue has stalled (every later `reserve` rejects with it). */
  get stalled(): ArenaError | undefined {
    return this.stallError;
  }

  /** Calls `listener` once when the queue stalls (at once if it has). */
  whenStalled(listener: (err: ArenaError) => void): void {
    if (this.stallError) listener(this.stallError);
    else this.onStall.add(listener);
  }

  /**
   * Resolves when a job holding a frame (or only a line) may be given: at once under `keep`, and under
   * `wait` once fewer than the limits wait. Rejects with the stall once the queue has stalled.
   */
  async reserve(holdsFrame: boolean, pace: RecordPace): Promise<void> {
    if (this.stallError) throw this.stallError;
    if (pace === 'keep' || this.hasRoom(holdsFrame)) return;
    this.waits++;
    const started = performance.now();
    try {
      while (!this.hasRoom(holdsFrame)) {
        await new Promise<void>((resolve) => {
          const before = this.wake;
          this.wake = () => {
            before?.();
            resolve();
          };
        });
        // Read through the getter: the check above the loop narrowed the field, which a stall meanwhile changed.
        const stalled = this.stalled;
        if (stalled) throw stalled;
      }
    } finally {
      this.waitedMs += performance.now() - started;
    }
  }

  private hasRoom(holdsFrame: boolean): boolean {
    return this.jobs.size < this.limits.lines && (!holdsFrame || this.pendingFrames < this.limits.frames);
  }

  /** Runs `job` after every job before it. A job that takes longer than `stallMs` stalls the queue. */
  push(label: JobLabel, holdsFrame: boolean, job: () => Promise<void>): void {
    const entry: Job = { label, holdsFrame };
    this.jobs.add(entry);
    if (holdsFrame) this.pendingFrames++;
    this.deepest = Math.max(this.deepest, this.jobs.size);
    this.deepestFrames = Math.max(this.deepestFrames, this.pendingFrames);
    this.tail = this.tail.then(async () => {
      if (this.stallError) return;
      const timer = setTimeout(() => this.stall(entry), this.limits.stallMs);
      try {
        await job();
      } catch (err) {
        this.writeError ??= err instanceof Error ? err.message : String(err);
      } finally {
        clearTimeout(timer);
      }
      if (this.stallError) return;
      this.jobs.delete(entry);
      if (holdsFrame) this.pendingFrames--;
      const wake = this.wake;
      this.wake = undefined;
      wake?.();
    });
  }

  /** Runs a synchronous line job at once when nothing waits, else queues it behind the rest. */
  runSync(label: JobLabel, job: () => void): void {
    if (this.jobs.size === 0 && !this.stallError) {
      try {
        job();
      } catch (err) {
        this.writeError ??= err instanceof Error ? err.message : String(err);
      }
      return;
    }
    this.push(label, false, async () => job());
  }

  /** Resolves once every job given so far has run, or at once when the queue has stalled (its jobs will not run). */
  async drain(): Promise<void> {
    for (let seen: Promise<void> | undefined; seen !== this.tail && !this.stallError; ) {
      seen = this.tail;
      await Promise.race([seen, this.stalledOnce]);
    }
  }

  /** How the queue went, for run.json. */
  report(): RecordQueueReport {
    return {
      limits: { ...this.limits },
      deepest: this.deepest,
      deepestFrames: this.deepestFrames,
      waits: this.waits,
      waitedMs: Math.round(this.waitedMs * 10) / 10,
      ...(this.writeError === undefined ? {} : { writeError: this.writeError }),
      ...(this.stallError ? { unwritten: [...this.jobs].map((j) => j.label).filter((l) => l.step !== undefined) } : {}),
    };
  }

  private stall(head: Job): void {
    const at = head.label.frame ?? (head.label.step === undefined ? 'a line' : `slot ${head.label.slot} step ${head.label.step}`);
    this.stallError = new ArenaError(ErrorCode.RECORD_STALLED, `the record's write of ${at} took more than ${this.limits.stallMs} ms; ${this.jobs.size} record jobs not written`, { details: { stallMs: this.limits.stallMs, unwritten: this.jobs.size } });
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
    this.markStalled();
    for (const listener of this.onStall) listener(this.stallError);
    this.onStall.clear();
  }
}
