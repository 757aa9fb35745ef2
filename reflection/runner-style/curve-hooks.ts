/** The runner style's two hooks in the curve loop: its round 0 and its reflection (with the lints of the round reflected on). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CurvePaths } from '../curve-paths.js';
import type { CurveSettings } from '../curve-settings.js';
import type { CurveState, EpisodeRecord } from '../curve-state.js';
import type { ReflectorClient } from '../reflector.js';
import type { ReflectionInput } from '../reflector-tools.js';
import { lintsText, runnerLints } from './lints.js';
import { runnerReflection, type RunnerReflectionResult } from './reflection.js';
import type { ColdStartRecord } from './record.js';
import { adoptColdStart } from './round-zero.js';

/** Round 0's episodes from the cold-start runs under `from`, and where they came from. */
export function runnerRoundZero(from: string, settings: CurveSettings, variant: string, slots: readonly number[], paths: CurvePaths): { episodes: EpisodeRecord[]; coldStart: ColdStartRecord } {
  return adoptColdStart(from, settings, variant, slots, paths.dir, paths.roundEpisodes(0));
}

/** The reflection on `input.round` in the runner's style; its lints are also written to that round's `lints.md`. */
export async function runnerStyleReflection(input: ReflectionInput, client: ReflectorClient, state: CurveState, paths: CurvePaths, signal: AbortSignal | undefined): Promise<RunnerReflectionResult> {
  const after = state.rounds[input.round]!;
  const means = state.rounds.slice(0, input.round + 1).map((r) => r.mean ?? 0);
  const lints = runnerLints({ round: after.round, skill: after.skill, scores: after.episodes.map((e) => e.score), means });
  writeFileSync(join(paths.round(input.round), 'lints.md'), lintsText(input.round, lints));
  const next = input.round + 1;
  return runnerReflection(input, client, lints, (attempt) => (attempt === 1 ? paths.transcript(next) : join(paths.round(next), `reflector-${attempt}.jsonl`)), signal);
}
