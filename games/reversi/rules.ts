/** Reversi (Othello): the player is black (1) and opens, white (2) is an alpha-beta search; flanked lines flip. */
import { cellName, grid, parseCell, type Cell, type MoveCheck } from '../board-kit/index.js';

export type Disc = 0 | 1 | 2;
export interface ReversiState {
  cells: Disc[][];
}

const DIRS = [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => [dr, dc] as const)).filter(([dr, dc]) => dr !== 0 || dc !== 0);

/** The standard start on a side x side board: two of each colour crossed in the centre. */
export function startBoard(side: number): ReversiState {
  const cells = grid<Disc>(side, side, 0);
  const m = side / 2;
  cells[m - 1]![m - 1] = 2;
  cells[m]![m] = 2;
  cells[m - 1]![m] = 1;
  cells[m]![m - 1] = 1;
  return { cells };
}

/** The discs `who` would flip by playing `cell` (empty when the move is illegal). */
export function flips(s: ReversiState, cell: Cell, who: Disc): Cell[] {
  const n = s.cells.length;
  if (s.cells[cell.row]![cell.col] !== 0) return [];
  const other = who === 1 ? 2 : 1;
  const out: Cell[] = [];
  for (const [dr, dc] of DIRS) {
    const line: Cell[] = [];
    let r = cell.row + dr;
    let c = cell.col + dc;
    while (r >= 0 && r < n && c >= 0 && c < n && s.cells[r]![c] === other) {
      line.push({ row: r, col: c });
      r += dr;
      c += dc;
    }
    if (line.length > 0 && r >= 0 && r < n && c >= 0 && c < n && s.cells[r]![c] === who) out.push(...line);
  }
  return out;
}

/** Every legal move of `who`, row by row. */
export function legal(s: ReversiState, who: Disc): Cell[] {
  return s.cells.flatMap((row, r) => row.flatMap((_, c) => (flips(s, { row: r, col: c }, who).length > 0 ? [{ row: r, col: c }] : [])));
}

/** Plays `cell` for `who`, flipping; returns the number flipped. */
export function place(s: ReversiState, cell: Cell, who: Disc): number {
  const f = flips(s, cell, who);
  s.cells[cell.row]![cell.col] = who;
  for (const x of f) s.cells[x.row]![x.col] = who;
  return f.length;
}

/** Discs of each colour. */
export function counts(s: ReversiState): { black: number; white: number } {
  const flat = s.cells.flat();
  return { black: flat.filter((d) => d === 1).length, white: flat.filter((d) => d === 2).length };
}

/** Parses a cell and checks it flips at least one white disc. */
export function checkMove(s: ReversiState, text: string): MoveCheck<Cell> {
  const n = s.cells.length;
  const cell = parseCell(text, n, n);
  if (!cell.ok) return cell;
  if (s.cells[cell.move.row]![cell.move.col] !== 0) return { ok: false, reason: 'OCCUPIED', detail: `${cellName(cell.move)} already holds a disc` };
  if (flips(s, cell.move, 1).length === 0) return { ok: false, reason: 'ILLEGAL', detail: `${cellName(cell.move)} flips no white disc; a move must flank at least one` };
  return cell;
}

function weight(n: number, r: number, c: number): number {
  const edge = (i: number): boolean => i === 0 || i === n - 1;
  const near = (i: number): boolean => i === 1 || i === n - 2;
  if (edge(r) && edge(c)) return 100;
  if ((near(r) && (edge(c) || near(c))) || (near(c) && edge(r))) return -20;
  return edge(r) || edge(c) ? 10 : 1;
}

function evaluate(s: ReversiState): number {
  const n = s.cells.length;
  let v = 0;
  s.cells.forEach((row, r) => row.forEach((d, c) => (v += d === 2 ? weight(n, r, c) : d === 1 ? -weight(n, r, c) : 0)));
  return v + 5 * (legal(s, 2).length - legal(s, 1).length);
}

function clone(s: ReversiState): ReversiState {
  return { cells: s.cells.map((r) => [...r]) };
}

function search(s: ReversiState, depth: number, alpha: number, beta: number, who: Disc): number {
  const moves = legal(s, who);
  const other: Disc = who === 1 ? 2 : 1;
  if (depth === 0) return evaluate(s);
  if (moves.length === 0) {
    if (legal(s, other).length === 0) {
      const { black, white } = counts(s);
      return white > black ? 10_000 : white < black ? -10_000 : 0;
    }
    return search(s, depth - 1, alpha, beta, other);
  }
  for (const m of moves) {
    const next = clone(s);
    place(next, m, who);
    const v = search(next, depth - 1, alpha, beta, other);
    if (who === 2) alpha = Math.max(alpha, v);
    else beta = Math.min(beta, v);
    if (alpha >= beta) break;
  }
  return who === 2 ? alpha : beta;
}

/** White's alpha-beta move at `depth` plies (first best in row order), or undefined with no legal move. */
export function alphaBetaMove(s: ReversiState, depth: number): Cell | undefined {
  let best: Cell | undefined;
  let bestValue = -Infinity;
  for (const m of legal(s, 2)) {
    const next = clone(s);
    place(next, m, 2);
    const v = search(next, depth - 1, bestValue, Infinity, 1);
    if (v > bestValue) {
      bestValue = v;
      best = m;
    }
  }
  return best;
}
