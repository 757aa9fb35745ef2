import type { GameEntry } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WIDE_FRAME, moveControls } from '../../games-manifest/parts.js';

export const reversi: GameEntry = {
  id: 'reversi',
  name: 'Reversi',
  regime: 'turn-based',
  view: 'top-down',
  summary: 'Black against an alpha-beta white on an 8x8 board; flanked discs flip, most discs at the end wins.',
  slots: SOLO_SLOTS,
  controls: moveControls('as a cell: a column letter then a row number (a1 is the top-left cell, h8 the bottom-right on 8x8).', 'd3'),
  frame: WIDE_FRAME,
  timeLimitMs: 1_800_000,
  stepBudget: 40,
  progress: 'at the end: win 1, draw 0.5, loss 0; during play half the black share of discs; score: 10 a move, 20 a black disc, +1000 win, +500 draw',
  variants: [
    { id: 'origin', heldOut: false, description: '8x8, standard start, green board' },
    { id: 'six', heldOut: true, description: '6x6, standard start' },
    { id: 'ink', heldOut: true, description: '8x8, dark blue board' },
    { id: 'opened', heldOut: true, description: '8x8 after four seeded random opening plies' },
  ],
  prompt: {
    rules:
      'Reversi (Othello). You are black and move first; white is a search-based opponent. Place a black disc on an empty cell so that it flanks one or more white discs in a straight line (row, column or diagonal) between it and another black disc; every flanked white disc flips to black. A move that flips nothing is illegal. A side with no legal move passes. When neither side can move, the side with more discs wins.',
    screen: 'The board on the left, column letters above and row numbers beside it (row 1 at the top); black and white discs. The panel on the right shows both disc counts, the moves so far, your invalid moves and the last moves.',
    controls: 'Each answer is one move: the cell you place your black disc on.',
  },
  launch: { kind: 'builtin', module: 'games/reversi/main.ts' },
};
