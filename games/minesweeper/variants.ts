/** The variants of minesweeper: size, mine count (the difficulty) and look; every board is solvable without guessing. */
import type { ThemeName } from '../board-kit/index.js';

export interface MinesweeperVariant {
  readonly id: string;
  readonly rows: number;
  readonly cols: number;
  readonly mines: number;
  readonly theme: ThemeName;
}

export const VARIANTS: readonly MinesweeperVariant[] = [
  { id: 'origin', rows: 8, cols: 8, mines: 10, theme: 'paper' },
  { id: 'dense', rows: 9, cols: 9, mines: 16, theme: 'paper' },
  { id: 'wide', rows: 8, cols: 12, mines: 14, theme: 'paper' },
  { id: 'ink', rows: 8, cols: 8, mines: 10, theme: 'ink' },
];
