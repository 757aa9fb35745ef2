/** How the batch commands resolve the game of an episode job that names an environment, a maps file or a profile. */
import type { GameEntry } from '../games-manifest/index.js';
import type { EpisodeJob } from '../sweeps/index.js';
import { entryOf } from './commands/match.js';

/** The manifest entry `job` plays, with its build recipe applied, exactly as `arena match` resolves one. */
export function jobEntry(job: EpisodeJob): GameEntry {
  return entryOf({ game: job.cellInfo.game, env: job.env, maps: job.maps, profile: job.profile });
}
