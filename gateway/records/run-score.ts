/**
 * The score a reader of finished runs compares: our progress, or under the omnigamearena profile the
 * benchmark's own score (`result.benchmark`, raw and unclamped; a Coop team's sum for each of its seats).
 */
import { runnerGame, runnerScore, seatScore, type RunnerGame } from '../../games-manifest/index.js';
import { measureOf, type ScoreMeasure } from '../../protocol/index.js';
import type { ProgressRecord, RunJson } from './run-record-schema.js';

/** Which score a run is read by: its declared profile's (a run without conditions: by whether it kept a benchmark score). */
export function runMeasure(run: RunJson): ScoreMeasure {
  return measureOf(run.conditions?.profile ?? (run.result?.benchmark === undefined ? undefined : 'omnigamearena'));
}

/** The score of the player in `slot` by the run's measure; undefined when the run has none for it. */
export function seatValue(run: RunJson, slot: number): number | undefined {
  const players = run.result?.players ?? [];
  if (runMeasure(run) === 'progress') return players.find((p) => p.slot === slot)?.progress;
  const scores = run.result?.benchmark?.scores;
  return scores === undefined ? undefined : seatScore(scores, players.map((p) => p.slot), slot);
}

/** Each player's benchmark score at one game time, ms. */
export interface BenchmarkPoint {
  readonly simMs: number;
  readonly players: { slot: number; score: number }[];
}

/**
 * Each slot's benchmark score as a match's progress reports come, live or read back: the runner's rule
 * (`runnerScore`: the last reading, CueChase the largest; a Coop team's sum for each seat) over the readings up
 * to then, raw. It keeps one reading per slot (the one the rule keeps), so a report costs the same however long
 * the match has run.
 */
export class BenchmarkScorer {
  private readonly kept: Map<number, number[]>;

  constructor(
    private readonly game: RunnerGame,
    private readonly slots: readonly number[],
  ) {
    this.kept = new Map(slots.map((slot) => [slot, []]));
  }

  /** The scorer of a match of `game` with these slots under the omnigamearena profile; undefined for a game the benchmark lacks. */
  static of(game: string, slots: readonly number[]): BenchmarkScorer | undefined {
    const runner = runnerGame(game);
    return runner === undefined ? undefined : new BenchmarkScorer(runner, slots);
  }

  /** Takes one progress report's readings; returns each reported slot's score after it. */
  add(players: readonly { slot: number; score: number }[]): { slot: number; score: number }[] {
    for (const q of players) {
      const kept = this.kept.get(q.slot);
      if (kept === undefined) continue;
      const prev = kept[0];
      kept[0] = prev === undefined || this.game.score.keep === 'last' ? q.score : Math.max(prev, q.score);
    }
    const { scores } = runnerScore(this.game, this.slots.map((slot) => this.kept.get(slot)!));
    return players.flatMap((q) => (this.kept.has(q.slot) ? [{ slot: q.slot, score: seatScore(scores, this.slots, q.slot) ?? 0 }] : []));
  }
}

/**
 * Under the omnigamearena profile, each slot's benchmark score after each line of `progress.jsonl` (a
 * `BenchmarkScorer` over the lines, as the match's observer got them live). Undefined for a run under our
 * profile (its progress lines are the series).
 */
export function benchmarkTimeline(run: RunJson, progress: readonly ProgressRecord[]): BenchmarkPoint[] | undefined {
  if (runMeasure(run) !== 'benchmark') return undefined;
  const scorer = BenchmarkScorer.of(run.game, (run.result?.players ?? run.agents).map((p) => p.slot));
  return scorer && progress.map((line) => ({ simMs: line.simMs, players: scorer.add(line.players) }));
}
