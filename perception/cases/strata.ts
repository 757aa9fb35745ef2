/**
 * The strata a golden set is drawn by: the trajectory shape (for rivals, how the lead developed: blowout,
 * tense or reversal; for solo and team games, when the progress came: solo-early, solo-steady, solo-late or
 * solo-flat), the outcome, and the duration bin of the video. Thresholds are fixed per game.
 */
import type { PerceptionAdapter } from '../../games/index.js';
import type { ProgressRecord, RunJson, StateLineRecord } from '../../gateway/index.js';
import type { CaseStrata } from './case-schema.js';
import { stateTimeline } from './references.js';

/** Upper bounds of the `short` and `medium` duration bins, s of video. */
export const DURATION_BINS_S = { short: 20, medium: 60 } as const;

/** The duration bin of a video of `durationS` seconds. */
export function durationBin(durationS: number): string {
  return durationS < DURATION_BINS_S.short ? 'short' : durationS < DURATION_BINS_S.medium ? 'medium' : 'long';
}

/**
 * The shape of a lead trajectory (A's margin over B over time) with `unit` the margin of a clear lead:
 * `reversal` when each side had a clear lead at some time, or the side that once led clearly did not win the
 * final margin; `blowout` when the final margin is at least two clear leads (and no reversal); `tense` otherwise.
 */
export function leadShape(margins: readonly number[], unit: number): string {
  if (margins.length === 0) return 'tense';
  const final = margins.at(-1)!;
  const aLed = margins.some((m) => m >= unit);
  const bLed = margins.some((m) => m <= -unit);
  if ((aLed && bLed) || (aLed && final < 0) || (bLed && final > 0)) return 'reversal';
  return Math.abs(final) >= 2 * unit ? 'blowout' : 'tense';
}

/**
 * The shape of a progress curve (times and progress in [0, 1]): `solo-flat` when the final progress is under
 * 0.05, else by when half of it was reached, as a share of the episode: `solo-early` before a third,
 * `solo-late` after two thirds, `solo-steady` between.
 */
export function progressShape(points: readonly { simMs: number; progress: number }[], endMs: number): string {
  const final = points.at(-1)?.progress ?? 0;
  if (final < 0.05 || endMs <= 0) return 'solo-flat';
  const half = points.find((p) => p.progress >= final / 2)!;
  const at = half.simMs / endMs;
  return at < 1 / 3 ? 'solo-early' : at > 2 / 3 ? 'solo-late' : 'solo-steady';
}

/** The outcome label of a run: `A-wins`, `B-wins` or `draw` for rivals; `success`, `draw` or `failure` otherwise. */
export function outcomeLabel(adapter: PerceptionAdapter, run: RunJson): string {
  const players = run.result?.players ?? [];
  if (adapter.players.regime === 'rivals') {
    const a = players.find((p) => adapter.players.labels[p.slot] === 'A')?.outcome;
    const b = players.find((p) => adapter.players.labels[p.slot] === 'B')?.outcome;
    return a === 'win' || b === 'loss' ? 'A-wins' : b === 'win' || a === 'loss' ? 'B-wins' : 'draw';
  }
  if (players.some((p) => p.outcome === 'win')) return 'success';
  return players.some((p) => p.outcome === 'draw') ? 'draw' : 'failure';
}

/** The mean progress of the run's players at each progress report. */
export function progressCurve(progress: readonly ProgressRecord[]): { simMs: number; progress: number }[] {
  return progress.filter((p) => p.players.length > 0).map((p) => ({ simMs: p.simMs, progress: p.players.reduce((s, x) => s + x.progress, 0) / p.players.length }));
}

/** The strata of one run: its shape from the state stream (rivals) or progress (others), outcome and duration bin. */
export function caseStrata(adapter: PerceptionAdapter, run: RunJson, lines: readonly StateLineRecord[], progress: readonly ProgressRecord[], durationS: number): CaseStrata {
  const endMs = run.result?.simMs ?? durationS * 1000;
  const shape = adapter.lead ? leadShape(stateTimeline(lines).map((s) => adapter.lead!.margin(s.tracked)), adapter.lead.unit) : progressShape(progressCurve(progress), endMs);
  return { shape, outcome: outcomeLabel(adapter, run), duration: durationBin(durationS) };
}
