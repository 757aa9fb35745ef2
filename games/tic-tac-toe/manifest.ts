import type { GameEntry } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WIDE_FRAME, moveControls } from '../../games-manifest/parts.js';

export const ticTacToe: GameEntry = {
  id: 'tic_tac_toe',
  name: 'Tic-Tac-Toe',
  regime: 'turn-based',
  view: 'top-down',
  summary: 'X against a perfect minimax O on a 3x3 grid; three in a line wins. Three invalid moves lose.',
  slots: SOLO_SLOTS,
  controls: moveControls('as a cell: a column letter a-c then a row number 1-3 (a1 is the top-left cell, c3 the bottom-right).', 'b2'),
  frame: WIDE_FRAME,
  timeLimitMs: 600_000,
  stepBudget: 12,
  progress: 'at the end: win 1, draw 0.5, loss 0; during play half the share of X marks placed; score: 10 a move, +50 win, +20 draw',
  variants: [
    { id: 'origin', heldOut: false, description: 'empty board, paper look, X opens' },
    { id: 'ink', heldOut: true, description: 'empty board, dark blue look' },
    { id: 'o_opens', heldOut: true, description: 'O has opened in a seeded corner or the centre' },
  ],
  prompt: {
    rules: 'Tic-Tac-Toe. You are X, the opponent is O and plays perfectly. Players take turns marking an empty cell; three of your marks in a row, column or diagonal wins; a full board without a line is a draw.',
    screen: 'A 3x3 grid on the left with column letters a-c above it and row numbers 1-3 beside it (row 1 at the top). X marks are red crosses, O marks blue rings. The panel on the right shows the moves so far, your invalid moves and the last moves.',
    controls: 'Each answer is one move: the cell you mark.',
  },
  launch: { kind: 'builtin', module: 'games/tic-tac-toe/main.ts' },
};
