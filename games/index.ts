/** games: the built-in reference games, their shared renderer, and the GameLink host that serves them. */
import type { GameDefinition } from './runtime/simulation.js';
import type { PerceptionAdapter } from './runtime/perception.js';
import { gameCatalog } from './catalog.js';

export type { GameDefinition, SimEnd, Simulation } from './runtime/simulation.js';
export { serveGame } from './runtime/serve.js';
export { SimulationBackend } from './runtime/simulation-backend.js';
export { Episode } from './runtime/episode.js';
export { lastStandGame } from './last-stand/index.js';
export { skyDuelGame } from './sky-duel/index.js';
export { type Canvas, clearCanvas, compileGlyphs, createCanvas, drawText, fillRect, GLYPH_HEIGHT, GLYPH_WIDTH, type Rgb } from './render/index.js';

export { type BoardQuestion, type BoardTasks, boardTasks, randomMoves } from './boards.js';

/** Every reference game this package serves, in the registry's listing order (from `games/catalog.ts`). */
export const builtinGames: readonly GameDefinition[] = gameCatalog.map((p) => p.game);
export { createLastStandPolicy, scriptedPolicies } from './policies.js';

export type { PerceptionAdapter, TrackedState } from './runtime/perception.js';
export { eventActor, eventUpdate, UPDATE_DEFINITION } from './runtime/perception.js';

/** The perception adapters of the real-time reference games, by game id. */
export const perceptionAdapters: ReadonlyMap<string, PerceptionAdapter> = new Map(
  builtinGames.flatMap((g) => (g.perception ? [[g.id, g.perception] as const] : [])),
);
