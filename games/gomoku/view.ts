/** The gomoku image: the grid with black and white stones in the cells, coordinates and the panel. */
import type { Canvas } from '../render/index.js';
import { THEMES, drawBoardGrid, drawPanel, drawStones, gridLayout, type BoardHud } from '../board-kit/index.js';
import type { GomokuState } from './rules.js';
import type { GomokuVariant } from './variants.js';

export function drawGomoku(canvas: Canvas, s: GomokuState, variant: GomokuVariant, hud: BoardHud): void {
  const theme = THEMES[variant.theme];
  const n = s.cells.length;
  const g = gridLayout(canvas.width, canvas.height, n, n);
  drawBoardGrid(canvas, g, theme);
  drawStones(canvas, g, s.cells, { 1: { color: [15, 15, 15] }, 2: { color: [250, 250, 250], rim: [70, 70, 70] } }, 0.84);
  drawPanel(canvas, g, theme, 'GOMOKU', ['YOU PLAY BLACK', 'FIVE IN A ROW WINS'], hud);
}
