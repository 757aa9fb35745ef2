/** The chess definition: the player (white) against Stockfish, spawned once per game process. */
import { Chess } from 'chess.js';
import { Prng } from '../../protocol/index.js';
import { defineBoard, type TurnRules } from '../board-kit/index.js';
import { chessResult, checkMove, playMove, playUci, uci, type ChessState } from './rules.js';
import { engineOptions, sharedStockfish } from './stockfish.js';
import { VARIANTS, type ChessVariant } from './variants.js';
import { drawChess } from './view.js';
import type { Move } from 'chess.js';

export const chessRules: TurnRules<ChessVariant, ChessState, Move> = {
  start: (variant, seed) => ({ game: new Chess(variant.starts[new Prng(seed, 3).int(variant.starts.length)]), captured: 0 }),
  parse: checkMove,
  play(s, m) {
    playMove(s, m);
    return { uci: uci(m), san: m.san, ...(m.captured ? { captured: m.captured } : {}) };
  },
  reply(s, variant) {
    const best = sharedStockfish().bestMove(s.game.fen(), engineOptions(variant));
    if (best === undefined) return undefined;
    if (!playUci(s, best)) throw new Error(`stockfish answered an illegal move ${best} in ${s.game.fen()}`);
    return { move: best };
  },
  result: chessResult,
  // After the paper: 10 a move, 10 a pawn of captured black material, then 1000 for a win and 500 for a draw.
  score: (s, moves, end) => 10 * moves + 10 * s.captured + (end?.result === 'win' ? 1000 : end?.result === 'draw' ? 500 : 0),
  progress: (s, end) => (end ? { win: 1, draw: 0.5, loss: 0 }[end.result] : Math.min(0.5, s.captured / 78)),
  legalMoves: (s) => s.game.moves({ verbose: true }).map(uci),
  snapshot: (s) => ({ fen: s.game.fen(), captured: s.captured }),
  draw: drawChess,
};

export const chessGame = defineBoard({ id: 'chess', build: 'chess@1', variants: VARIANTS, rules: chessRules });
