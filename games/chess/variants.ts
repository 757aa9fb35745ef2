/** The variants of chess: starting position, look, engine depth; white is always the player. */
import type { ThemeName } from '../board-kit/index.js';

export interface ChessVariant {
  readonly id: string;
  /** Starting positions (FEN, white to move); the seed picks one. */
  readonly starts: readonly string[];
  readonly theme: ThemeName;
  /** Engine depth and skill, overridden by $ARENA_STOCKFISH_DEPTH / $ARENA_STOCKFISH_SKILL. */
  readonly depth: number;
  readonly skill: number;
}

const STANDARD = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** Well-known openings a few moves in, white to move. */
const OPENINGS = [
  'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
  'rnbqkb1r/pppp1ppp/5n2/4p3/2P5/2N5/PP1PPPPP/R1BQKBNR w KQkq - 2 3',
  'rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3',
  'rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3',
];

export const VARIANTS: readonly ChessVariant[] = [
  { id: 'origin', starts: [STANDARD], theme: 'wood', depth: 2, skill: 20 },
  { id: 'openings', starts: OPENINGS, theme: 'wood', depth: 2, skill: 20 },
  { id: 'blue', starts: [STANDARD], theme: 'ink', depth: 2, skill: 20 },
  { id: 'deep', starts: [STANDARD], theme: 'wood', depth: 8, skill: 20 },
];
