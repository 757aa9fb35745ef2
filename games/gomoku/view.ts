/** The gomoku image: the grid with black and white stones in the cells, coordinates and the panel. */
import type { Canvas } from '../render/index.js';
import { THEMES, drawBoardGrid, drawDisc, drawPanel, gridLayout, type BoardHud } from '../board-kit/index.js';
import type { GomokuState } from './rules.js';
import type { GomokuVariant } from './variants.js';

export function drawGomoku(canvas: Canvas, s: GomokuState, variant: GomokuVariant, hud: BoardHud): void {
  const theme = THEMES[variant.theme];
  const n = s.cells.length;
  const g = gridLayout(canvas.width, canvas.height, n, n);
  drawBoardGrid(canvas, g, theme);
  s.cells.forEach((row, r) =>
    row.forEach((v, c) => {
      if (v === 1) drawDisc(canvas, g, r, c, 0.84, [15, 15, 15]);
      if (v === 2) drawDisc(canvas, g, r, c, 0.84, [250, 250, 250], [70, 70, 70]);
    }),
  );
  drawPanel(canvas, g, theme, 'GOMOKU', ['YOU PLAY BLACK', 'FIVE IN A ROW WINS'], hud);
}
