/** The tic_tac_toe definition: the player (X) against a minimax O. */
import { Prng } from '../../protocol/index.js';
import { cellName, defineBoard, type TurnRules } from '../board-kit/index.js';
import { checkMove, emptyBoard, emptyCells, minimaxMove, winner, type TicTacToeState } from './rules.js';
import { VARIANTS, type TicTacToeVariant } from './variants.js';
import { drawTicTacToe } from './view.js';

const OPENINGS = [
  { row: 0, col: 0 },
  { row: 0, col: 2 },
  { row: 1, col: 1 },
  { row: 2, col: 0 },
  { row: 2, col: 2 },
];

export const ticTacToeRules: TurnRules<TicTacToeVariant, TicTacToeState, { row: number; col: number }> = {
  start(variant, seed) {
    const s = emptyBoard();
    if (variant.opponentOpens) {
      const open = OPENINGS[new Prng(seed, 3).int(OPENINGS.length)]!;
      s.cells[open.row]![open.col] = 2;
    }
    return s;
  },
  parse: checkMove,
  play(s, m) {
    s.cells[m.row]![m.col] = 1;
    return { row: m.row, col: m.col };
  },
  reply(s) {
    const m = minimaxMove(s);
    if (!m) return undefined;
    s.cells[m.row]![m.col] = 2;
    return { move: cellName(m) };
  },
  result(s) {
    const w = winner(s);
    if (w === 1) return { result: 'win', reason: 'three_in_a_row' };
    if (w === 2) return { result: 'loss', reason: 'three_in_a_row' };
    return emptyCells(s).length === 0 ? { result: 'draw', reason: 'board_full' } : undefined;
  },
  // The paper's score: 10 a move of the player, then 50 for a win, 20 for a draw.
  score: (_s, moves, end) => 10 * moves + (end?.result === 'win' ? 50 : end?.result === 'draw' ? 20 : 0),
  progress: (s, end) => (end ? { win: 1, draw: 0.5, loss: 0 }[end.result] : 0.5 * (s.cells.flat().filter((m) => m === 1).length / 5)),
  legalMoves: (s) => emptyCells(s).map(cellName),
  snapshot: (s) => ({ board: s.cells.map((r) => [...r]), you: 1, opponent: 2 }),
  draw: drawTicTacToe,
};

export const ticTacToeGame = defineBoard({ id: 'tic_tac_toe', build: 'tic_tac_toe@1', variants: VARIANTS, rules: ticTacToeRules });
