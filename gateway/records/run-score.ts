/**
 * The score a reader of finished runs compares: our progress, or under the omnigamearena profile the
 * benchmark's own score (`result.benchmark`, raw and unclamped; a Coop team's sum for each of its seats).
 */
import { runnerGame, runnerScore, seatScore } from '../../games-manifest/index.js';
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

/**
 * Under the omnigamearena profile, each slot's benchmark score after each line of `progress.jsonl`: the runner's
 * rule (`runnerScore`: the last reading, CueChase the largest; a Coop team's sum for each seat) over the readings
 * up to then, raw. Undefined for a run under our profile (its progress lines are the series).
 */
export function benchmarkTimeline(run: RunJson, progress: readonly ProgressRecord[]): { simMs: number; players: { slot: number; score: number }[] }[] | undefined {
  const game = runnerGame(run.game);
  if (runMeasure(run) !== 'benchmark' || game === undefined) return undefined;
  const slots = (run.result?.players ?? run.agents).map((p) => p.slot);
  const readings = new Map(slots.map((slot) => [slot, [] as number[]]));
  return progress.map((line) => {
    for (const q of line.players) readings.get(q.slot)?.push(q.score);
    const { scores } = runnerScore(game, slots.map((slot) => readings.get(slot)!));
    return { simMs: line.simMs, players: line.players.flatMap((q) => (readings.has(q.slot) ? [{ slot: q.slot, score: seatScore(scores, slots, q.slot) ?? 0 }] : [])) };
  });
}
