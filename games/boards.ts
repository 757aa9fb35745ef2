/** The six turn-based boards (LVLM-Playground) and their sides of the offline tasks, by game id. */
import type { Prng } from '../protocol/index.js';
import type { BoardTasks } from './board-kit/index.js';
import { chessTasks } from './chess/index.js';
import { gomokuTasks } from './gomoku/index.js';
import { minesweeperTasks } from './minesweeper/index.js';
import { reversiTasks } from './reversi/index.js';
import { sudokuTasks } from './sudoku/index.js';
import { ticTacToeTasks } from './tic-tac-toe/index.js';

export type { BoardTasks, BoardQuestion } from './board-kit/index.js';
export { MAX_INVALID_MOVES, createBoardPolicy } from './board-kit/index.js';
export { solveByLogic, generateMinesweeper } from './minesweeper/index.js';
export { generateSudoku, countSolutions } from './sudoku/index.js';
export { SyncStockfish, stockfishPath } from './chess/index.js';

/** Each board's task hooks, in the paper's order. */
export const boardTasks: Readonly<Record<string, BoardTasks<unknown>>> = {
  tic_tac_toe: ticTacToeTasks,
  reversi: reversiTasks,
  minesweeper: minesweeperTasks,
  gomoku: gomokuTasks,
  sudoku: sudokuTasks,
  chess: chessTasks,
};

/** Each board's random move in its notation for a variant, drawn from its whole move space (the `random` agent's moves). */
export const randomMoves: Readonly<Record<string, (variant: string, rng: Prng) => string>> = Object.fromEntries(
  Object.entries(boardTasks).map(([id, tasks]) => [id, (variant: string, rng: Prng) => tasks.randomMove(rng, variant)]),
);
