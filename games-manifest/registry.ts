/** The games the gateway knows, validated once at load. */
import { ArenaError, ErrorCode } from '../protocol/index.js';
import { lastStand } from './entries/last-stand.js';
import { obstacleRun2d } from './entries/obstacle-run-2d.js';
import { obstacleRun3d } from './entries/obstacle-run-3d.js';
import { monsterShoot } from './entries/monster-shoot.js';
import { sceneEscape } from './entries/scene-escape.js';
import { cueChase } from './entries/cue-chase.js';
import { soloCraft } from './entries/solo-craft.js';
import { skyDuel } from './entries/sky-duel.js';
import { crystalGuard } from './entries/crystal-guard.js';
import { midlineClash } from './entries/midline-clash.js';
import { sharedFloor } from './entries/shared-floor.js';
import { handoffRun } from './entries/handoff-run.js';
import { freedoom } from './entries/freedoom.js';
import { openarena } from './entries/openarena.js';
import { GameEntry, type Variant } from './schema.js';

// The twelve benchmark games in GAMES.md order, then real desktop games.
const entries: readonly GameEntry[] = [lastStand, obstacleRun2d, obstacleRun3d, monsterShoot, sceneEscape, cueChase, soloCraft, skyDuel, crystalGuard, midlineClash, sharedFloor, handoffRun, freedoom, openarena].map((e) => GameEntry.parse(e));
const byId = new Map(entries.map((e) => [e.id, e]));

/** All games in the manifest, in listing order. */
export function listGames(): readonly GameEntry[] {
  return entries;
}

/** The entry for `id`; UNKNOWN_GAME, naming the known ids, if there is none. */
export function getGame(id: string): GameEntry {
  const entry = byId.get(id);
  if (!entry) {
    throw new ArenaError(ErrorCode.UNKNOWN_GAME, `unknown game '${id}'; known games: ${[...byId.keys()].join(', ')}`);
  }
  return entry;
}

/** The variant `id` of a game; UNKNOWN_VARIANT, naming the known ones, if there is none. */
export function getVariant(game: GameEntry, id: string): Variant {
  const variant = game.variants.find((v) => v.id === id);
  if (!variant) {
    throw new ArenaError(ErrorCode.UNKNOWN_VARIANT, `game '${game.id}' has no variant '${id}'; variants: ${game.variants.map((v) => v.id).join(', ')}`);
  }
  return variant;
}
