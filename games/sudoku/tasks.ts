/** sudoku for the offline tasks: random and generated positions, the 0-9 matrix, questions. */
import { cellName, nearCounts, pickWrong, positionRenderer, variantOrOrigin, type BoardQuestion, type BoardTasks } from '../board-kit/index.js';
import type { Prng } from '../../protocol/index.js';
import { sudokuRules } from './game.js';
import { checkMove, generateSudoku, type SudokuState } from './rules.js';
import { VARIANTS } from './variants.js';

const ORIGIN = VARIANTS[0]!;
const letter = (col: number): string => String.fromCharCode(97 + col);

/** Questions about the boxes: how many are complete, which one is, which has the most filled cells (when one has). */
function boxQuestions(s: SudokuState, rng: Prng): BoardQuestion[] {
  const { box } = s;
  const n = box * box;
  const boxes = Array.from({ length: n }, (_, b) => {
    const r0 = Math.floor(b / box) * box;
    const c0 = (b % box) * box;
    const filled = s.cells.slice(r0, r0 + box).reduce((a, row) => a + row.slice(c0, c0 + box).filter((d) => d !== 0).length, 0);
    return { name: `the box of rows ${r0 + 1}-${r0 + box} and columns ${letter(c0)}-${letter(c0 + box - 1)}`, filled };
  });
  const size = `${box}x${box}`;
  const complete = boxes.filter((b) => b.filled === n);
  const out: BoardQuestion[] = [{ question: `How many of the ${n} ${size} boxes are complete (every cell filled)?`, answer: String(complete.length), wrong: nearCounts(complete.length) }];
  const open = boxes.filter((b) => b.filled < n).map((b) => b.name);
  if (complete.length > 0 && open.length >= 3) out.push({ question: `Which ${size} box is complete (every cell filled)?`, answer: complete[rng.int(complete.length)]!.name, wrong: pickWrong(open, '', rng) });
  const most = Math.max(...boxes.map((b) => b.filled));
  const top = boxes.filter((b) => b.filled === most);
  if (top.length === 1) out.push({ question: `Which ${size} box has the most filled cells?`, answer: top[0]!.name, wrong: pickWrong(boxes.map((b) => b.name), top[0]!.name, rng) });
  return out;
}

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
      ...boxQuestions(s, rng),
    ];
  },
  legalMoves: (s) => sudokuRules.legalMoves(s),
  check: checkMove,
  render: positionRenderer(sudokuRules, ORIGIN),
};
