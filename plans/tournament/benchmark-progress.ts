/**
 * Under the omnigamearena profile a tournament rates the benchmark's own score, not our clamped progress:
 * each player's `progress` in its record becomes its `result.benchmark` score from the run's `run.json`
 * (a Coop team's sum for both players), unclamped; readings outside the declared range are counted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import type { MatchRecord } from './results-log.js';
import { seatScore } from '../../games-manifest/index.js';

const Benchmark = z.looseObject({ scores: z.array(z.number()), outOfRange: z.array(z.unknown()).default([]) });
const BenchmarkRun = z.looseObject({ result: z.looseObject({ benchmark: Benchmark.optional() }).optional() });

/** The record's players with the benchmark score as progress, and how many readings lay outside the declared range. */
export function benchmarkPlayers(players: MatchRecord['players'], runDir: string): { players: MatchRecord['players']; outOfRange: number } {
  const path = join(runDir, 'run.json');
  let benchmark: z.infer<typeof Benchmark> | undefined;
  try {
    benchmark = BenchmarkRun.parse(JSON.parse(readFileSync(path, 'utf8'))).result?.benchmark;
  } catch (err) {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `cannot read the benchmark score of ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (benchmark === undefined) throw new ArenaError(ErrorCode.BAD_CONFIG, `${path} has no benchmark score (result.benchmark); was it played under the omnigamearena profile?`);
  const slots = players.map((p) => p.slot);
  // One score for a team (Coop sum), else one per player in slot order.
  return { players: players.map((p) => ({ ...p, progress: seatScore(benchmark.scores, slots, p.slot) ?? 0 })), outOfRange: benchmark.outOfRange.length };
}
