/** The sudoku image: the grid with heavy box lines, givens dark, the player's digits blue. */
import { fillRect, type Canvas } from '../render/index.js';
import { THEMES, drawBoardGrid, drawCellText, drawPanel, gridLayout, type BoardHud } from '../board-kit/index.js';
import type { SudokuState } from './rules.js';
import type { SudokuVariant } from './variants.js';

export function drawSudoku(canvas: Canvas, s: SudokuState, variant: SudokuVariant, hud: BoardHud): void {
  const theme = THEMES[variant.theme];
  const n = s.box * s.box;
  const g = gridLayout(canvas.width, canvas.height, n, n);
  drawBoardGrid(canvas, g, theme);
  const heavy = Math.max(2, Math.floor(g.cell / 10));
  for (let i = 0; i <= n; i += s.box) {
    fillRect(canvas, g.x + i * g.cell - heavy / 2, g.y, heavy, n * g.cell, theme.line);
    fillRect(canvas, g.x, g.y + i * g.cell - heavy / 2, n * g.cell, heavy, theme.line);
  }
  s.cells.forEach((row, r) => row.forEach((d, c) => d !== 0 && drawCellText(canvas, g, r, c, String(d), s.given[r]![c] ? theme.text : [40, 100, 230], 0.6)));
  const empty = s.cells.flat().filter((d) => d === 0).length;
  drawPanel(canvas, g, theme, 'SUDOKU', [`EMPTY CELLS ${empty}`, 'BLUE DIGITS ARE YOURS'], hud);
}
