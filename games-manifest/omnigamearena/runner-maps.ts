/**
 * The builds' maps config (`configs/maps.yaml` of a runner checkout, read at run time): map keys
 * (`last_stand`, `last_stand_var1`) to UE package paths. The profile's variants are `origin` (the
 * game's own key) and the game's held-out `var1..var3`.
 */
import { z } from 'zod';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import type { Environment } from '../environment.js';
import type { RunnerGame } from './games.js';

/** The parsed maps config: `{ maps: { key: '/Game/...' } }`. */
export const RunnerMapsConfig = z.strictObject({ maps: z.record(z.string().min(1).max(100), z.string().min(1).max(300)) });
export type RunnerMapsConfig = z.infer<typeof RunnerMapsConfig>;

/** Variant id -> UE map path for `game` (origin is the game's own key; a bare name is under `/Game/Maps/`); BAD_CONFIG when the config lacks the game's map. */
export function runnerMaps(game: RunnerGame, config: RunnerMapsConfig): Record<string, string> {
  const origin = config.maps[game.id];
  if (origin === undefined) throw new ArenaError(ErrorCode.BAD_CONFIG, `the maps config has no map for '${game.id}'`);
  const maps: Record<string, string> = { origin: runnerMapPath(origin) };
  for (const v of game.variants) {
    const map = config.maps[`${game.id}_${v}`];
    if (map !== undefined) maps[v] = runnerMapPath(map);
  }
  return maps;
}

/** The map path the runner opens for a short name: a name without a slash lives under `/Game/Maps/`. */
export function runnerMapPath(name: string): string {
  return name.includes('/') ? name : `/Game/Maps/${name}`;
}

/**
 * Why `game` cannot be played on `env` under the profile, or undefined when it can: on a RemoteInput build the
 * runner opens the builds' map every episode, so without their maps config the build would play whatever is
 * loaded. `give` says how the caller's configuration names it (a flag, a config or spec field).
 */
export function missingRunnerMaps(game: string, env: Environment, maps: string | undefined, give: string): string | undefined {
  if (env.kind !== 'remote-input' || maps !== undefined) return undefined;
  return `${game} on a build under the omnigamearena profile needs the builds' maps config: ${give}`;
}
