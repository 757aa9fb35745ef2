/** games: the built-in reference games, their shared renderer, and the GameLink host that serves them. */
import type { GameDefinition } from './runtime/simulation.js';
import type { PerceptionAdapter } from './runtime/perception.js';
import { gameCatalog } from './catalog.js';

export type { GameDefinition, SimEnd, Simulation } from './runtime/simulation.js';
export { serveGame } from './runtime/serve.js';
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
export { type Canvas, clearCanvas, compileGlyphs, createCanvas, drawText, fillRect, GLYPH_HEIGHT, GLYPH_WIDTH, type Rgb } from './render/index.js';

export { soloCraftGame } from './solo-craft/index.js';
export { midlineClashGame } from './midline-clash/index.js';
export { sharedFloorGame } from './shared-floor/index.js';
export { handoffRunGame } from './handoff-run/index.js';

export { type BoardQuestion, type BoardTasks, boardTasks, randomMoves } from './boards.js';

/** Every reference game this package serves, in the registry's listing order (from `games/catalog.ts`). */
export const builtinGames: readonly GameDefinition[] = gameCatalog.map((p) => p.game);
export { createCrystalGuardPolicy, createHandoffRunPolicy, createLastStandPolicy, createMidlineClashPolicy, createSharedFloorPolicy, createSkyDuelPolicy, createSoloCraftPolicy, scriptedPolicies } from './policies.js';

export type { PerceptionAdapter, TrackedState } from './runtime/perception.js';
export { eventActor, eventUpdate, UPDATE_DEFINITION } from './runtime/perception.js';

/** The perception adapters of the real-time reference games, by game id. */
export const perceptionAdapters: ReadonlyMap<string, PerceptionAdapter> = new Map(
  builtinGames.flatMap((g) => (g.perception ? [[g.id, g.perception] as const] : [])),
);
