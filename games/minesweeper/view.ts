/** The minesweeper image: closed cells raised and grey, open cells flat with coloured clue digits, a hit mine red. */
import { fillRect, type Canvas } from '../render/index.js';
import { THEMES, drawBoardGrid, drawCellText, drawDisc, drawPanel, gridLayout, type BoardHud } from '../board-kit/index.js';
import { clue, closedSafe, type MinesweeperState } from './rules.js';
import type { MinesweeperVariant } from './variants.js';

const DIGIT_COLORS: readonly (readonly [number, number, number])[] = [
  [0, 0, 0], [20, 60, 220], [20, 130, 40], [210, 30, 30], [90, 20, 150], [140, 40, 20], [20, 140, 150], [40, 40, 40], [110, 110, 110],
];

export function drawMinesweeper(canvas: Canvas, s: MinesweeperState, variant: MinesweeperVariant, hud: BoardHud): void {
  const theme = THEMES[variant.theme];
  const g = gridLayout(canvas.width, canvas.height, s.rows, s.cols);
  drawBoardGrid(canvas, g, theme);
  const inset = Math.max(1, Math.floor(g.cell / 12));
  for (let r = 0; r < s.rows; r++) for (let c = 0; c < s.cols; c++) {
    const x = g.x + c * g.cell + inset;
    const y = g.y + r * g.cell + inset;
    const side = g.cell - 2 * inset;
    if (!s.open[r]![c]) {
      fillRect(canvas, x, y, side, side, [150, 155, 165]);
      fillRect(canvas, x, y, side, inset * 2, [200, 205, 215]);
      continue;
    }
    if (s.mines[r]![c]) {
      fillRect(canvas, x, y, side, side, [230, 50, 40]);
      drawDisc(canvas, g, r, c, 0.5, [20, 20, 20]);
      continue;
    }
    const n = clue(s, { row: r, col: c });
    if (n > 0) drawCellText(canvas, g, r, c, String(n), DIGIT_COLORS[n]!, 0.55);
  }
  const mines = s.mines.flat().filter(Boolean).length;
  drawPanel(canvas, g, theme, 'MINESWEEPER', [`MINES ${mines}`, `SAFE CLOSED ${closedSafe(s)}`], hud);
}
