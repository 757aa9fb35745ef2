import type { GameEntry } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WIDE_FRAME, moveControls } from '../../games-manifest/parts.js';

export const sudoku: GameEntry = {
  id: 'sudoku',
  name: 'Sudoku',
  regime: 'turn-based',
  view: 'top-down',
  summary: 'A 9x9 sudoku with 40 givens and exactly one solution; fill every empty cell.',
  slots: SOLO_SLOTS,
  controls: moveControls("as the cell, '=', then the digit: a column letter a-i and a row number 1-9 (a1 is the top-left cell), like e5=7.", 'c2=4'),
  frame: WIDE_FRAME,
  timeLimitMs: 3_600_000,
  stepBudget: 80,
  progress: 'share of open cells holding the right digit; score: 2 a filled open cell, 10 a correct one, +1000 for the solved grid',
  variants: [
    { id: 'origin', heldOut: false, description: '9x9, 40 givens' },
    { id: 'hard', heldOut: true, description: '9x9, 28 givens (as few as uniqueness allows)' },
    { id: 'mini', heldOut: true, description: '4x4 with 2x2 boxes, digits 1-4, 6 givens' },
    { id: 'ink', heldOut: true, description: '9x9, 40 givens, dark blue look' },
  ],
  prompt: {
    rules: 'Sudoku. Fill every empty cell with a digit 1-9 so that every row, every column and every 3x3 box holds each digit exactly once. Given digits cannot change; you may overwrite your own. A digit that repeats one already in its row, column or box is an invalid move. The puzzle has exactly one solution.',
    screen: 'The grid on the left with column letters above and row numbers beside it (row 1 at the top); heavy lines mark the boxes. Given digits are dark, your digits blue. The panel on the right shows the empty cells left, your moves and invalid moves.',
    controls: 'Each answer is one move: a cell and the digit you write in it.',
  },
  launch: { kind: 'builtin', module: 'games/sudoku/main.ts' },
};
