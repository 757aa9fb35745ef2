/**
 * Sudoku on an n x n grid (n = box^2): a seeded full grid, then givens removed one by one while a solver
 * still proves the solution unique; difficulty is the number of givens left.
 */
import { Prng } from '../../protocol/index.js';
import { cellName, grid, parseCell, type Cell, type MoveCheck } from '../board-kit/index.js';

export interface SudokuState {
  readonly box: number;
  /** 0 = empty. */
  cells: number[][];
  /** Cells given at the start (never changed). */
  readonly given: boolean[][];
  /** The unique solution. */
  readonly solution: number[][];
}

/** Whether `digit` may stand at `cell` (no equal digit elsewhere in its row, column or box). */
export function fits(cells: number[][], box: number, cell: Cell, digit: number): boolean {
  const n = box * box;
  for (let i = 0; i < n; i++) {
    if (i !== cell.col && cells[cell.row]![i] === digit) return false;
    if (i !== cell.row && cells[i]![cell.col] === digit) return false;
  }
  const r0 = cell.row - (cell.row % box);
  const c0 = cell.col - (cell.col % box);
  for (let r = r0; r < r0 + box; r++) for (let c = c0; c < c0 + box; c++) if ((r !== cell.row || c !== cell.col) && cells[r]![c] === digit) return false;
  return true;
}

/** Counts solutions of `cells` up to `limit` (backtracking on the cell with fewest candidates). `cells` is restored. */
export function countSolutions(cells: number[][], box: number, limit = 2, order?: Prng): number {
  const n = box * box;
  let best: Cell | undefined;
  let bestOptions: number[] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    if (cells[r]![c] !== 0) continue;
    const options = Array.from({ length: n }, (_, i) => i + 1).filter((d) => fits(cells, box, { row: r, col: c }, d));
    if (options.length === 0) return 0;
    if (!best || options.length < bestOptions.length) {
      best = { row: r, col: c };
      bestOptions = options;
    }
  }
  if (!best) return 1;
  if (order) for (let i = bestOptions.length - 1; i > 0; i--) {
    const j = order.int(i + 1);
    [bestOptions[i], bestOptions[j]] = [bestOptions[j]!, bestOptions[i]!];
  }
  let found = 0;
  for (const d of bestOptions) {
    cells[best.row]![best.col] = d;
    found += countSolutions(cells, box, limit - found, order);
    if (found >= limit) break;
  }
  cells[best.row]![best.col] = 0;
  return found;
}

/** A seeded full grid. */
function fullGrid(box: number, rng: Prng): number[][] {
  const n = box * box;
  const cells = grid(n, n, 0);
  const fill = (k: number): boolean => {
    if (k === n * n) return true;
    const r = Math.floor(k / n);
    const c = k % n;
    const digits = Array.from({ length: n }, (_, i) => i + 1);
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [digits[i], digits[j]] = [digits[j]!, digits[i]!];
    }
    for (const d of digits) {
      if (!fits(cells, box, { row: r, col: c }, d)) continue;
      cells[r]![c] = d;
      if (fill(k + 1)) return true;
    }
    cells[r]![c] = 0;
    return false;
  };
  fill(0);
  return cells;
}

/** A puzzle with (at least) `givens` givens and exactly one solution. */
export function generateSudoku(box: number, givens: number, seed: number): SudokuState {
  const rng = new Prng(seed, 6);
  const n = box * box;
  const solution = fullGrid(box, rng);
  const cells = solution.map((r) => [...r]);
  const order = Array.from({ length: n * n }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let left = n * n;
  for (const k of order) {
    if (left <= givens) break;
    const r = Math.floor(k / n);
    const c = k % n;
    const keep = cells[r]![c]!;
    cells[r]![c] = 0;
    if (countSolutions(cells, box, 2) !== 1) cells[r]![c] = keep;
    else left--;
  }
  return { box, cells, given: cells.map((row) => row.map((v) => v !== 0)), solution };
}

/** Parses `b3=5` (cell, '=', digit) and checks the cell is not given and the digit clashes with nothing. */
export function checkMove(s: SudokuState, text: string): MoveCheck<{ cell: Cell; digit: number }> {
  const n = s.box * s.box;
  const m = /^([a-zA-Z]\d{1,2})=(\d{1,2})$/.exec(text);
  if (!m) return { ok: false, reason: 'BAD_NOTATION', detail: `'${text.slice(0, 16)}' is not a move; write the cell, '=', then the digit, like b3=5` };
  const cell = parseCell(m[1]!, n, n);
  if (!cell.ok) return cell;
  const digit = Number(m[2]);
  if (digit < 1 || digit > n) return { ok: false, reason: 'BAD_DIGIT', detail: `digits run from 1 to ${n}` };
  if (s.given[cell.move.row]![cell.move.col]) return { ok: false, reason: 'GIVEN', detail: `${cellName(cell.move)} is a given digit and cannot change` };
  if (!fits(s.cells, s.box, cell.move, digit)) return { ok: false, reason: 'CONFLICT', detail: `${digit} already stands in the row, column or box of ${cellName(cell.move)}` };
  return { ok: true, move: { cell: cell.move, digit } };
}
