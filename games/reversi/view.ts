/** The reversi image: the green grid with black and white discs, coordinates and the panel with disc counts. */
import type { Canvas } from '../render/index.js';
import { THEMES, drawBoardGrid, drawDisc, drawPanel, gridLayout, type BoardHud } from '../board-kit/index.js';
import { counts, type ReversiState } from './rules.js';
import type { ReversiVariant } from './variants.js';

export function drawReversi(canvas: Canvas, s: ReversiState, variant: ReversiVariant, hud: BoardHud): void {
  const theme = THEMES[variant.theme];
  const n = s.cells.length;
  const g = gridLayout(canvas.width, canvas.height, n, n);
  drawBoardGrid(canvas, g, theme);
  s.cells.forEach((row, r) =>
    row.forEach((d, c) => {
      if (d === 1) drawDisc(canvas, g, r, c, 0.8, [20, 20, 20], [90, 90, 90]);
      if (d === 2) drawDisc(canvas, g, r, c, 0.8, [245, 245, 245], [160, 160, 160]);
    }),
  );
  const { black, white } = counts(s);
  drawPanel(canvas, g, theme, 'REVERSI', ['YOU PLAY BLACK', `BLACK ${black}  WHITE ${white}`], hud);
}
