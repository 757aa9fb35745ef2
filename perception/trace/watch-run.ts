/**
 * One `arena watch` run: a live match played by its agents, with a TraceWatcher as its observer, and the
 * run's files: watch.json (conditions, questions and answers, windows, responses, metrics), requests.jsonl
 * (one line per model request: images, replayed history, dropped frames, timing, tokens) and summary.txt.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runMatch, type MatchResult, type MatchSpec } from '../../gateway/index.js';
import { TraceWatcher, type WatcherOptions } from './watcher.js';
import { watchMetrics, watchSummary, type WatchConditions, type WatchMetrics } from './watch-report.js';
import type { RequestRecord } from './watch-tasks.js';

/** What a watch run gives back. */
export interface WatchRunResult {
  readonly match: MatchResult;
  readonly metrics: WatchMetrics;
  readonly summary: string;
  readonly outDir: string;
}

/** Plays `spec` with the watcher beside it and writes the run's files into `outDir`. */
export async function watchMatch(spec: MatchSpec, watcher: Omit<WatcherOptions, 'onRequest'>, conditions: WatchConditions, outDir: string, timeLimitMs: number): Promise<WatchRunResult> {
  mkdirSync(outDir, { recursive: true });
  const requestsPath = join(outDir, 'requests.jsonl');
  writeFileSync(requestsPath, '');
  const requests: RequestRecord[] = [];
  const w = new TraceWatcher(
    {
      ...watcher,
      onRequest: (r) => {
        requests.push(r);
        appendFileSync(requestsPath, `${JSON.stringify(r)}\n`);
      },
    },
    timeLimitMs,
  );
  const match = await runMatch({
    ...spec,
    observer: w,
    onEvent: (e) => {
      spec.onEvent?.(e);
      w.onMatchEvent(e);
    },
  });
  const outcome = await w.finish(match.simMs);
  const metrics = watchMetrics(outcome, requests);
  const summary = watchSummary(conditions, metrics, outcome.endMs);
  const report = {
    conditions,
    match: { runId: match.runId, dir: match.dir, status: match.status, reason: match.reason, simMs: match.simMs, ...(match.error ? { error: match.error } : {}) },
    metrics,
    qa: outcome.qa,
    proactive: { instruction: outcome.instruction, windows: outcome.windows, responses: outcome.responses, roles: outcome.proactive.roles, perWindow: outcome.proactive.perWindow },
  };
  writeFileSync(join(outDir, 'watch.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(outDir, 'summary.txt'), summary);
  return { match, metrics, summary, outDir };
}
