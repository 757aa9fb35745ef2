/**
 * What a table, plot or page of results reads as a player's score: our normalised progress in [0, 1], or, for
 * runs under the omnigamearena profile, the benchmark's own score as its runner reports it (`result.benchmark`:
 * raw `get_score`, never clamped; a Coop team's sum for each of its seats). One set of words for every surface.
 */
export type ScoreMeasure = 'progress' | 'benchmark';

export const SCORE_MEASURES = {
  progress: { name: 'progress', axis: 'progress (0..1)', column: 'progress', bounded: true },
  benchmark: { name: 'benchmark score', axis: 'benchmark score (raw, unclamped)', column: 'benchmark_score', bounded: false },
} as const satisfies Record<ScoreMeasure, { name: string; axis: string; column: string; bounded: boolean }>;

/** The measure of runs played under `profile`. */
export const measureOf = (profile: string | undefined): ScoreMeasure => (profile === 'omnigamearena' ? 'benchmark' : 'progress');
