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

/** The gateway's own reasons an episode ends, in a researcher's words (a game's reason, `fell`, is its own word). */
const END_REASONS: Readonly<Record<string, string>> = {
  step_budget: 'decision budget used up',
  time_limit: 'time limit reached',
  agent_done: 'an agent declared itself done',
  agents_gone: 'every agent left',
};

/**
 * How an episode ended, as every surface says it (`arena match`'s line, `arena report`, the result banner): the
 * gateway's reasons in words, a game's reason as the game names it (`fell`), an error code as it is. The episode
 * class is added only where it says more than the reason: `(no result of play: format)`; `budget` and `finished` are
 * what the reason already says.
 */
export function endText(reason: string | undefined, episode?: string): string {
  const said = reason === undefined ? 'unknown' : (END_REASONS[reason] ?? (/^[A-Z_]+$/.test(reason) ? reason : reason.replace(/_/g, ' ')));
  return episode === undefined || episode === 'finished' || episode === 'budget' ? said : `${said} (no result of play: ${episode})`;
}

/** A player as every surface names it: its label and its seat, `scripted (slot 0)`. */
export const playerText = (label: string, slot: number): string => `${label} (slot ${slot})`;
