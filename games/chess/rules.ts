/** Chess through chess.js: the player is white; moves in UCI square pairs (`e2e4`, `e7e8q`) or SAN (`Nf3`). */
import type { Chess} from 'chess.js';
import { type Move } from 'chess.js';
import type { MoveCheck } from '../board-kit/index.js';

export interface ChessState {
  game: Chess;
  /** Black material captured by white, in pawns (P 1, N 3, B 3, R 5, Q 9). */
  captured: number;
}

export const PIECE_VALUES: Readonly<Record<string, number>> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };
const UCI = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/;
const SAN = /^(O-O(-O)?|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?)[+#]?$/;

/** The UCI form of a move. */
export function uci(m: Pick<Move, 'from' | 'to' | 'promotion'>): string {
  return `${m.from}${m.to}${m.promotion ?? ''}`;
}

/** Parses UCI or SAN strictly and checks legality for the side to move. */
export function checkMove(s: ChessState, text: string): MoveCheck<Move> {
  const legal = s.game.moves({ verbose: true });
  const u = UCI.exec(text);
  if (u) {
    const found = legal.find((m) => m.from === u[1] && m.to === u[2] && (m.promotion ?? undefined) === (u[3] ?? undefined));
    if (found) return { ok: true, move: found };
    const needsPromotion = legal.some((m) => m.from === u[1] && m.to === u[2] && m.promotion !== undefined);
    if (needsPromotion) return { ok: false, reason: 'NO_PROMOTION', detail: `${text} reaches the last rank; add the piece to promote to, like ${text}q` };
    return { ok: false, reason: 'ILLEGAL', detail: `${text} is not a legal move for white in this position` };
  }
  if (!SAN.test(text)) return { ok: false, reason: 'BAD_NOTATION', detail: `'${text.slice(0, 16)}' is neither a square pair like e2e4 nor a SAN move like Nf3` };
  const bare = text.replace(/[+#]$/, '');
  const found = legal.find((m) => m.san.replace(/[+#]$/, '') === bare);
  if (!found) return { ok: false, reason: 'ILLEGAL', detail: `${text} is not a legal move for white in this position` };
  return { ok: true, move: found };
}

/** Plays a verbose move, counting captured black material when white captures. */
export function playMove(s: ChessState, m: Move): void {
  s.game.move({ from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion } : {}) });
  if (m.color === 'w' && m.captured) s.captured += PIECE_VALUES[m.captured] ?? 0;
}

/** Plays a UCI move for the side to move; false when it is not legal. */
export function playUci(s: ChessState, move: string): boolean {
  const m = UCI.exec(move);
  const found = m && s.game.moves({ verbose: true }).find((x) => x.from === m[1] && x.to === m[2] && (x.promotion ?? undefined) === (m[3] ?? undefined));
  if (!found) return false;
  playMove(s, found);
  return true;
}

/** How the game stands for white: over with a result, or undefined while it goes on. */
export function chessResult(s: ChessState): { result: 'win' | 'draw' | 'loss'; reason: string } | undefined {
  const g = s.game;
  if (g.isCheckmate()) return g.turn() === 'b' ? { result: 'win', reason: 'checkmate' } : { result: 'loss', reason: 'checkmate' };
  if (g.isStalemate()) return { result: 'draw', reason: 'stalemate' };
  if (g.isInsufficientMaterial()) return { result: 'draw', reason: 'insufficient_material' };
  if (g.isThreefoldRepetition()) return { result: 'draw', reason: 'repetition' };
  if (g.isDraw()) return { result: 'draw', reason: 'fifty_moves' };
  return undefined;
}
