/** games: the built-in reference games, their shared renderer, and the GameLink host that serves them. */
import type { GameDefinition } from './runtime/simulation.js';
import type { PerceptionAdapter } from './runtime/perception.js';
import { lastStandGame } from './last-stand/index.js';
import { monsterShootGame } from './monster-shoot/index.js';
import { sceneEscapeGame } from './scene-escape/index.js';
import { cueChaseGame } from './cue-chase/index.js';
import { obstacleRun2dGame } from './obstacle-run-2d/index.js';
import { obstacleRun3dGame } from './obstacle-run-3d/index.js';

export type { GameDefinition, SimEnd, SimEvent, Simulation, SimulationOptions } from './runtime/simulation.js';
export { serveGame, runGameProcess } from './runtime/serve.js';
export { SimulationBackend } from './runtime/simulation-backend.js';
export { Episode } from './runtime/episode.js';
export { lastStandGame } from './last-stand/index.js';
export { monsterShootGame } from './monster-shoot/index.js';
export { sceneEscapeGame } from './scene-escape/index.js';
export { cueChaseGame } from './cue-chase/index.js';
export { obstacleRun2dGame } from './obstacle-run-2d/index.js';
export { obstacleRun3dGame } from './obstacle-run-3d/index.js';
export { skyDuelGame } from './sky-duel/index.js';
export { crystalGuardGame } from './crystal-guard/index.js';
export {
  type Camera,
  type Canvas,
  clearCanvas,
  compileGlyphs,
  type CompiledGlyphs,
  clearDepth,
  createCanvas,
  createView,
  DEFAULT_LIGHT,
  type DirectionalLight,
  drawBox,
  drawPolygon,
  drawShadedPolygon,
  drawSkyGradient,
  drawText,
  drawTriangle,
  drawTurnedBox,
  fillRect,
  GLYPH_HEIGHT,
  GLYPH_WIDTH,
  horizonRow,
  lightFactor,
  MAX_POLYGON_VERTICES,
  measureText,
  mixColor,
  normalize,
  projectPoint,
  type Rgb,
  scaleColor,
  textHeight,
  type TextStyle,
  toViewSpace,
  type TurnedFrame,
  type Vec3,
  type View,
} from './render/index.js';

import { skyDuelGame } from './sky-duel/index.js';
import { crystalGuardGame } from './crystal-guard/index.js';
import { soloCraftGame } from './solo-craft/index.js';
import { midlineClashGame } from './midline-clash/index.js';
import { sharedFloorGame } from './shared-floor/index.js';
import { handoffRunGame } from './handoff-run/index.js';

export { soloCraftGame, midlineClashGame, sharedFloorGame, handoffRunGame };
export { WorkshopState } from './workshop/index.js';

import { ticTacToeGame } from './tic-tac-toe/index.js';
import { reversiGame } from './reversi/index.js';
import { minesweeperGame } from './minesweeper/index.js';
import { gomokuGame } from './gomoku/index.js';
import { sudokuGame } from './sudoku/index.js';
import { chessGame } from './chess/index.js';

export { ticTacToeGame, reversiGame, minesweeperGame, gomokuGame, sudokuGame, chessGame };
export {
  type BoardQuestion,
  type BoardTasks,
  boardTasks,
  countSolutions,
  createBoardPolicy,
  generateMinesweeper,
  generateSudoku,
  MAX_INVALID_MOVES,
  randomMoves,
  solveByLogic,
  stockfishPath,
  SyncStockfish,
} from './boards.js';

/** Every reference game this package serves, in listing order. */
export const builtinGames: readonly GameDefinition[] = [lastStandGame, monsterShootGame, sceneEscapeGame, cueChaseGame, obstacleRun2dGame, obstacleRun3dGame, skyDuelGame, crystalGuardGame, soloCraftGame, midlineClashGame, sharedFloorGame, handoffRunGame, ticTacToeGame, reversiGame, minesweeperGame, gomokuGame, sudokuGame, chessGame];
export {
  createCrystalGuardPolicy,
  createCueChasePolicy,
  createHandoffRunPolicy,
  createLastStandPolicy,
  createMidlineClashPolicy,
  createMonsterShootPolicy,
  createObstacleRun2dPolicy,
  createObstacleRun3dPolicy,
  createSceneEscapePolicy,
  createSharedFloorPolicy,
  createSkyDuelPolicy,
  createSoloCraftPolicy,
  createWorkshopPolicy,
  type LastStandPolicyOptions,
  type MonsterShootPolicyOptions,
  type ObstacleRun2dPolicyOptions,
  type ObstacleRun3dPolicyOptions,
  scriptedPolicies,
  type WorkshopPolicyOptions,
} from './policies.js';

export type { CriticalEventSpec, PerceivedEvent, PerceptionAdapter, PlayerNaming, TrackedState, TrackedValue, TrackedVariableSpec } from './runtime/perception.js';
export { eventActor, eventUpdate, label as trackedLabel, sameTracked, UPDATE_DEFINITION } from './runtime/perception.js';

/** The perception adapters of the real-time reference games, by game id. */
export const perceptionAdapters: ReadonlyMap<string, PerceptionAdapter> = new Map(
  builtinGames.flatMap((g) => (g.perception ? [[g.id, g.perception] as const] : [])),
);
