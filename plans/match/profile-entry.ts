/**
 * The manifest entry a configuration plays under the `omnigamearena` profile: the runner's rules, and on a
 * RemoteInput build its look scale, JPEG q85, `open <map>` resets and the map names of the builds' maps
 * config, read at run time from the file `maps` names (a runner checkout's `configs/maps.yaml`).
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { missingRunnerMaps, parseEnvironment, runnerEntry, runnerGame, runnerMaps, RunnerMapsConfig, type GameEntry } from '../../games-manifest/index.js';
import { parseConfig } from './match-config.js';

/** Reads a runner maps config (YAML); BAD_CONFIG when unreadable or not of the expected shape. */
export function readRunnerMaps(path: string): RunnerMapsConfig {
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `cannot read maps config ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return parseConfig(raw, RunnerMapsConfig, path);
}

/** The three ways a match is given the builds' maps config. */
const GIVE_MAPS = 'pass --maps PATH/configs/maps.yaml, set "maps" in the match config, or play the match configs an `arena import omnigamearena` folder wrote';

/** `entry` under the runner's rules, at `config.env` if given; BAD_CONFIG for a game the benchmark lacks. */
export function profileEntry(entry: GameEntry, config: { readonly env?: string | undefined; readonly maps?: string | undefined }): GameEntry {
  const game = runnerGame(entry.id);
  if (game === undefined) throw new ArenaError(ErrorCode.BAD_CONFIG, `the omnigamearena profile has no game '${entry.id}'`);
  if (config.env === undefined) return runnerEntry(entry, game);
  const env = parseEnvironment(config.env);
  const missing = missingRunnerMaps(entry.id, env, config.maps, GIVE_MAPS);
  if (missing !== undefined) throw new ArenaError(ErrorCode.BAD_CONFIG, missing);
  const maps = config.maps === undefined ? undefined : runnerMaps(game, readRunnerMaps(config.maps));
  return runnerEntry(entry, game, env, maps);
}
