/** The chess image: a checkered board, rank 8 at the top, pieces as letters on discs (white on light, black on dark). */
import type { Canvas } from '../render/index.js';
import { THEMES, drawBoardGrid, drawCellText, drawDisc, drawPanel, gridLayout, type BoardHud } from '../board-kit/index.js';
import type { ChessState } from './rules.js';
import type { ChessVariant } from './variants.js';

export function drawChess(canvas: Canvas, s: ChessState, variant: ChessVariant, hud: BoardHud): void {
  const theme = THEMES[variant.theme];
  const g = gridLayout(canvas.width, canvas.height, 8, 8);
  drawBoardGrid(canvas, g, theme, true, (r) => String(8 - r));
  s.game.board().forEach((rank, r) =>
    rank.forEach((p, c) => {
      if (!p) return;
      const white = p.color === 'w';
      drawDisc(canvas, g, r, c, 0.82, white ? [250, 250, 245] : [25, 25, 30], white ? [40, 40, 40] : [200, 200, 200]);
      drawCellText(canvas, g, r, c, p.type.toUpperCase(), white ? [20, 20, 20] : [245, 245, 245], 0.5);
    }),
  );
  const lines = ['YOU PLAY WHITE', s.game.inCheck() ? 'CHECK' : 'WHITE TO MOVE', `CAPTURED ${s.captured}`];
  drawPanel(canvas, g, theme, 'CHESS', lines, hud);
}
