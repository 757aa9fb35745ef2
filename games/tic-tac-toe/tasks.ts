/** tic_tac_toe for the offline tasks: random and played positions, the 0/1/2 matrix, questions. */
import { cellName, isQuestion, groupShapeQuestion, nearCounts, positionRenderer, runQuestion, segmentsOf, type BoardTasks } from '../board-kit/index.js';
import { ticTacToeRules } from './game.js';
import { checkMove, emptyBoard, emptyCells, winner, type Mark, type TicTacToeState } from './rules.js';
import { VARIANTS } from './variants.js';

const ORIGIN = VARIANTS[0]!;
const count = (s: TicTacToeState, m: Mark): number => s.cells.flat().filter((x) => x === m).length;
/** Lines of three (rows, columns, diagonals) holding two X marks and an empty cell: X's threats. */
const threats = (s: TicTacToeState): number =>
  segmentsOf(3, 3, 3).filter((seg) => {
    const line = [0, 1, 2].map((i) => s.cells[seg.from.row + i * Math.sign(seg.to.row - seg.from.row)]![seg.from.col + i * Math.sign(seg.to.col - seg.from.col)]!);
    return line.filter((v) => v === 1).length === 2 && line.includes(0);
  }).length;

export const ticTacToeTasks: BoardTasks<TicTacToeState> = {
  game: 'tic_tac_toe',
  matrixLegend: 'a 3x3 matrix, row 1 first: 0 for an empty cell, 1 for X, 2 for O',
  matrixValues: [0, 1, 2],
  randomMove: (rng) => cellName({ row: rng.int(3), col: rng.int(3) }),
  randomPosition(rng) {
    const s = emptyBoard();
    for (const row of s.cells) for (let c = 0; c < 3; c++) row[c] = rng.int(3) as Mark;
    return s;
  },
  playedPosition(rng) {
    for (;;) {
      const s = emptyBoard();
      const plies = 2 * rng.int(4);
      for (let i = 0; i < plies && winner(s) === 0; i++) {
        const free = emptyCells(s);
        const c = free[rng.int(free.length)]!;
        s.cells[c.row]![c.col] = (i % 2 === 0 ? 1 : 2);
      }
      if (winner(s) === 0 && emptyCells(s).length > 0) return s;
    }
  },
  matrix: (s) => s.cells.map((r) => [...r]),
  questions(s, rng) {
    const xs = count(s, 1);
    const cell = { row: rng.int(3), col: rng.int(3) };
    const names = ['empty', 'X', 'O'];
    const at = s.cells[cell.row]![cell.col]!;
    return [
      { question: 'How many X marks are on the board?', answer: String(xs), wrong: [xs + 1, xs + 2, xs === 0 ? 3 : xs - 1].map(String) },
      { question: `What is in cell ${cellName(cell)}?`, answer: names[at]!, wrong: [...names.filter((n) => n !== names[at]), 'a triangle'] },
      { question: 'How many cells are empty?', answer: String(emptyCells(s).length), wrong: [1, 2, 3].map((d) => String(emptyCells(s).length + d)) },
      { question: 'How many lines of three (rows, columns and diagonals) hold two X marks and an empty cell?', answer: String(threats(s)), wrong: nearCounts(threats(s)) },
      groupShapeQuestion(s.cells, 1, 'X marks', rng),
      runQuestion(s.cells, 1, 2, 'X marks', rng),
    ].filter(isQuestion);
  },
  legalMoves: (s) => emptyCells(s).map(cellName),
  check: checkMove,
  render: positionRenderer(ticTacToeRules, ORIGIN),
};
