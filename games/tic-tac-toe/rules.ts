/** Tic-tac-toe on a 3x3 grid: the player is X (1), the opponent O (2); three in a line wins. */
import { cellName, grid, parseCell, type MoveCheck } from '../board-kit/index.js';

/** 0 empty, 1 X (the player), 2 O (the opponent). */
export type Mark = 0 | 1 | 2;
export interface TicTacToeState {
  cells: Mark[][];
}

const LINES: readonly (readonly [number, number])[][] = [
  ...[0, 1, 2].map((r) => [0, 1, 2].map((c) => [r, c] as const)),
  ...[0, 1, 2].map((c) => [0, 1, 2].map((r) => [r, c] as const)),
  [0, 1, 2].map((i) => [i, i] as const),
  [0, 1, 2].map((i) => [i, 2 - i] as const),
];

/** An empty board. */
export function emptyBoard(): TicTacToeState {
  return { cells: grid<Mark>(3, 3, 0) };
}

/** The mark with three in a line, or 0. */
export function winner(s: TicTacToeState): Mark {
  for (const line of LINES) {
    const [a, b, c] = line.map(([r, col]) => s.cells[r]![col]!);
    if (a !== 0 && a === b && b === c) return a!;
  }
  return 0;
}

/** Empty cells, row by row. */
export function emptyCells(s: TicTacToeState): { row: number; col: number }[] {
  return s.cells.flatMap((row, r) => row.flatMap((m, c) => (m === 0 ? [{ row: r, col: c }] : [])));
}

/** Parses a cell and checks it is free. */
export function checkMove(s: TicTacToeState, text: string): MoveCheck<{ row: number; col: number }> {
  const cell = parseCell(text, 3, 3);
  if (!cell.ok) return cell;
  if (s.cells[cell.move.row]![cell.move.col] !== 0) return { ok: false, reason: 'OCCUPIED', detail: `${cellName(cell.move)} is already marked` };
  return cell;
}

function score(s: TicTacToeState, toMove: Mark, depth: number): number {
  const w = winner(s);
  if (w !== 0) return w === 2 ? 10 - depth : depth - 10;
  const free = emptyCells(s);
  if (free.length === 0) return 0;
  let best = toMove === 2 ? -Infinity : Infinity;
  for (const { row, col } of free) {
    s.cells[row]![col] = toMove;
    const v = score(s, toMove === 2 ? 1 : 2, depth + 1);
    s.cells[row]![col] = 0;
    best = toMove === 2 ? Math.max(best, v) : Math.min(best, v);
  }
  return best;
}

/** The minimax move of O: the first best cell in row order (perfect play, deterministic). */
export function minimaxMove(s: TicTacToeState): { row: number; col: number } | undefined {
  let best: { row: number; col: number } | undefined;
  let bestValue = -Infinity;
  for (const cell of emptyCells(s)) {
    s.cells[cell.row]![cell.col] = 2;
    const v = score(s, 1, 1);
    s.cells[cell.row]![cell.col] = 0;
    if (v > bestValue) {
      bestValue = v;
      best = cell;
    }
  }
  return best;
}
