import type { GameEntry } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WIDE_FRAME, moveControls } from '../../games-manifest/parts.js';

export const chess: GameEntry = {
  id: 'chess',
  name: 'Chess',
  regime: 'turn-based',
  view: 'top-down',
  summary: 'White against Stockfish (depth-limited, over UCI); checkmate wins.',
  slots: SOLO_SLOTS,
  controls: moveControls('as the from and to squares in algebraic notation, like e2e4 (add q, r, b or n to promote: e7e8q), or in SAN, like Nf3 or O-O.', 'e2e4'),
  frame: WIDE_FRAME,
  timeLimitMs: 3_600_000,
  stepBudget: 100,
  progress: 'at the end: win 1, draw 0.5, loss 0; during play captured black material / 78, at most 0.5; score: 10 a move, 10 a pawn captured, +1000 win, +500 draw',
  variants: [
    { id: 'origin', heldOut: false, description: 'standard start, Stockfish depth 2' },
    { id: 'openings', heldOut: true, description: 'one of four known openings a few moves in, picked by the seed' },
    { id: 'blue', heldOut: true, description: 'standard start, dark blue board' },
    { id: 'deep', heldOut: true, description: 'standard start, Stockfish depth 8' },
  ],
  prompt: {
    rules: 'Chess under the standard rules. You are white; black is the Stockfish engine. Checkmate black to win; stalemate, repetition, insufficient material and the fifty-move rule draw.',
    screen: 'The board on the left with files a-h above it and ranks beside it, rank 8 at the top and rank 1 (your side) at the bottom. Pieces are letters on discs: K king, Q queen, R rook, B bishop, N knight, P pawn; white pieces are light discs, black pieces dark discs. The panel on the right says whether you are in check and shows the material you captured, your moves, invalid moves and the last moves.',
    controls: 'Each answer is one move for white.',
  },
  launch: { kind: 'builtin', module: 'games/chess/main.ts' },
};
