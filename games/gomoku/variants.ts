/** The variants of gomoku: board size, look, a seeded opening stone; the rules never change. */
import type { ThemeName } from '../board-kit/index.js';

export interface GomokuVariant {
  readonly id: string;
  readonly side: number;
  readonly theme: ThemeName;
  /** White has placed a seeded stone near the centre before the player's first move. */
  readonly whiteOpens: boolean;
  /** Plies the opponent looks ahead (1 or 2). */
  readonly depth: number;
}

export const VARIANTS: readonly GomokuVariant[] = [
  { id: 'origin', side: 15, theme: 'wood', whiteOpens: false, depth: 2 },
  { id: 'nine', side: 9, theme: 'wood', whiteOpens: false, depth: 2 },
  { id: 'paper', side: 15, theme: 'paper', whiteOpens: false, depth: 2 },
  { id: 'white_opens', side: 15, theme: 'wood', whiteOpens: true, depth: 2 },
];
