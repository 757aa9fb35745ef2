/** Gomoku: the player is black (1) and opens, white (2) is a depth-limited pattern search; five in a line wins. */
import { cellName, grid, parseCell, type Cell, type MoveCheck } from '../board-kit/index.js';

export type Stone = 0 | 1 | 2;
export interface GomokuState {
  cells: Stone[][];
  /** The last stone placed, for the five-in-a-row check. */
  last: Cell | undefined;
}

const DIRS = [
  [0, 1],
  [1, 0],
  [1, 1],
  [1, -1],
] as const;

/** An empty side x side board. */
export function emptyBoard(side: number): GomokuState {
  return { cells: grid<Stone>(side, side, 0), last: undefined };
}

const at = (s: GomokuState, r: number, c: number): Stone | undefined => s.cells[r]?.[c];

/** The run through `cell` along (dr, dc) of `who`'s stones if `cell` held one, and how many of its two ends are open. */
function run(s: GomokuState, cell: Cell, dr: number, dc: number, who: Stone): { length: number; open: number } {
  let length = 1;
  let open = 0;
  for (const sign of [1, -1]) {
    let r = cell.row + sign * dr;
    let c = cell.col + sign * dc;
    while (at(s, r, c) === who) {
      length++;
      r += sign * dr;
      c += sign * dc;
    }
    if (at(s, r, c) === 0) open++;
  }
  return { length, open };
}

/** True when the stone at `cell` is part of five or more in a line. */
export function makesFive(s: GomokuState, cell: Cell): boolean {
  const who = s.cells[cell.row]![cell.col]!;
  return who !== 0 && DIRS.some(([dr, dc]) => run(s, cell, dr, dc, who).length >= 5);
}

/** Parses a cell and checks it is free. */
export function checkMove(s: GomokuState, text: string): MoveCheck<Cell> {
  const n = s.cells.length;
  const cell = parseCell(text, n, n);
  if (!cell.ok) return cell;
  if (s.cells[cell.move.row]![cell.move.col] !== 0) return { ok: false, reason: 'OCCUPIED', detail: `${cellName(cell.move)} already holds a stone` };
  return cell;
}

/** Places a stone. */
export function place(s: GomokuState, cell: Cell, who: Stone): void {
  s.cells[cell.row]![cell.col] = who;
  s.last = cell;
}

/** Empty cells, row by row. */
export function emptyCells(s: GomokuState): Cell[] {
  return s.cells.flatMap((row, r) => row.flatMap((v, c) => (v === 0 ? [{ row: r, col: c }] : [])));
}

/** Pattern value of a run: five, open/closed four, three, two. */
function value(length: number, open: number): number {
  if (length >= 5) return 100_000;
  if (open === 0) return 0;
  const table: Record<number, [number, number]> = { 4: [1_000, 10_000], 3: [100, 1_000], 2: [10, 100], 1: [1, 10] };
  const [closed, both] = table[length] ?? [0, 0];
  return open === 2 ? both : closed;
}

/** What placing at `cell` is worth to `who`: the sum of its four lines' patterns. */
function cellValue(s: GomokuState, cell: Cell, who: Stone): number {
  return DIRS.reduce((sum, [dr, dc]) => {
    const r = run(s, cell, dr, dc, who);
    return sum + value(r.length, r.open);
  }, 0);
}

/** Empty cells within two of a stone (the centre on an empty board), best first for `who` by attack plus defence. */
function candidates(s: GomokuState, who: Stone, limit: number): Cell[] {
  const n = s.cells.length;
  const near = emptyCells(s).filter(({ row, col }) => {
    for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++) if ((at(s, row + dr, col + dc) ?? 0) !== 0) return true;
    return false;
  });
  if (near.length === 0) return [{ row: Math.floor(n / 2), col: Math.floor(n / 2) }];
  const other: Stone = who === 1 ? 2 : 1;
  return near
    .map((cell, i) => ({ cell, i, v: cellValue(s, cell, who) * 1.1 + cellValue(s, cell, other) }))
    .sort((a, b) => b.v - a.v || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.cell);
}

/** White's move: the best of the strongest candidates after `depth` plies of pattern-scored replies. */
export function patternSearchMove(s: GomokuState, depth: number, width = 8): Cell | undefined {
  const mine = candidates(s, 2, width);
  let best: Cell | undefined;
  let bestValue = -Infinity;
  for (const cell of mine) {
    let v = cellValue(s, cell, 2) * 1.1 + cellValue(s, cell, 1);
    if (cellValue(s, cell, 2) >= 100_000) return cell;
    if (depth > 1) {
      place(s, cell, 2);
      // The strongest reply of black lowers the value by what it threatens.
      const replies = candidates(s, 1, width);
      const threat = Math.max(0, ...replies.map((r) => cellValue(s, r, 1)));
      s.cells[cell.row]![cell.col] = 0;
      v -= threat * 0.9;
    }
    if (v > bestValue) {
      bestValue = v;
      best = cell;
    }
  }
  return best;
}
