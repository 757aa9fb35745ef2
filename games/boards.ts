/** The six turn-based boards (LVLM-Playground) and their sides of the offline tasks, by game id. */
import type { Prng } from '../protocol/index.js';
import type { BoardTasks } from './board-kit/index.js';
import { gameCatalog } from './catalog.js';

export type { BoardTasks, BoardQuestion } from './board-kit/index.js';
export { MAX_INVALID_MOVES, createBoardPolicy } from './board-kit/index.js';
export { solveByLogic, generateMinesweeper } from './minesweeper/index.js';
export { generateSudoku, countSolutions } from './sudoku/index.js';
export { SyncStockfish, stockfishPath } from './chess/index.js';

/** Each board's task hooks, in the registry's order (the paper's), from `games/catalog.ts`. */
export const boardTasks: Readonly<Record<string, BoardTasks<unknown>>> = Object.fromEntries(gameCatalog.flatMap((p) => (p.tasks ? [[p.game.id, p.tasks] as const] : [])));

/** Each board's random move in its notation for a variant, drawn from its whole move space (the `random` agent's moves). */
export const randomMoves: Readonly<Record<string, (variant: string, rng: Prng) => string>> = Object.fromEntries(
  Object.entries(boardTasks).map(([id, tasks]) => [id, (variant: string, rng: Prng) => tasks.randomMove(rng, variant)]),
);
