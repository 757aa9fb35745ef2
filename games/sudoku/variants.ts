/** The variants of sudoku: grid size, givens (the difficulty) and look; every puzzle has one solution. */
import type { ThemeName } from '../board-kit/index.js';

export interface SudokuVariant {
  readonly id: string;
  /** Box side: 3 for 9x9, 2 for 4x4. */
  readonly box: number;
  readonly givens: number;
  readonly theme: ThemeName;
}

export const VARIANTS: readonly SudokuVariant[] = [
  { id: 'origin', box: 3, givens: 40, theme: 'paper' },
  { id: 'hard', box: 3, givens: 28, theme: 'paper' },
  { id: 'mini', box: 2, givens: 6, theme: 'paper' },
  { id: 'ink', box: 3, givens: 40, theme: 'ink' },
];
