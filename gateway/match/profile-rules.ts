/**
 * How a match reads answers and times chunks under its profile: ours (the strict grammar and the chunk
 * compiler), or the OmniGameArena runner's (its grammar, padding and truncation, and its tap timeline).
 */
import { parseAnswer, type ChunkParse, type ControlSet } from '../../protocol/index.js';
import { runnerChunkParse, runnerKeyName, runnerSaysDone, runnerTimeline, type Profile, type RunnerGame } from '../../games-manifest/index.js';
import { compileChunk, releaseAll, withAxes, type CompiledChunk } from '../chunk-compiler.js';
import type { ActionChunk, InputEvent } from '../../protocol/index.js';

/** The answer grammar and the chunk timing a match plays by. */
export interface ChunkRules {
  readonly profile: Profile;
  /** Parses a model's answer into a chunk, or says why not. */
  parse(answer: string, controls: ControlSet): ChunkParse;
  /** The timed inputs of a chunk for `slot`. */
  compile(chunk: ActionChunk, controls: ControlSet, slot: number): CompiledChunk;
  /** Sends of one request whose answer came back empty before the episode is skipped (1: no resend). */
  readonly emptyAttempts: number;
  /** True when an invalid answer is the agent's own "done", which ends the episode (never under ours). */
  agentDone(answer: string): boolean;
  /** The first decision of an episode is made with the world running, so it costs game time under pdq too (the runner's). */
  readonly firstDecisionRuns: boolean;
  /**
   * The episode ends when the first slot finishes its last chunk (its budget's last decision, or its "done")
   * and its observation delay, as the runner's step loop stops the match at that player's step; the other
   * slots' chunks are cut there. Otherwise every slot plays out its budget and the episode ends at the last chunk's end.
   */
  readonly firstFinishEnds: boolean;
  /** Releases of every key and button of `controls`, named as this profile names keys on the wire. */
  release(controls: ControlSet, slot: number): InputEvent[];
}

/** Our own rules. */
export const DEFAULT_RULES: ChunkRules = { profile: 'default', parse: parseAnswer, compile: compileChunk, emptyAttempts: 1, agentDone: () => false, firstDecisionRuns: false, firstFinishEnds: false, release: (controls, slot) => releaseAll(controls, slot) };

/** The runner's rules for one of its games. */
export function runnerRules(game: RunnerGame, emptyAttempts: number): ChunkRules {
  return {
    profile: 'omnigamearena',
    parse: (answer) => runnerChunkParse(answer, game),
    // Every token goes out as the runner sends it. The runner's VLM grammar has no axes; a chunk an agent
    // built may hold them (its gamepad policies' path).
    compile: (chunk, controls, slot) => withAxes(runnerTimeline({ ...chunk, unknown: [] }, game, slot), chunk, controls.stepMs, slot),
    emptyAttempts,
    agentDone: (answer) => runnerSaysDone(answer, game),
    firstDecisionRuns: true,
    firstFinishEnds: true,
    // The runner's names (`Space` -> `SpaceBar`), so a link reading UE key names releases the key that was pressed.
    release: (controls, slot) => releaseAll(controls, slot).map((e) => (e.type === 'key' ? { ...e, key: runnerKeyName(e.key) } : e)),
  };
}
