/** The games the gateway knows, validated once at load. */
import { ArenaError, didYouMean, ErrorCode } from '../protocol/index.js';
import { lastStand } from '../games/last-stand/manifest.js';
import { obstacleRun2d } from '../games/obstacle-run-2d/manifest.js';
import { obstacleRun3d } from '../games/obstacle-run-3d/manifest.js';
import { monsterShoot } from '../games/monster-shoot/manifest.js';
import { sceneEscape } from '../games/scene-escape/manifest.js';
import { cueChase } from '../games/cue-chase/manifest.js';
import { soloCraft } from '../games/solo-craft/manifest.js';
import { skyDuel } from '../games/sky-duel/manifest.js';
import { crystalGuard } from '../games/crystal-guard/manifest.js';
import { midlineClash } from '../games/midline-clash/manifest.js';
import { sharedFloor } from '../games/shared-floor/manifest.js';
import { handoffRun } from '../games/handoff-run/manifest.js';
import { ticTacToe } from '../games/tic-tac-toe/manifest.js';
import { reversi } from '../games/reversi/manifest.js';
import { minesweeper } from '../games/minesweeper/manifest.js';
import { gomoku } from '../games/gomoku/manifest.js';
import { sudoku } from '../games/sudoku/manifest.js';
import { chess } from '../games/chess/manifest.js';
import { freedoom } from './desktop/freedoom.js';
import { openarena } from './desktop/openarena.js';
import { GameEntry, type Variant } from './schema.js';

// The twelve benchmark games in GAMES.md order, the six LVLM-Playground boards, then real desktop games.
const entries: readonly GameEntry[] = [lastStand, obstacleRun2d, obstacleRun3d, monsterShoot, sceneEscape, cueChase, soloCraft, skyDuel, crystalGuard, midlineClash, sharedFloor, handoffRun, ticTacToe, reversi, minesweeper, gomoku, sudoku, chess, freedoom, openarena].map((e) => GameEntry.parse(e));
const byId = new Map(entries.map((e) => [e.id, e]));

/** All games in the manifest, in listing order. */
export function listGames(): readonly GameEntry[] {
  return entries;
}

/** The entry for `id`; UNKNOWN_GAME, naming the known ids, if there is none. */
export function getGame(id: string): GameEntry {
  const entry = byId.get(id);
  if (!entry) {
    throw new ArenaError(ErrorCode.UNKNOWN_GAME, `unknown game '${id}'${didYouMean(id, [...byId.keys()])}; known games: ${[...byId.keys()].join(', ')}`);
  }
  return entry;
}

/** The variant `id` of a game; UNKNOWN_VARIANT, naming the known ones, if there is none. */
export function getVariant(game: GameEntry, id: string): Variant {
  const variant = game.variants.find((v) => v.id === id);
  if (!variant) {
    throw new ArenaError(ErrorCode.UNKNOWN_VARIANT, `game '${game.id}' has no variant '${id}'${didYouMean(id, game.variants.map((v) => v.id))}; variants: ${game.variants.map((v) => v.id).join(', ')}`);
  }
  return variant;
}
