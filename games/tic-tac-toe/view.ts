/** The tic_tac_toe image: the 3x3 grid with X in red and O in blue, coordinates and the panel. */
import type { Canvas } from '../render/index.js';
import { THEMES, drawBoardGrid, drawCross, drawDisc, drawPanel, gridLayout, type BoardHud } from '../board-kit/index.js';
import type { TicTacToeState } from './rules.js';
import type { TicTacToeVariant } from './variants.js';

export function drawTicTacToe(canvas: Canvas, s: TicTacToeState, variant: TicTacToeVariant, hud: BoardHud): void {
  const theme = THEMES[variant.theme];
  const g = gridLayout(canvas.width, canvas.height, 3, 3);
  drawBoardGrid(canvas, g, theme);
  s.cells.forEach((row, r) =>
    row.forEach((m, c) => {
      if (m === 1) drawCross(canvas, g, r, c, [210, 40, 40]);
      if (m === 2) {
        drawDisc(canvas, g, r, c, 0.66, [40, 90, 210]);
        drawDisc(canvas, g, r, c, 0.42, theme.board);
      }
    }),
  );
  drawPanel(canvas, g, theme, 'TIC-TAC-TOE', ['YOU PLAY X (RED)', 'FOE PLAYS O (BLUE)'], hud);
}
