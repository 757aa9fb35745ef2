/** chess for the offline tasks: random and played positions, the matrix (white P N B R Q K = 1-6, black negative), questions. */
import { Chess } from 'chess.js';
import { groupShapeQuestion, isQuestion, positionRenderer, type BoardQuestion, type BoardTasks, type Cell } from '../board-kit/index.js';
import { chessRules } from './game.js';
import { checkMove, uci, type ChessState } from './rules.js';
import { VARIANTS } from './variants.js';

const ORIGIN = VARIANTS[0]!;
const SQUARE = (rng: { int(n: number): number }): string => `${String.fromCharCode(97 + rng.int(8))}${1 + rng.int(8)}`;
const CODES: Readonly<Record<string, number>> = { p: 1, n: 2, b: 3, r: 4, q: 5, k: 6 };
const TYPES = ['p', 'n', 'b', 'r', 'q', 'k'] as const;
const NAMES: Readonly<Record<string, string>> = { p: 'pawns', n: 'knights', b: 'bishops', r: 'rooks', q: 'queens', k: 'kings' };
/** The square of a matrix cell (row 0 is rank 8). */
const squareOf = (c: Cell): string => `${String.fromCharCode(97 + c.col)}${8 - c.row}`;
const KING_LINES = ['on the same rank', 'on the same file', 'on the same diagonal', 'on no common rank, file or diagonal'] as const;

/** How the two kings of matrix `m` line up: a rank, a file, a diagonal, or none. */
function kingsQuestion(m: number[][]): BoardQuestion | undefined {
  const find = (code: number): Cell | undefined => m.flatMap((rank, row) => rank.flatMap((v, col) => (v === code ? [{ row, col }] : [])))[0];
  const w = find(6);
  const b = find(-6);
  if (!w || !b) return undefined;
  const answer = w.row === b.row ? KING_LINES[0] : w.col === b.col ? KING_LINES[1] : Math.abs(w.row - b.row) === Math.abs(w.col - b.col) ? KING_LINES[2] : KING_LINES[3];
  return { question: 'How do the white king and the black king stand to each other?', answer, wrong: KING_LINES.filter((l) => l !== answer) };
}

export const chessTasks: BoardTasks<ChessState> = {
  game: 'chess',
  matrixLegend: 'an 8x8 matrix, rank 8 first, file a first: 0 for an empty square; white pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6; black pieces the same numbers negative',
  matrixValues: [-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6],
  randomMove: (rng) => `${SQUARE(rng)}${SQUARE(rng)}`,
  randomPosition(rng) {
    const game = new Chess();
    game.clear();
    for (let sq = 0; sq < 64; sq++) {
      if (rng.next() > 0.3) continue;
      const square = `${String.fromCharCode(97 + (sq % 8))}${1 + Math.floor(sq / 8)}` as Parameters<Chess['put']>[1];
      game.put({ type: TYPES[rng.int(6)]!, color: rng.next() < 0.5 ? 'w' : 'b' }, square);
    }
    return { game, captured: 0 };
  },
  playedPosition(rng) {
    for (;;) {
      const game = new Chess();
      const plies = 2 * (2 + rng.int(15));
      for (let i = 0; i < plies && !game.isGameOver(); i++) {
        const moves = game.moves();
        game.move(moves[rng.int(moves.length)]!);
      }
      if (!game.isGameOver() && game.turn() === 'w') return { game, captured: 0 };
    }
  },
  matrix: (s) => s.game.board().map((rank) => rank.map((p) => (p ? (p.color === 'w' ? 1 : -1) * CODES[p.type]! : 0))),
  questions(s, rng) {
    const type = TYPES[rng.int(5)]!;
    const color = rng.next() < 0.5 ? 'w' : 'b';
    const n = s.game.board().flat().filter((p) => p?.type === type && p.color === color).length;
    const all = s.game.board().flat().filter((p) => p !== null).length;
    const file = rng.int(8);
    const onFile = s.game.board().filter((rank) => rank[file] !== null).length;
    return [
      { question: `How many ${color === 'w' ? 'white' : 'black'} ${NAMES[type]} are on the board?`, answer: String(n), wrong: [n + 1, n + 2, n + 3].map(String) },
      { question: 'How many pieces (both colours, kings included) are on the board?', answer: String(all), wrong: [all + 1, all + 2, all - 1].map(String) },
      { question: `How many pieces stand on the ${String.fromCharCode(97 + file)}-file?`, answer: String(onFile), wrong: [onFile + 1, onFile + 2, onFile + 3].map(String) },
      kingsQuestion(chessTasks.matrix(s)),
      groupShapeQuestion(chessTasks.matrix(s), 1, 'white pawns', rng, squareOf),
    ].filter(isQuestion);
  },
  legalMoves: (s) => s.game.moves({ verbose: true }).map(uci),
  check: checkMove,
  render: positionRenderer(chessRules, ORIGIN),
};
