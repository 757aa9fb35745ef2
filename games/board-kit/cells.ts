/** Cell notation shared by the grid boards: a column letter from `a` and a row number from 1 (`b3`). */
import type { MoveCheck } from './turn-rules.js';

/** A cell by row and column, both from 0 (row 0 is the top row as drawn). */
export interface Cell {
  readonly row: number;
  readonly col: number;
}

/** The name of a cell: `a1` is the top-left cell. */
export function cellName(cell: Cell): string {
  return `${String.fromCharCode(97 + cell.col)}${cell.row + 1}`;
}

/** Parses `b3` on a rows x cols board (case-insensitive); BAD_NOTATION or OFF_BOARD with a reason otherwise. */
export function parseCell(text: string, rows: number, cols: number): MoveCheck<Cell> {
  const m = /^([a-zA-Z])(\d{1,2})$/.exec(text);
  const last = String.fromCharCode(96 + cols);
  if (!m) return { ok: false, reason: 'BAD_NOTATION', detail: `'${text.slice(0, 16)}' is not a cell; write a column letter a-${last} then a row number 1-${rows}, like b3` };
  const col = m[1]!.toLowerCase().charCodeAt(0) - 97;
  const row = Number(m[2]) - 1;
  if (col >= cols || row < 0 || row >= rows) return { ok: false, reason: 'OFF_BOARD', detail: `${text} is off the ${rows}x${cols} board (columns a-${last}, rows 1-${rows})` };
  return { ok: true, move: { row, col } };
}

/** A rows x cols grid filled with `value`. */
export function grid<T>(rows: number, cols: number, value: T): T[][] {
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => value));
}
