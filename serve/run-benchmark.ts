/**
 * A run's benchmark score over game time for its replay page: under the omnigamearena profile the score the
 * benchmark's runner reports, raw and unclamped, after each progress line (gateway's `benchmarkTimeline`).
 */
import { benchmarkTimeline, ProgressRecord, RunJson } from '../gateway/index.js';

/** `{ benchmark: [...] }` for a run under the profile, else nothing (its progress lines are its series). */
export function benchmarkOfRun(run: unknown, progress: readonly unknown[]): { benchmark?: { simMs: number; players: { slot: number; score: number }[] }[] } {
  const parsed = RunJson.safeParse(run);
  if (!parsed.success) return {};
  const lines = progress.flatMap((p) => {
    const line = ProgressRecord.safeParse(p);
    return line.success ? [line.data] : [];
  });
  const timeline = benchmarkTimeline(parsed.data, lines);
  return timeline === undefined ? {} : { benchmark: timeline };
}
