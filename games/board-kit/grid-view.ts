/** Drawing a square-celled board: the grid with its coordinates on the left, a text panel on the right. */
import { clearCanvas, drawText, fillRect, measureText, type Canvas, type Rgb } from '../render/index.js';
import { cellName } from './cells.js';
import type { BoardHud } from './turn-rules.js';

/** The colours of one look of a board. */
export interface BoardTheme {
  readonly background: Rgb;
  readonly board: Rgb;
  /** Second cell colour for checkered boards (chess); grid boards draw lines instead. */
  readonly boardAlt: Rgb;
  readonly line: Rgb;
  readonly label: Rgb;
  readonly text: Rgb;
  readonly accent: Rgb;
}

/** Where the board sits: its top-left corner and cell side, px. */
export interface GridLayout {
  readonly x: number;
  readonly y: number;
  readonly cell: number;
  readonly rows: number;
  readonly cols: number;
  /** Text scale for labels and the panel. */
  readonly scale: number;
}

/** The board fitted into the left of a width x height frame, leaving room for labels. */
export function gridLayout(width: number, height: number, rows: number, cols: number): GridLayout {
  const scale = Math.max(1, Math.floor(height / 180));
  const margin = 12 * scale;
  const side = Math.min(height - 2 * margin, Math.floor(width * 0.58) - margin);
  const cell = Math.max(2, Math.floor(side / Math.max(rows, cols)));
  return { x: margin + 4 * scale, y: Math.floor((height - cell * rows) / 2), cell, rows, cols, scale };
}

/** Column letters above, row numbers left (`rowLabel` maps a row index to its label). */
export function drawCoordinates(canvas: Canvas, g: GridLayout, theme: BoardTheme, rowLabel: (row: number) => string = (r) => String(r + 1)): void {
  const s = g.scale;
  for (let c = 0; c < g.cols; c++) {
    const ch = String.fromCharCode(97 + c);
    drawText(canvas, ch, g.x + c * g.cell + Math.floor((g.cell - measureText(ch, s)) / 2), g.y - 9 * s, { color: theme.label, scale: s });
  }
  for (let r = 0; r < g.rows; r++) {
    const label = rowLabel(r);
    drawText(canvas, label, g.x - measureText(label, s) - 2, g.y + r * g.cell + Math.floor((g.cell - 7 * s) / 2), { color: theme.label, scale: s });
  }
}

/** Background, board face and grid lines (or checkered cells when `checkered`), then the coordinates. */
export function drawBoardGrid(canvas: Canvas, g: GridLayout, theme: BoardTheme, checkered = false, rowLabel?: (row: number) => string): void {
  clearCanvas(canvas, theme.background);
  const w = g.cell * g.cols;
  const h = g.cell * g.rows;
  fillRect(canvas, g.x, g.y, w, h, theme.board);
  const lw = Math.max(1, Math.floor(g.cell / 24));
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.cols; c++) {
      if (checkered && (r + c) % 2 === 1) fillRect(canvas, g.x + c * g.cell, g.y + r * g.cell, g.cell, g.cell, theme.boardAlt);
    }
  }
  if (!checkered) {
    for (let i = 0; i <= g.rows; i++) fillRect(canvas, g.x, g.y + i * g.cell, w + lw, lw, theme.line);
    for (let i = 0; i <= g.cols; i++) fillRect(canvas, g.x + i * g.cell, g.y, lw, h + lw, theme.line);
  }
  drawCoordinates(canvas, g, theme, rowLabel);
}

/** A filled disc centred in cell (row, col), `fraction` of the cell wide, with an optional rim. */
export function drawDisc(canvas: Canvas, g: GridLayout, row: number, col: number, fraction: number, color: Rgb, rim?: Rgb): void {
  const cx = g.x + col * g.cell + g.cell / 2;
  const cy = g.y + row * g.cell + g.cell / 2;
  const r = (g.cell * fraction) / 2;
  const rimWidth = rim === undefined ? 0 : Math.max(1, r * 0.12);
  for (let py = Math.floor(cy - r); py <= Math.ceil(cy + r); py++) {
    for (let px = Math.floor(cx - r); px <= Math.ceil(cx + r); px++) {
      const d = Math.hypot(px + 0.5 - cx, py + 0.5 - cy);
      if (d > r) continue;
      fillRect(canvas, px, py, 1, 1, rim !== undefined && d > r - rimWidth ? rim : color);
    }
  }
}

/** A thick X across cell (row, col). */
export function drawCross(canvas: Canvas, g: GridLayout, row: number, col: number, color: Rgb): void {
  const pad = g.cell * 0.2;
  const x0 = g.x + col * g.cell + pad;
  const y0 = g.y + row * g.cell + pad;
  const span = g.cell - 2 * pad;
  const t = Math.max(2, Math.round(g.cell / 10));
  for (let i = 0; i <= span; i++) {
    fillRect(canvas, x0 + i - t / 2, y0 + i - t / 2, t, t, color);
    fillRect(canvas, x0 + span - i - t / 2, y0 + i - t / 2, t, t, color);
  }
}

/** Text centred in cell (row, col) at the largest scale that fits. */
export function drawCellText(canvas: Canvas, g: GridLayout, row: number, col: number, text: string, color: Rgb, fill = 0.6): void {
  const scale = Math.max(1, Math.floor((g.cell * fill) / 7));
  const w = measureText(text, scale);
  drawText(canvas, text, g.x + col * g.cell + Math.floor((g.cell - w) / 2), g.y + row * g.cell + Math.floor((g.cell - 7 * scale) / 2), { color, scale });
}

/** The right-hand panel: title, whose turn and extra lines, then the move count, invalid moves and the last move. */
export function drawPanel(canvas: Canvas, g: GridLayout, theme: BoardTheme, title: string, lines: readonly string[], hud: BoardHud): void {
  const s = g.scale;
  const x = g.x + g.cell * g.cols + 16 * s;
  let y = g.y;
  drawText(canvas, title, x, y, { color: theme.accent, scale: s + 1 });
  y += 14 * (s + 1);
  const all = [...lines, `MOVES ${hud.moves}`, `INVALID ${hud.invalid}/${hud.maxInvalid}`, `SCORE ${hud.score}`, ...(hud.note ? [hud.note] : [])];
  for (const line of all) {
    drawText(canvas, line, x, y, { color: theme.text, scale: s });
    y += 11 * s;
  }
}

export { cellName };

/** A disc's look: fill and optional rim. */
export interface StoneStyle {
  readonly color: Rgb;
  readonly rim?: Rgb;
}

/** Draws a disc `fraction` of a cell wide in every cell whose value has a style (0, empty, has none). */
export function drawStones(canvas: Canvas, g: GridLayout, cells: readonly (readonly number[])[], styles: Readonly<Record<number, StoneStyle>>, fraction: number): void {
  cells.forEach((row, r) =>
    row.forEach((v, c) => {
      const style = styles[v];
      if (style) drawDisc(canvas, g, r, c, fraction, style.color, style.rim);
    }),
  );
}
