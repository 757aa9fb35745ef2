/** Shapes on a grid of cell codes: straight runs, uniform blocks, connected groups and what shape a group forms. */
import type { Cell } from './cells.js';

/** A grid of cell codes, row 0 at the top as drawn. */
export type CodeGrid = readonly (readonly number[])[];

/** A straight segment of cells, `from` to `to` inclusive. */
export interface Segment {
  readonly from: Cell;
  readonly to: Cell;
}

/** The four line directions: along a row, down a column, and the two diagonals. */
const LINES = [
  [0, 1],
  [1, 0],
  [1, 1],
  [1, -1],
] as const;

const at = (g: CodeGrid, r: number, c: number): number | undefined => g[r]?.[c];

/** Every segment of `k` consecutive cells holding `value` in a row, column or diagonal (overlapping ones included). */
export function runsOf(g: CodeGrid, value: number, k: number): Segment[] {
  const out: Segment[] = [];
  for (let r = 0; r < g.length; r++) {
    for (let c = 0; c < g[r]!.length; c++) {
      for (const [dr, dc] of LINES) {
        let n = 0;
        while (n < k && at(g, r + n * dr, c + n * dc) === value) n++;
        if (n === k) out.push({ from: { row: r, col: c }, to: { row: r + (k - 1) * dr, col: c + (k - 1) * dc } });
      }
    }
  }
  return out;
}

/** Every segment of `k` cells on the board in the four line directions, whatever they hold. */
export function segmentsOf(rows: number, cols: number, k: number): Segment[] {
  const out: Segment[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      for (const [dr, dc] of LINES) {
        const to = { row: r + (k - 1) * dr, col: c + (k - 1) * dc };
        if (to.row < rows && to.col >= 0 && to.col < cols) out.push({ from: { row: r, col: c }, to });
      }
    }
  }
  return out;
}

/** The length of the longest straight run of `value` (0 when the grid has none). */
export function longestRun(g: CodeGrid, value: number): number {
  let k = 0;
  while (runsOf(g, value, k + 1).length > 0) k++;
  return k;
}

/** The top-left cells of the `size` x `size` blocks whose cells all hold one code other than `empty`. */
export function uniformBlocks(g: CodeGrid, size: number, empty: number): Cell[] {
  const out: Cell[] = [];
  for (let r = 0; r + size <= g.length; r++) {
    for (let c = 0; c + size <= g[r]!.length; c++) {
      const v = g[r]![c]!;
      let same = v !== empty;
      for (let i = 0; i < size && same; i++) for (let j = 0; j < size && same; j++) same = g[r + i]![c + j] === v;
      if (same) out.push({ row: r, col: c });
    }
  }
  return out;
}

/** The groups of cells `inside` accepts, connected side by side (`diagonal`: corner to corner too), in reading order. */
export function groups(g: CodeGrid, inside: (value: number, cell: Cell) => boolean, diagonal: boolean): Cell[][] {
  const seen = g.map((row) => row.map(() => false));
  const out: Cell[][] = [];
  const steps = diagonal ? [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]] : [[-1, 0], [0, -1], [0, 1], [1, 0]];
  for (let r = 0; r < g.length; r++) {
    for (let c = 0; c < g[r]!.length; c++) {
      if (seen[r]![c] || !inside(g[r]![c]!, { row: r, col: c })) continue;
      const group: Cell[] = [];
      const stack: Cell[] = [{ row: r, col: c }];
      seen[r]![c] = true;
      while (stack.length > 0) {
        const cell = stack.pop()!;
        group.push(cell);
        for (const [dr, dc] of steps) {
          const next = { row: cell.row + dr!, col: cell.col + dc! };
          const v = at(g, next.row, next.col);
          if (v === undefined || seen[next.row]![next.col] || !inside(v, next)) continue;
          seen[next.row]![next.col] = true;
          stack.push(next);
        }
      }
      out.push(group.sort((a, b) => a.row - b.row || a.col - b.col));
    }
  }
  return out;
}

/** The shapes a group of cells can be told to form, as a question names them. */
export const SHAPES = ['a single one alone', 'a straight line along a row or column', 'a diagonal line', 'an L', 'a 2x2 square', 'another shape'] as const;

/** A contiguous run of distinct integers? */
const contiguous = (xs: readonly number[]): boolean => new Set(xs).size === xs.length && Math.max(...xs) - Math.min(...xs) === xs.length - 1;

/** Is `corner` the shared end of a row arm and a column arm (each of two cells at least) that together make `cells`? */
function isCorner(cells: readonly Cell[], corner: Cell): boolean {
  const across = cells.filter((x) => x.row === corner.row).map((x) => x.col);
  const down = cells.filter((x) => x.col === corner.col).map((x) => x.row);
  const armEnd = (xs: number[], end: number): boolean => xs.length >= 2 && contiguous(xs) && (Math.min(...xs) === end || Math.max(...xs) === end);
  return across.length + down.length - 1 === cells.length && armEnd(across, corner.col) && armEnd(down, corner.row);
}

/** What shape `cells` (distinct, at least one) form, one of {@link SHAPES}. */
export function shapeOf(cells: readonly Cell[]): (typeof SHAPES)[number] {
  if (cells.length === 1) return SHAPES[0];
  const rows = cells.map((x) => x.row);
  const cols = cells.map((x) => x.col);
  if ((new Set(rows).size === 1 && contiguous(cols)) || (new Set(cols).size === 1 && contiguous(rows))) return SHAPES[1];
  const down = cells.map((x) => x.row - x.col);
  const up = cells.map((x) => x.row + x.col);
  if ((new Set(down).size === 1 || new Set(up).size === 1) && contiguous(rows)) return SHAPES[2];
  if (cells.length === 4 && new Set(rows).size === 2 && new Set(cols).size === 2 && contiguous([...new Set(rows)]) && contiguous([...new Set(cols)])) return SHAPES[4];
  if (cells.length >= 3 && cells.some((corner) => isCorner(cells, corner))) return SHAPES[3];
  return SHAPES[5];
}
