/** games: the built-in reference games, their shared renderer, and the GameLink host that serves them. */
import type { GameDefinition } from './runtime/simulation.js';
import type { PerceptionAdapter } from './runtime/perception.js';
import { gameCatalog } from './catalog.js';

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

export { soloCraftGame } from './solo-craft/index.js';
export { midlineClashGame } from './midline-clash/index.js';
export { sharedFloorGame } from './shared-floor/index.js';
export { handoffRunGame } from './handoff-run/index.js';
export { WorkshopState } from './workshop/index.js';

export { ticTacToeGame } from './tic-tac-toe/index.js';
export { reversiGame } from './reversi/index.js';
export { minesweeperGame } from './minesweeper/index.js';
export { gomokuGame } from './gomoku/index.js';
export { sudokuGame } from './sudoku/index.js';
export { chessGame } from './chess/index.js';
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

/** Every reference game this package serves, in the registry's listing order (from `games/catalog.ts`). */
export const builtinGames: readonly GameDefinition[] = gameCatalog.map((p) => p.game);
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
