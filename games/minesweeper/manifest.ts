import type { GameEntry } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WIDE_FRAME, moveControls } from '../../games-manifest/parts.js';

export const minesweeper: GameEntry = {
  id: 'minesweeper',
  name: 'Minesweeper',
  regime: 'turn-based',
  view: 'top-down',
  summary: 'Open every safe cell of an 8x8 board with 10 mines, solvable without guessing; opening a mine loses.',
  slots: SOLO_SLOTS,
  controls: moveControls('as a cell to open: a column letter then a row number (a1 is the top-left cell).', 'c4'),
  frame: WIDE_FRAME,
  timeLimitMs: 1_800_000,
  stepBudget: 60,
  progress: 'share of safe cells open; score: 10 a move, 2 an open safe cell, +1000 for clearing the board',
  variants: [
    { id: 'origin', heldOut: false, description: '8x8, 10 mines' },
    { id: 'dense', heldOut: true, description: '9x9, 16 mines' },
    { id: 'wide', heldOut: true, description: '8 rows by 12 columns, 14 mines' },
    { id: 'ink', heldOut: true, description: '8x8, 10 mines, dark blue look' },
  ],
  prompt: {
    rules:
      'Minesweeper. Some cells hide mines. An open cell shows how many of its eight neighbours are mines (no number means none). Open every cell without a mine to win; opening a mine loses at once. An area around a starting cell is already open, and every board can be solved by deduction without guessing.',
    screen: 'The board on the left with column letters above and row numbers beside it (row 1 at the top). Closed cells are raised grey squares; open cells are flat and show their number. The panel on the right shows the number of mines, the safe cells still closed, your moves and invalid moves.',
    controls: 'Each answer is one move: the closed cell you open.',
  },
  launch: { kind: 'builtin', module: 'games/minesweeper/main.ts' },
};
