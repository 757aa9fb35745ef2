/** The one seam all batch work (sweeps, tournaments, curves' rounds) runs through: in process, or on a fleet. */
import type { EpisodeJob, EpisodeOutcome } from './episode-job.js';

/** An episode to play and which attempt this is (0 first; a --retry-failed rerun counts up). */
export interface WorkItem {
  readonly job: EpisodeJob;
  readonly attempt: number;
  /** Where this item's run directory goes, when not the backend's own runs folder (a curve's round folders). */
  readonly runsDir?: string;
}

/** Where a backend reports to. `onOutcome` resolves once the outcome is stored; only then is it done. */
export interface WorkSink {
  onStart?(item: WorkItem, worker: string): void;
  onOutcome(item: WorkItem, outcome: EpisodeOutcome): void | Promise<void>;
}

/** How a run is stopped: `stop` takes no new episodes (in flight ones finish), `abort` also cancels those. */
export interface WorkSignals {
  readonly stop: AbortSignal;
  readonly abort: AbortSignal;
}

export interface WorkBackend {
  /** `embedded` or `redis`. */
  readonly name: string;
  /** Plays every item once (outcomes to `sink`) until all are done or `stop` fires. */
  run(items: readonly WorkItem[], sink: WorkSink, signals: WorkSignals): Promise<void>;
  close(): Promise<void>;
}

/** Runs `work` over `items` with at most `limit` at once, in order, until `stop` fires. */
export async function runPool<T>(items: readonly T[], limit: number, stop: AbortSignal, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length && !stop.aborted) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/**
 * Plays one item on `backend` and returns its outcome, or undefined when `abort` fired before one came back.
 * A backend's own failure (BACKEND_GONE, NO_WORKER) is thrown.
 */
export async function runOne(backend: WorkBackend, item: WorkItem, abort: AbortSignal | undefined): Promise<EpisodeOutcome | undefined> {
  let outcome: EpisodeOutcome | undefined;
  const signal = abort ?? new AbortController().signal;
  await backend.run([item], { onOutcome: (_, o) => void (o.id === item.job.id && (outcome = o)) }, { stop: signal, abort: signal });
  return outcome;
}
