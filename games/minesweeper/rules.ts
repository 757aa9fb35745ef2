/**
 * Minesweeper without guessing: boards are generated until a logic solver (single cells and subset
 * reasoning between two clues) opens every safe cell from the pre-opened start, which proves the board
 * has one solution reachable by deduction.
 */
import { Prng } from '../../protocol/index.js';
import { cellName, grid, parseCell, type Cell, type MoveCheck } from '../board-kit/index.js';

export interface MinesweeperState {
  readonly rows: number;
  readonly cols: number;
  mines: boolean[][];
  open: boolean[][];
  /** A mine was opened. */
  exploded: boolean;
}

/** Neighbours of a cell on the board. */
export function neighbours(rows: number, cols: number, cell: Cell): Cell[] {
  const out: Cell[] = [];
  for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
    const r = cell.row + dr;
    const c = cell.col + dc;
    if ((dr !== 0 || dc !== 0) && r >= 0 && r < rows && c >= 0 && c < cols) out.push({ row: r, col: c });
  }
  return out;
}

/** Mines around a cell. */
export function clue(s: MinesweeperState, cell: Cell): number {
  return neighbours(s.rows, s.cols, cell).filter((n) => s.mines[n.row]![n.col]).length;
}

/** Opens a cell, flooding outwards from cells without adjacent mines; returns the cells newly opened. */
export function reveal(s: MinesweeperState, cell: Cell): number {
  if (s.open[cell.row]![cell.col]) return 0;
  if (s.mines[cell.row]![cell.col]) {
    s.open[cell.row]![cell.col] = true;
    s.exploded = true;
    return 0;
  }
  let opened = 0;
  const stack = [cell];
  while (stack.length > 0) {
    const c = stack.pop()!;
    if (s.open[c.row]![c.col]) continue;
    s.open[c.row]![c.col] = true;
    opened++;
    if (clue(s, c) === 0) for (const n of neighbours(s.rows, s.cols, c)) if (!s.open[n.row]![n.col] && !s.mines[n.row]![n.col]) stack.push(n);
  }
  return opened;
}

/** Safe cells still closed. */
export function closedSafe(s: MinesweeperState): number {
  let n = 0;
  for (let r = 0; r < s.rows; r++) for (let c = 0; c < s.cols; c++) if (!s.mines[r]![c] && !s.open[r]![c]) n++;
  return n;
}

const key = (c: Cell): string => `${c.row},${c.col}`;

/**
 * Opens every cell logic proves safe, from the open cells of `s` (which is changed); true when all safe
 * cells end up open. Rules: a clue whose mines are all found frees its other neighbours; a clue needing
 * as many mines as it has closed neighbours marks them all; a clue's closed set containing another's
 * passes the difference in mines to the difference in cells.
 */
export function solveByLogic(s: MinesweeperState): boolean {
  const known = new Set<string>();
  for (let progress = true; progress; ) {
    progress = false;
    const constraints: { cells: Cell[]; mines: number }[] = [];
    for (let r = 0; r < s.rows; r++) for (let c = 0; c < s.cols; c++) {
      if (!s.open[r]![c]) continue;
      const around = neighbours(s.rows, s.cols, { row: r, col: c });
      const closed = around.filter((n) => !s.open[n.row]![n.col] && !known.has(key(n)));
      const flagged = around.filter((n) => known.has(key(n))).length;
      if (closed.length > 0) constraints.push({ cells: closed, mines: clue(s, { row: r, col: c }) - flagged });
    }
    const apply = (cells: Cell[], mines: number): void => {
      if (mines === 0) for (const x of cells) progress = reveal(s, x) > 0 || progress;
      else if (mines === cells.length) for (const x of cells) if (!known.has(key(x))) {
        known.add(key(x));
        progress = true;
      }
    };
    for (const k of constraints) apply(k.cells, k.mines);
    if (progress) continue;
    for (const a of constraints) for (const b of constraints) {
      if (a === b || a.cells.length >= b.cells.length) continue;
      const inB = new Set(b.cells.map(key));
      if (!a.cells.every((x) => inB.has(key(x)))) continue;
      const inA = new Set(a.cells.map(key));
      apply(b.cells.filter((x) => !inA.has(key(x))), b.mines - a.mines);
    }
  }
  return closedSafe(s) === 0;
}

/** A board with `mines` mines, the 3x3 around `start` kept clear and opened; solvable by logic from there. */
export function generate(rows: number, cols: number, mines: number, start: Cell, seed: number): MinesweeperState {
  const rng = new Prng(seed, 5);
  for (let attempt = 0; ; attempt++) {
    const s: MinesweeperState = { rows, cols, mines: grid(rows, cols, false), open: grid(rows, cols, false), exploded: false };
    const clear = new Set([start, ...neighbours(rows, cols, start)].map(key));
    const spots: Cell[] = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (!clear.has(key({ row: r, col: c }))) spots.push({ row: r, col: c });
    for (let i = 0; i < mines; i++) {
      const j = i + rng.int(spots.length - i);
      [spots[i], spots[j]] = [spots[j]!, spots[i]!];
      s.mines[spots[i]!.row]![spots[i]!.col] = true;
    }
    const trial: MinesweeperState = { ...s, open: grid(rows, cols, false) };
    reveal(trial, start);
    if (solveByLogic(trial)) {
      reveal(s, start);
      return s;
    }
    if (attempt >= 20_000) throw new RangeError(`no board of ${rows}x${cols} with ${mines} mines solvable without guessing after ${attempt} attempts`);
  }
}

/** Parses a cell and checks it is closed. */
export function checkMove(s: MinesweeperState, text: string): MoveCheck<Cell> {
  const cell = parseCell(text, s.rows, s.cols);
  if (!cell.ok) return cell;
  if (s.open[cell.move.row]![cell.move.col]) return { ok: false, reason: 'ALREADY_OPEN', detail: `${cellName(cell.move)} is already open` };
  return cell;
}
