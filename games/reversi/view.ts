/** The reversi image: the green grid with black and white discs, coordinates and the panel with disc counts. */
import type { Canvas } from '../render/index.js';
import { THEMES, drawBoardGrid, drawPanel, drawStones, gridLayout, type BoardHud } from '../board-kit/index.js';
import { counts, type ReversiState } from './rules.js';
import type { ReversiVariant } from './variants.js';

export function drawReversi(canvas: Canvas, s: ReversiState, variant: ReversiVariant, hud: BoardHud): void {
  const theme = THEMES[variant.theme];
  const n = s.cells.length;
  const g = gridLayout(canvas.width, canvas.height, n, n);
  drawBoardGrid(canvas, g, theme);
  drawStones(canvas, g, s.cells, { 1: { color: [20, 20, 20], rim: [90, 90, 90] }, 2: { color: [245, 245, 245], rim: [160, 160, 160] } }, 0.8);
  const { black, white } = counts(s);
  drawPanel(canvas, g, theme, 'REVERSI', ['YOU PLAY BLACK', `BLACK ${black}  WHITE ${white}`], hud);
}
