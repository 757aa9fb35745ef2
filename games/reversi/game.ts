/** The reversi definition: the player (black) against an alpha-beta white; a side without a move passes. */
import { Prng } from '../../protocol/index.js';
import { cellName, defineBoard, type Cell, type TurnRules } from '../board-kit/index.js';
import { alphaBetaMove, checkMove, counts, legal, place, startBoard, type ReversiState } from './rules.js';
import { VARIANTS, type ReversiVariant } from './variants.js';
import { drawReversi } from './view.js';

/** `start` with `plies` seeded random legal moves played, black first. */
export function openedBoard(side: number, plies: number, rng: Prng): ReversiState {
  const s = startBoard(side);
  for (let i = 0; i < plies; i++) {
    const who = i % 2 === 0 ? 1 : 2;
    const moves = legal(s, who);
    if (moves.length === 0) break;
    place(s, moves[rng.int(moves.length)]!, who);
  }
  return s;
}

export const reversiRules: TurnRules<ReversiVariant, ReversiState, Cell> = {
  start: (variant, seed) => openedBoard(variant.side, variant.openingPlies, new Prng(seed, 3)),
  parse: checkMove,
  play: (s, m) => ({ flipped: place(s, m, 1) }),
  reply(s, variant) {
    // White moves; while black then has no move, white keeps moving (black passes).
    const played: string[] = [];
    do {
      const m = alphaBetaMove(s, variant.depth);
      if (!m) break;
      place(s, m, 2);
      played.push(cellName(m));
    } while (legal(s, 1).length === 0 && legal(s, 2).length > 0);
    return played.length === 0 ? undefined : { move: played.join(' '), passes: played.length - 1 };
  },
  result(s) {
    if (legal(s, 1).length > 0) return undefined;
    if (legal(s, 2).length > 0) return undefined;
    const { black, white } = counts(s);
    return black > white ? { result: 'win', reason: 'more_discs' } : black < white ? { result: 'loss', reason: 'fewer_discs' } : { result: 'draw', reason: 'equal_discs' };
  },
  // The paper's score: 10 a move, 20 a black disc on the board, then 1000 for a win and 500 for a draw.
  score: (s, moves, end) => 10 * moves + 20 * counts(s).black + (end?.result === 'win' ? 1000 : end?.result === 'draw' ? 500 : 0),
  progress(s, end) {
    if (end) return { win: 1, draw: 0.5, loss: 0 }[end.result];
    const { black, white } = counts(s);
    return (0.5 * black) / (black + white);
  },
  legalMoves: (s) => legal(s, 1).map(cellName),
  snapshot: (s) => ({ board: s.cells.map((r) => [...r]), you: 1, opponent: 2 }),
  draw: drawReversi,
};

export const reversiGame = defineBoard({ id: 'reversi', build: 'reversi@1', variants: VARIANTS, rules: reversiRules });
