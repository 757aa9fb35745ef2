/** The variants of reversi: board size, look, opening plies; the rules never change. */
import type { ThemeName } from '../board-kit/index.js';

export interface ReversiVariant {
  readonly id: string;
  readonly side: number;
  readonly theme: ThemeName;
  /** Seeded random plies (black, white, ...) played before the player's first move. */
  readonly openingPlies: number;
  /** Plies the opponent searches. */
  readonly depth: number;
}

export const VARIANTS: readonly ReversiVariant[] = [
  { id: 'origin', side: 8, theme: 'green', openingPlies: 0, depth: 3 },
  { id: 'six', side: 6, theme: 'green', openingPlies: 0, depth: 3 },
  { id: 'ink', side: 8, theme: 'ink', openingPlies: 0, depth: 3 },
  { id: 'opened', side: 8, theme: 'green', openingPlies: 4, depth: 3 },
];
