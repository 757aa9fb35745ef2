/** The manifest entry a match configuration plays: a game by id, at an environment, under a profile, or a build's own. */
import { entryAt, genericEntry, getGame, isEnvironmentUrl, parseEnvironment, withGamepad, type GameEntry } from '../../games-manifest/index.js';
import { usage } from '../../protocol/index.js';
import { profileEntry } from './profile-entry.js';
import type { MatchConfig } from './match-config.js';

/** What of a configuration decides the entry it plays. */
export type EntryFields = Pick<MatchConfig, 'game' | 'env' | 'maps' | 'profile' | 'gamepad'>;

/** The manifest entry a configuration plays: by id, at `env` if given, or a generic one for a build URL. */
export function entryOf(config: EntryFields): GameEntry {
  const entry = placedEntry(config);
  return config.gamepad === true ? withGamepad(entry) : entry;
}

function placedEntry(config: EntryFields): GameEntry {
  if (isEnvironmentUrl(config.game)) {
    if (config.env !== undefined) throw usage('give the build either as --game URL or as --env URL, not both');
    return genericEntry(parseEnvironment(config.game));
  }
  const entry = getGame(config.game);
  if ((config.profile ?? 'default') === 'omnigamearena') return profileEntry(entry, config);
  return config.env === undefined ? entry : entryAt(entry, parseEnvironment(config.env));
}
