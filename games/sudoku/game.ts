/** The sudoku definition: a solo puzzle; fill every empty cell so rows, columns and boxes hold each digit once. */
import { cellName, defineBoard, type Cell, type TurnRules } from '../board-kit/index.js';
import { checkMove, fits, generateSudoku, type SudokuState } from './rules.js';
import { VARIANTS, type SudokuVariant } from './variants.js';
import { drawSudoku } from './view.js';

const open = (s: SudokuState): number => s.given.flat().filter((g) => !g).length;
const filled = (s: SudokuState): number => s.cells.flat().filter((d, i) => d !== 0 && !s.given.flat()[i]).length;
const correct = (s: SudokuState): number => s.cells.flat().filter((d, i) => !s.given.flat()[i] && d === s.solution.flat()[i]).length;

export const sudokuRules: TurnRules<SudokuVariant, SudokuState, { cell: Cell; digit: number }> = {
  start: (variant, seed) => generateSudoku(variant.box, variant.givens, seed),
  parse: checkMove,
  play(s, m) {
    s.cells[m.cell.row]![m.cell.col] = m.digit;
    return { cell: cellName(m.cell), digit: m.digit, correct: s.solution[m.cell.row]![m.cell.col] === m.digit };
  },
  reply: () => undefined,
  result: (s) => (s.cells.flat().every((d) => d !== 0) ? { result: 'win', reason: 'solved' } : undefined),
  // The paper's score: 2 a filled open cell, 10 a correctly filled one, then 1000 for the solved grid.
  score: (s, _moves, end) => 2 * filled(s) + 10 * correct(s) + (end?.result === 'win' ? 1000 : 0),
  progress: (s) => correct(s) / open(s),
  legalMoves(s) {
    const n = s.box * s.box;
    const out: string[] = [];
    s.cells.forEach((row, r) =>
      row.forEach((_, c) => {
        if (s.given[r]![c]) return;
        for (let d = 1; d <= n; d++) if (fits(s.cells, s.box, { row: r, col: c }, d)) out.push(`${cellName({ row: r, col: c })}=${d}`);
      }),
    );
    return out;
  },
  snapshot(s) {
    const k = s.cells.flat().findIndex((d) => d === 0);
    const n = s.box * s.box;
    const good = k < 0 ? undefined : `${cellName({ row: Math.floor(k / n), col: k % n })}=${s.solution[Math.floor(k / n)]![k % n]}`;
    return { board: s.cells.map((r) => [...r]), given: s.given.map((r) => [...r]), solution: s.solution.map((r) => [...r]), ...(good ? { goodMove: good } : {}) };
  },
  draw: drawSudoku,
};

export const sudokuGame = defineBoard({ id: 'sudoku', build: 'sudoku@1', variants: VARIANTS, rules: sudokuRules });
