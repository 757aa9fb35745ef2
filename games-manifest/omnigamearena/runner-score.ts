/**
 * The runner's episode score from `get_score` readings: the last reading (CueChase: the largest seen),
 * a Coop team's readings summed, and progress where the game defines one (CueChase and SceneEscape:
 * tasks done / 10; the obstacle runs: the reading itself). A reading outside the game's declared range
 * is reported beside the score, never clamped away.
 */
import type { RunnerGame } from './games.js';

/** One player's score readings over an episode, in order. */
export type ScoreReadings = readonly number[];

export interface RunnerScore {
  /** The score the runner reports: per player, or the team's sum in Coop (then one entry). */
  readonly scores: readonly number[];
  /** Progress in [0, 1] per entry of `scores`, where the game defines it; null otherwise. */
  readonly progress: readonly (number | null)[];
  /** Readings that lay outside the declared range, per player slot. */
  readonly outOfRange: readonly { readonly slot: number; readonly value: number }[];
}

function kept(readings: ScoreReadings, keep: 'last' | 'max'): number {
  if (readings.length === 0) return 0;
  return keep === 'max' ? Math.max(...readings) : (readings[readings.length - 1] ?? 0);
}

/** Scores an episode from every player's readings (slot order). */
export function runnerScore(game: RunnerGame, readings: readonly ScoreReadings[]): RunnerScore {
  const { keep, team, progressDivisor, range } = game.score;
  const outOfRange = readings.flatMap((r, slot) => r.filter((v) => !Number.isFinite(v) || v < range.min || (range.max !== null && v > range.max)).map((value) => ({ slot, value })));
  const perPlayer = readings.map((r) => kept(r, keep));
  const scores = team === 'sum' ? [perPlayer.reduce((a, b) => a + b, 0)] : perPlayer;
  const progress = scores.map((s) => (progressDivisor === undefined ? null : Math.max(0, Math.min(1, s / progressDivisor))));
  return { scores, progress, outOfRange };
}

/** The benchmark score of the player in `slot`, from `scores` in slot order or one team score (Coop) for every player. */
export function seatScore(scores: readonly number[], slots: readonly number[], slot: number): number | undefined {
  if (scores.length === 1) return scores[0];
  const i = [...slots].sort((a, b) => a - b).indexOf(slot);
  return i < 0 ? undefined : scores[i];
}
