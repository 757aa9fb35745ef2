/** sudoku for the offline tasks: random and generated positions, the 0-9 matrix, questions. */
import { cellName, positionRenderer, variantOrOrigin, type BoardTasks } from '../board-kit/index.js';
import { sudokuRules } from './game.js';
import { checkMove, generateSudoku, type SudokuState } from './rules.js';
import { VARIANTS } from './variants.js';

const ORIGIN = VARIANTS[0]!;

export const sudokuTasks: BoardTasks<SudokuState> = {
  game: 'sudoku',
  matrixLegend: 'a 9x9 matrix, row 1 first: the digit in each cell, 0 for an empty cell',
  matrixValues: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  randomMove(rng, variant) {
    const n = variantOrOrigin(VARIANTS, variant).box ** 2;
    return `${cellName({ row: rng.int(n), col: rng.int(n) })}=${1 + rng.int(n)}`;
  },
  randomPosition(rng) {
    const cells = Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => (rng.next() < 0.5 ? 0 : 1 + rng.int(9))));
    return { box: 3, cells, given: cells.map((r) => r.map((d) => d !== 0)), solution: cells.map((r) => [...r]) };
  },
  playedPosition: (rng) => generateSudoku(3, 30 + rng.int(20), rng.int(2 ** 31)),
  matrix: (s) => s.cells.map((r) => [...r]),
  questions(s, rng) {
    const row = rng.int(9);
    const col = rng.int(9);
    const rowSum = s.cells[row]!.reduce((a, b) => a + b, 0);
    const colSum = s.cells.reduce((a, r) => a + r[col]!, 0);
    const empty = s.cells.flat().filter((d) => d === 0).length;
    return [
      { question: `What is the sum of the digits in row ${row + 1}?`, answer: String(rowSum), wrong: [rowSum + 1, rowSum + 3, rowSum + 5].map(String) },
      { question: `What is the sum of the digits in column ${String.fromCharCode(97 + col)}?`, answer: String(colSum), wrong: [colSum + 2, colSum + 4, colSum + 1].map(String) },
      { question: 'How many cells are empty?', answer: String(empty), wrong: [empty + 1, empty + 2, empty + 3].map(String) },
    ];
  },
  legalMoves: (s) => sudokuRules.legalMoves(s),
  check: checkMove,
  render: positionRenderer(sudokuRules, ORIGIN),
};
