/** The variants of tic_tac_toe: the look and who opens; the rules never change. */
import type { ThemeName } from '../board-kit/index.js';

export interface TicTacToeVariant {
  readonly id: string;
  readonly theme: ThemeName;
  /** The opponent (O) opens with a seeded corner or centre before the player's first move. */
  readonly opponentOpens: boolean;
}

export const VARIANTS: readonly TicTacToeVariant[] = [
  { id: 'origin', theme: 'paper', opponentOpens: false },
  { id: 'ink', theme: 'ink', opponentOpens: false },
  { id: 'o_opens', theme: 'paper', opponentOpens: true },
];
