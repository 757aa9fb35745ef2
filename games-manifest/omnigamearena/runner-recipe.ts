/**
 * A manifest entry played as the runner plays it: the runner's chunk length, taps and step budget, no
 * game-time limit of ours (the episode ends on the step budget, game over or the agent's "done"), and,
 * on a RemoteInput build, the builds' map names, `degrees x 2057/360` mouse units and JPEG q85 frames.
 */
import { GamepadAxis, type ControlSet } from '../../protocol/index.js';
import type { Environment } from '../environment.js';
import type { GameEntry } from '../schema.js';
import { RUNNER_DEGREES_PER_UNIT, RUNNER_MAP_WAIT_MS, RUNNER_STEP_MS, RUNNER_TAP_MS, RUNNER_UNITS_PER_DEGREE, type RunnerGame } from './games.js';

/** The profiles a match can be played under: ours, or the published runner's. */
export const PROFILES = ['default', 'omnigamearena'] as const;
export type Profile = (typeof PROFILES)[number];

/** Game time that stands for "no time limit": the step budget always ends the episode first, ms (24 h). */
export const RUNNER_NO_TIME_LIMIT_MS = 24 * 60 * 60 * 1000;

/** The entry's control set with the runner's chunk length, step and tap timing and taps. */
export function runnerControls(controls: ControlSet, game: RunnerGame): ControlSet {
  const known = new Set([...controls.keys, ...controls.buttons]);
  return { ...controls, chunkSteps: game.chunkSteps, stepMs: RUNNER_STEP_MS, tapMs: RUNNER_TAP_MS, tapControls: game.taps.filter((t) => known.has(t)) };
}

/** The entry under the runner's rules; on a RemoteInput environment, its recipe uses `maps` (variant -> UE map). */
export function runnerEntry(entry: GameEntry, game: RunnerGame, env?: Environment, maps?: Readonly<Record<string, string>>): GameEntry {
  const base: GameEntry = { ...entry, controls: runnerControls(entry.controls, game), stepBudget: game.stepBudget, timeLimitMs: RUNNER_NO_TIME_LIMIT_MS };
  if (env === undefined || env.kind !== 'remote-input') return env === undefined ? base : { ...base, launch: { kind: 'remote', url: env.url } };
  return {
    ...base,
    // The builds take a gamepad too (the runner's gamepad policies drive all six axes); a VLM answer under the runner's grammar names none.
    controls: { ...base.controls, axes: [...GamepadAxis.options] },
    launch: {
      kind: 'remote-input',
      host: env.host,
      basePort: env.port,
      lookUnitsPerDegree: { x: RUNNER_UNITS_PER_DEGREE, y: RUNNER_UNITS_PER_DEGREE },
      lookDegreesPerUnit: { x: RUNNER_DEGREES_PER_UNIT, y: RUNNER_DEGREES_PER_UNIT },
      jpegQuality: 85,
      reset: 'open',
      scoreKeep: game.score.keep,
      scoreRange: { min: game.score.range.min, max: game.score.range.max },
      mapWaitMs: RUNNER_MAP_WAIT_MS,
      ...(game.score.progressDivisor !== undefined ? { progress: { field: 'score', max: game.score.progressDivisor } } : {}),
      ...(maps !== undefined ? { maps: { ...maps } } : {}),
    },
    // On a build the variants are the builds' own: origin and the held-out maps the maps config names.
    ...(maps !== undefined ? { variants: Object.keys(maps).map((id) => ({ id, heldOut: id !== 'origin', description: `the build's map ${maps[id] ?? ''}` })) } : {}),
  };
}
