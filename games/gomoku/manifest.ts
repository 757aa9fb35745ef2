import type { GameEntry } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WIDE_FRAME, moveControls } from '../../games-manifest/parts.js';

export const gomoku: GameEntry = {
  id: 'gomoku',
  name: 'Gomoku',
  regime: 'turn-based',
  view: 'top-down',
  summary: 'Black against a pattern-search white on a 15x15 board; five or more in a line wins.',
  slots: SOLO_SLOTS,
  controls: moveControls('as a cell: a column letter then a row number (a1 is the top-left cell, o15 the bottom-right on 15x15).', 'h8'),
  frame: WIDE_FRAME,
  timeLimitMs: 3_600_000,
  stepBudget: 60,
  progress: 'at the end: win 1, draw 0.5, loss 0; during play half the share of 30 black stones placed; score: 10 a move, +1000 win, +500 draw',
  variants: [
    { id: 'origin', heldOut: false, description: '15x15, empty, wood look' },
    { id: 'nine', heldOut: true, description: '9x9, empty' },
    { id: 'paper', heldOut: true, description: '15x15, white paper look' },
    { id: 'white_opens', heldOut: true, description: '15x15, white has a seeded stone near the centre' },
  ],
  prompt: {
    rules: 'Gomoku (five in a row). You are black and move first; white is a search-based opponent. Players take turns placing a stone on an empty cell. The first to have five or more of their stones in an unbroken row, column or diagonal wins; a full board is a draw.',
    screen: 'The board on the left with column letters above and row numbers beside it (row 1 at the top); stones sit inside the cells, black and white. The panel on the right shows the moves so far, your invalid moves and the last moves.',
    controls: 'Each answer is one move: the cell you place your stone in.',
  },
  launch: { kind: 'builtin', module: 'games/gomoku/main.ts' },
};
