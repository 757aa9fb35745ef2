/**
 * Whether a finished run can become a Video-Arena case, and the case it would make: its game's perception
 * adapter, its state stream (recorded, or rebuilt by re-simulation for older runs), its reference tuples,
 * strata and video length. A run that cannot is left out with the reason, for the manifest.
 */
import { perceptionAdapters, builtinGames, type PerceptionAdapter } from '../../games/index.js';
import { getGame } from '../../games-manifest/index.js';
import { isPausedClock, readRecordLines, readRunJson, readStateLines, rebuildStateLines, ProgressRecord, type ResimOptions, type RunJson, type StateLineRecord } from '../../gateway/index.js';
import { ArenaError, ErrorCode, toArenaError } from '../../protocol/index.js';
import { join } from 'node:path';
import type { CaseStrata } from './case-schema.js';
import type { FoundRun } from './run-dirs.js';
import { referenceTuples } from './references.js';
import { caseStrata } from './strata.js';
import type { PerceptionTuple } from '../tuple.js';

/** Fewest critical events a case needs. */
export const MIN_EVENTS = 2;

/** A run that can become a case. */
export interface Candidate {
  readonly dir: string;
  readonly run: RunJson;
  readonly runId: string;
  readonly game: string;
  readonly adapter: PerceptionAdapter;
  readonly tuples: PerceptionTuple[];
  readonly strata: CaseStrata;
  readonly durationS: number;
}

/** A run left out, and why. */
export interface Skipped {
  readonly run: string;
  readonly reason: string;
}

/** The video's length at `fps` for an episode of `simMs` of game time: floor(simMs * fps / 1000) + 1 frames. */
export function videoDurationS(simMs: number, fps: number): number {
  return (Math.floor((simMs * fps) / 1000 + 1e-9) + 1) / fps;
}

/** Examines one run: a candidate, or the reason it is left out. BAD_CONFIG for a named run of a game with no privileged stream. */
export async function examineRun(found: FoundRun, fps: number, launch?: ResimOptions['launch']): Promise<Candidate | Skipped> {
  let run: RunJson;
  try {
    run = readRunJson(found.dir);
  } catch (err) {
    return { run: found.dir, reason: `unreadable run record: ${toArenaError(err).message}` };
  }
  const id = run.runId;
  let kind: string;
  try {
    kind = getGame(run.game).launch.kind;
  } catch {
    return { run: id, reason: `unknown game '${run.game}'` };
  }
  const def = builtinGames.find((g) => g.id === run.game);
  const onBuild = run.build === undefined || def === undefined || run.build.build === def.build;
  if (kind !== 'builtin' || !onBuild) {
    const what = kind !== 'builtin' ? `a ${kind} game` : `played on ${run.build?.build ?? 'another build'}, not the built-in reference game`;
    if (found.named) throw new ArenaError(ErrorCode.BAD_CONFIG, `${found.dir} is a run of ${run.game}, ${what}: it has no privileged state stream to take labels from`);
    return { run: id, reason: `${run.game} is ${what}: no privileged state stream` };
  }
  const adapter = perceptionAdapters.get(run.game);
  if (!adapter) return { run: id, reason: `${run.game} has no perception adapter (a turn-based board)` };
  if (run.status !== 'complete') return { run: id, reason: `incomplete episode (${run.status}${run.failure ? `: ${run.failure.code}` : ''})` };
  const episode = run.result?.episode ?? 'finished';
  if (episode !== 'finished' && episode !== 'budget') return { run: id, reason: `failed episode (${episode}): not a result of play` };
  if (!isPausedClock(run.clock)) return { run: id, reason: `a ${run.clock} run: its video cannot be re-simulated` };
  // The video shows the views in the record's agent order; the task text says slot order.
  const slots = run.agents.map((a) => a.slot);
  if (slots.some((s, i) => i > 0 && s < slots[i - 1]!)) return { run: id, reason: `its agents are not in slot order (${slots.join(', ')}): the video would not show the views as the task says` };
  let lines: StateLineRecord[] | undefined;
  try {
    lines = readStateLines(found.dir);
    if (!lines) {
      const rebuilt = await rebuildStateLines(found.dir, launch ? { launch } : {});
      if (!rebuilt.replayed) return { run: id, reason: 'no state stream, and the run does not replay to rebuild it' };
      lines = rebuilt.lines;
    }
  } catch (err) {
    return { run: id, reason: `no usable state stream: ${toArenaError(err).message}` };
  }
  const tuples = referenceTuples(adapter, lines);
  if (tuples.length < MIN_EVENTS) return { run: id, reason: `too few critical events (${tuples.length} < ${MIN_EVENTS})` };
  const durationS = videoDurationS(run.result?.simMs ?? 0, fps);
  const progress = readRecordLines(join(found.dir, 'progress.jsonl'), ProgressRecord);
  return { dir: found.dir, run, runId: id, game: run.game, adapter, tuples, strata: caseStrata(adapter, run, lines, progress, durationS), durationS };
}

/** Whether `x` is a candidate. */
export function isCandidate(x: Candidate | Skipped): x is Candidate {
  return 'tuples' in x;
}
