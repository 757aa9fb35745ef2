/**
 * The reference games, one line each: the definition the host serves, the scripted policy, and a board's
 * offline tasks. A game's manifest entry is its line in `games-manifest/registry.ts` (which may not import
 * this layer); the order of both is the registry's. `games/catalog.test.ts` names a game folder
 * missing from either.
 */
import type { Agent } from '../protocol/index.js';
import { listGames } from '../games-manifest/index.js';
import type { GameDefinition } from './runtime/simulation.js';
import { createBoardPolicy, type BoardTasks } from './board-kit/index.js';
import { lastStandGame } from './last-stand/index.js';
import { createLastStandPolicy } from './last-stand/policy/index.js';
import { obstacleRun2dGame } from './obstacle-run-2d/index.js';
import { createObstacleRun2dPolicy } from './obstacle-run-2d/policy/index.js';
import { obstacleRun3dGame } from './obstacle-run-3d/index.js';
import { createObstacleRun3dPolicy } from './obstacle-run-3d/policy/index.js';
import { monsterShootGame } from './monster-shoot/index.js';
import { createMonsterShootPolicy } from './monster-shoot/policy/index.js';
import { sceneEscapeGame } from './scene-escape/index.js';
import { createSceneEscapePolicy } from './scene-escape/policy/index.js';
import { cueChaseGame } from './cue-chase/index.js';
import { createCueChasePolicy } from './cue-chase/policy/index.js';
import { soloCraftGame } from './solo-craft/index.js';
import { createSoloCraftPolicy } from './solo-craft/policy/index.js';
import { skyDuelGame } from './sky-duel/index.js';
import { createSkyDuelPolicy } from './sky-duel/policy/index.js';
import { crystalGuardGame } from './crystal-guard/index.js';
import { createCrystalGuardPolicy } from './crystal-guard/policy/index.js';
import { midlineClashGame } from './midline-clash/index.js';
import { createMidlineClashPolicy } from './midline-clash/policy/index.js';
import { sharedFloorGame } from './shared-floor/index.js';
import { createSharedFloorPolicy } from './shared-floor/policy/index.js';
import { handoffRunGame } from './handoff-run/index.js';
import { createHandoffRunPolicy } from './handoff-run/policy/index.js';
import { ticTacToeGame, ticTacToeTasks } from './tic-tac-toe/index.js';
import { reversiGame, reversiTasks } from './reversi/index.js';
import { minesweeperGame, minesweeperTasks } from './minesweeper/index.js';
import { gomokuGame, gomokuTasks } from './gomoku/index.js';
import { sudokuGame, sudokuTasks } from './sudoku/index.js';
import { chessGame, chessTasks } from './chess/index.js';

/** One reference game's parts: what the host serves, its scripted policy, and (a board) its offline tasks. */
export interface GamePlug {
  readonly game: GameDefinition;
  readonly policy: () => Agent;
  readonly tasks?: BoardTasks<unknown>;
}

const plugs: readonly GamePlug[] = [
  { game: lastStandGame, policy: () => createLastStandPolicy() },
  { game: obstacleRun2dGame, policy: () => createObstacleRun2dPolicy() },
  { game: obstacleRun3dGame, policy: () => createObstacleRun3dPolicy() },
  { game: monsterShootGame, policy: () => createMonsterShootPolicy() },
  { game: sceneEscapeGame, policy: () => createSceneEscapePolicy() },
  { game: cueChaseGame, policy: () => createCueChasePolicy() },
  { game: soloCraftGame, policy: () => createSoloCraftPolicy() },
  { game: skyDuelGame, policy: () => createSkyDuelPolicy() },
  { game: crystalGuardGame, policy: () => createCrystalGuardPolicy() },
  { game: midlineClashGame, policy: () => createMidlineClashPolicy() },
  { game: sharedFloorGame, policy: () => createSharedFloorPolicy() },
  { game: handoffRunGame, policy: () => createHandoffRunPolicy() },
  { game: ticTacToeGame, policy: () => createBoardPolicy(), tasks: ticTacToeTasks },
  { game: reversiGame, policy: () => createBoardPolicy(), tasks: reversiTasks },
  { game: minesweeperGame, policy: () => createBoardPolicy(), tasks: minesweeperTasks },
  { game: gomokuGame, policy: () => createBoardPolicy(), tasks: gomokuTasks },
  { game: sudokuGame, policy: () => createBoardPolicy(), tasks: sudokuTasks },
  { game: chessGame, policy: () => createBoardPolicy(), tasks: chessTasks },
];

/** The ids of the registry's games that this layer serves (`launch.kind` `builtin`), in the registry's order. */
export function builtinIds(): string[] {
  return listGames()
    .filter((e) => e.launch.kind === 'builtin')
    .map((e) => e.id);
}

/** `plugs` in the registry's order; throws naming the id when a builtin entry has no plug or a plug no entry. */
export function orderedPlugs(list: readonly GamePlug[], ids: readonly string[]): readonly GamePlug[] {
  const byId = new Map(list.map((p) => [p.game.id, p]));
  const stray = list.filter((p) => !ids.includes(p.game.id)).map((p) => p.game.id);
  if (stray.length > 0) throw new Error(`games/catalog.ts has games the registry lacks (games-manifest/registry.ts): ${stray.join(', ')}`);
  return ids.map((id) => {
    const plug = byId.get(id);
    if (!plug) throw new Error(`games-manifest/registry.ts has builtin game '${id}' without its line in games/catalog.ts`);
    return plug;
  });
}

/** Every reference game's parts, in the registry's order. */
export const gameCatalog: readonly GamePlug[] = orderedPlugs(plugs, builtinIds());
