/**
 * The run record's write queue: the recorder's slow work (waiting for a decision frame's JPEG, writing it,
 * the decision and state lines after it) runs here, one job after another in the order given, off the
 * decision's critical path. It is bounded and never makes the match wait: past `frames` jobs holding a
 * frame, a new decision is recorded without its frame; past `lines` jobs of any kind, a new one is not
 * recorded at all. Both are counted, and the run's `run.json` says so (`recorder`).
 */

/** How much the queue holds before it drops (default `RECORD_QUEUE_DEFAULTS`). */
export interface RecordQueueLimits {
  /** Jobs holding a frame (its encode and its file) at most; past it a decision's frame is dropped. */
  readonly frames?: number;
  /** Jobs of any kind at most; past it a decision or state line is dropped. */
  readonly lines?: number;
}

/** 16 frames in wait (about 11 MB of raw 640x360 RGB at most), 4096 lines. */
export const RECORD_QUEUE_DEFAULTS = { frames: 16, lines: 4096 } as const;

/** What the queue let a new job hold. */
export type Admission = 'frame' | 'line' | 'none';

/** What the queue dropped and how deep it got: `run.json`'s `recorder` when anything dropped. */
export interface RecordQueueReport {
  readonly limits: { readonly frames: number; readonly lines: number };
  readonly framesDropped: number;
  readonly linesDropped: number;
  /** The most jobs waiting at once. */
  readonly deepest: number;
  /** The first write that failed, if one did (the jobs after it still ran). */
  readonly writeError?: string;
}

export class RecordQueue {
  private readonly limits: { frames: number; lines: number };
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;
  private pendingFrames = 0;
  private framesDropped = 0;
  private linesDropped = 0;
  private deepest = 0;
  private writeError: string | undefined;

  constructor(limits: RecordQueueLimits = {}) {
    this.limits = { frames: limits.frames ?? RECORD_QUEUE_DEFAULTS.frames, lines: limits.lines ?? RECORD_QUEUE_DEFAULTS.lines };
    if (!(this.limits.frames >= 0 && this.limits.lines >= 1)) throw new RangeError(`record queue limits must be frames >= 0 and lines >= 1 (got ${this.limits.frames}, ${this.limits.lines})`);
  }

  /** Whether a job arriving now may hold a frame, only a line, or nothing (then it is counted as dropped). */
  admit(wantsFrame: boolean): Admission {
    if (this.pending >= this.limits.lines) {
      this.linesDropped++;
      if (wantsFrame) this.framesDropped++;
      return 'none';
    }
    if (!wantsFrame) return 'line';
    if (this.pendingFrames >= this.limits.frames) {
      this.framesDropped++;
      return 'line';
    }
    return 'frame';
  }

  /** Whether a job holding a frame would be admitted now (`admit` with a frame would say `frame`); counts nothing. */
  takesFrame(): boolean {
    return this.pending < this.limits.lines && this.pendingFrames < this.limits.frames;
  }

  /**
   * Runs `job` after every job before it, as admitted (`admit`); a job admitted `none` is not given.
   * A synchronous line (`runSync`) given while nothing waits is written at once.
   */
  push(admission: Exclude<Admission, 'none'>, job: () => Promise<void>): void {
    const holdsFrame = admission === 'frame';
    this.pending++;
    if (holdsFrame) this.pendingFrames++;
    this.deepest = Math.max(this.deepest, this.pending);
    this.tail = this.tail.then(async () => {
      await this.guardAsync(job);
      this.pending--;
      if (holdsFrame) this.pendingFrames--;
    });
  }

  /** Runs a synchronous line job at once when nothing waits, else queues it behind the rest (admitted as a line). */
  runSync(job: () => void): void {
    if (this.pending === 0) {
      try {
        job();
      } catch (err) {
        this.failed(err);
      }
      return;
    }
    if (this.admit(false) === 'none') return;
    this.push('line', async () => job());
  }

  /** Resolves once every job given so far has run. */
  async drain(): Promise<void> {
    for (let seen: Promise<void> | undefined; seen !== this.tail; ) {
      seen = this.tail;
      await seen;
    }
  }

  /** What was dropped, for run.json; undefined when nothing was dropped and no write failed. */
  report(): RecordQueueReport | undefined {
    if (this.framesDropped === 0 && this.linesDropped === 0 && this.writeError === undefined) return undefined;
    return { limits: { ...this.limits }, framesDropped: this.framesDropped, linesDropped: this.linesDropped, deepest: this.deepest, ...(this.writeError === undefined ? {} : { writeError: this.writeError }) };
  }

  private async guardAsync(job: () => Promise<void>): Promise<void> {
    try {
      await job();
    } catch (err) {
      this.failed(err);
    }
  }

  private failed(err: unknown): void {
    this.writeError ??= err instanceof Error ? err.message : String(err);
  }
}
