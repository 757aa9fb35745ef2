/** The gomoku definition: the player (black) against a pattern-search white. */
import { Prng } from '../../protocol/index.js';
import { cellName, defineBoard, type Cell, type TurnRules } from '../board-kit/index.js';
import { checkMove, emptyBoard, emptyCells, makesFive, patternSearchMove, place, type GomokuState } from './rules.js';
import { VARIANTS, type GomokuVariant } from './variants.js';
import { drawGomoku } from './view.js';

export const gomokuRules: TurnRules<GomokuVariant, GomokuState, Cell> = {
  start(variant, seed) {
    const s = emptyBoard(variant.side);
    if (variant.whiteOpens) {
      const rng = new Prng(seed, 3);
      const m = Math.floor(variant.side / 2);
      place(s, { row: m - 1 + rng.int(3), col: m - 1 + rng.int(3) }, 2);
      s.last = undefined;
    }
    return s;
  },
  parse: checkMove,
  play(s, m) {
    place(s, m, 1);
    return { row: m.row, col: m.col };
  },
  reply(s, variant) {
    const m = patternSearchMove(s, variant.depth);
    if (!m) return undefined;
    place(s, m, 2);
    return { move: cellName(m) };
  },
  result(s) {
    if (s.last && makesFive(s, s.last)) return s.cells[s.last.row]![s.last.col] === 1 ? { result: 'win', reason: 'five_in_a_row' } : { result: 'loss', reason: 'five_in_a_row' };
    return emptyCells(s).length === 0 ? { result: 'draw', reason: 'board_full' } : undefined;
  },
  // After the paper: 10 a move, then 1000 for a win and 500 for a draw.
  score: (_s, moves, end) => 10 * moves + (end?.result === 'win' ? 1000 : end?.result === 'draw' ? 500 : 0),
  progress: (s, end) => (end ? { win: 1, draw: 0.5, loss: 0 }[end.result] : 0.5 * Math.min(1, s.cells.flat().filter((v) => v === 1).length / 30)),
  legalMoves: (s) => emptyCells(s).map(cellName),
  snapshot: (s) => ({ board: s.cells.map((r) => [...r]), you: 1, opponent: 2 }),
  draw: drawGomoku,
};

export const gomokuGame = defineBoard({ id: 'gomoku', build: 'gomoku@1', variants: VARIANTS, rules: gomokuRules });
