/**
 * The coordinator of a batch: decides what is left to play (resume, --retry-failed, budgets), runs it through a
 * work backend, stores each outcome once, and reports progress. The backend is the only thing that differs
 * between one machine and a fleet.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { RETRYABLE_CLASSES, type EpisodeJob, type EpisodeOutcome } from './work/episode-job.js';
import type { WorkBackend, WorkItem } from './work/work-backend.js';
import { ResultsStore, STORE_FILE } from './store/results-store.js';

/** Progress of a running batch, for a progress bar. */
export interface BatchProgress {
  readonly total: number;
  /** Stored so far, this run and before. */
  readonly done: number;
  readonly failed: number;
  /** Stored this run. */
  readonly playedNow: number;
  readonly perMinute: number;
  readonly etaMs: number | undefined;
  readonly last?: EpisodeOutcome;
}

export interface BatchOptions {
  readonly dir: string;
  readonly jobs: readonly EpisodeJob[];
  readonly backend: WorkBackend;
  readonly retryFailed?: boolean;
  readonly budgets?: { readonly episodes?: number | undefined; readonly tokens?: number | undefined };
  /** Stops taking new episodes (first Ctrl-C). */
  readonly stop?: AbortSignal;
  /** Also cancels episodes in flight (second Ctrl-C). */
  readonly abort?: AbortSignal;
  readonly onProgress?: (p: BatchProgress) => void;
  /** Called for each outcome after it is stored (and counted). */
  readonly onStored?: (job: EpisodeJob, outcome: EpisodeOutcome) => void;
  /** Written to batch.json beside the store. */
  readonly describe?: Readonly<Record<string, unknown>>;
}

export interface BatchSummary {
  readonly total: number;
  readonly stored: number;
  readonly toPlay: number;
  readonly playedNow: number;
  readonly failedNow: number;
  /** Why the run ended before everything was played. */
  readonly stoppedBy?: 'budget: episodes' | 'budget: tokens' | 'operator';
  readonly interruptedBefore: number;
  /** Tokens of every stored episode against the token budget (see {@link TokenSpend}). */
  readonly tokens: TokenSpend;
}

/**
 * What a batch spent against its token budget. The budget is checked after each stored episode: once the
 * spend reaches it no new episode starts, and the episodes already in flight finish and are stored. So the
 * spend can exceed the budget by at most what those in-flight episodes spent (`overBy`, `inFlightAtStop`).
 */
export interface TokenSpend {
  /** Tokens in and out of every stored episode, over all runs of the batch. */
  readonly spent: number;
  readonly budget?: number | undefined;
  /** Spend past the budget (0 when within it). */
  readonly overBy?: number | undefined;
  /** Episodes stored after the budget was reached this run: those that were in flight then. */
  readonly inFlightAtStop?: number | undefined;
}

/** The store's meta key under which the last run's {@link TokenSpend} is kept for `arena report`. */
export const SPEND_KEY = 'tokenSpend';

/** What is left: episodes never stored, and with `retryFailed` stored infrastructure failures (next attempt). */
export function plan(jobs: readonly EpisodeJob[], store: ResultsStore, retryFailed: boolean): WorkItem[] {
  const states = store.states();
  const out: WorkItem[] = [];
  for (const job of jobs) {
    const s = states.get(job.id);
    if (s === undefined) out.push({ job, attempt: 0 });
    else if (retryFailed && s.status === 'failed' && RETRYABLE_CLASSES.includes(s.class ?? 'internal')) out.push({ job, attempt: s.attempt + 1 });
  }
  return out;
}

/** Plays what is left of a batch into `<dir>/results.sqlite` and `<dir>/runs/`. */
export async function runBatch(o: BatchOptions): Promise<BatchSummary> {
  mkdirSync(o.dir, { recursive: true });
  const store = new ResultsStore(join(o.dir, STORE_FILE));
  try {
    if (o.describe) writeFileSync(join(o.dir, 'batch.json'), `${JSON.stringify({ ...o.describe, episodes: o.jobs.length, backend: o.backend.name }, null, 2)}\n`);
    const interruptedBefore = store.interrupted().length;
    const ids = new Set(o.jobs.map((j) => j.id));
    const states = store.states();
    let storedCount = [...states.keys()].filter((id) => ids.has(id)).length;
    let failed = [...states.entries()].filter(([id, s]) => ids.has(id) && s.status === 'failed').length;
    let items = plan(o.jobs, store, o.retryFailed ?? false);
    const stop = new AbortController();
    const abort = new AbortController();
    let stoppedBy: BatchSummary['stoppedBy'];
    const onStop = (): void => {
      stoppedBy ??= 'operator';
      stop.abort();
    };
    o.stop?.addEventListener('abort', onStop, { once: true });
    const onAbort = (): void => {
      onStop();
      abort.abort();
    };
    o.abort?.addEventListener('abort', onAbort, { once: true });
    const budgetEpisodes = o.budgets?.episodes;
    if (budgetEpisodes !== undefined) {
      const room = Math.max(0, budgetEpisodes - store.totals().episodes);
      const fresh = items.filter((i) => i.attempt === 0);
      if (fresh.length > room) {
        const keep = new Set(fresh.slice(0, room));
        items = items.filter((i) => i.attempt > 0 || keep.has(i));
        stoppedBy = 'budget: episodes';
      }
    }
    let tokens = store.totals().tokens;
    const tokensOver = (): boolean => o.budgets?.tokens !== undefined && tokens >= o.budgets.tokens;
    if (tokensOver()) {
      items = [];
      stoppedBy = 'budget: tokens';
    }
    let tokensStop: number | undefined;
    let afterStop = 0;
    const total = o.jobs.length;
    const started = Date.now();
    let playedNow = 0;
    let failedNow = 0;
    await o.backend.run(
      items,
      {
        onStart: (item, worker) => store.started(item.job.id, item.attempt, worker),
        onOutcome: (item, outcome) => {
          if (outcome.failure?.class === 'aborted') return;
          const before = store.state(item.job.id);
          if (!store.record(item.job, outcome, item.attempt)) return;
          if (before?.status === 'failed') failed--;
          else if (ids.has(item.job.id)) storedCount++;
          tokens = before?.status === 'failed' ? store.totals().tokens : tokens + outcome.players.reduce((n, p) => n + p.tokensIn + p.tokensOut, 0);
          playedNow++;
          if (outcome.status === 'failed') {
            failedNow++;
            failed++;
          }
          o.onStored?.(item.job, outcome);
          const perMinute = (playedNow / Math.max(1, Date.now() - started)) * 60_000;
          const left = items.length - playedNow;
          o.onProgress?.({ total, done: storedCount, failed, playedNow, perMinute, etaMs: perMinute > 0 ? (left / perMinute) * 60_000 : undefined, last: outcome });
          if (tokensStop !== undefined) afterStop++;
          if (tokensOver() && !stop.signal.aborted) {
            stoppedBy = 'budget: tokens';
            tokensStop = tokens;
            stop.abort();
          }
        },
      },
      { stop: stop.signal, abort: abort.signal },
    );
    o.stop?.removeEventListener('abort', onStop);
    o.abort?.removeEventListener('abort', onAbort);
    const budget = o.budgets?.tokens;
    const spend: TokenSpend = {
      spent: store.totals().tokens,
      ...(budget === undefined ? {} : { budget, overBy: Math.max(0, store.totals().tokens - budget) }),
      ...(tokensStop === undefined ? {} : { inFlightAtStop: afterStop }),
    };
    store.setMeta(SPEND_KEY, spend);
    return { total, stored: storedCount, toPlay: items.length, playedNow, failedNow, ...(stoppedBy ? { stoppedBy } : {}), interruptedBefore, tokens: spend };
  } finally {
    store.close();
  }
}
