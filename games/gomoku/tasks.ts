/** gomoku for the offline tasks: random and played positions, the 0/1/2 matrix, questions. */
import { cellName, isQuestion, groupShapeQuestion, longestRun, longestRunQuestion, positionRenderer, runQuestion, variantOrOrigin, type BoardTasks } from '../board-kit/index.js';
import { gomokuRules } from './game.js';
import { checkMove, emptyBoard, emptyCells, makesFive, place, type GomokuState, type Stone } from './rules.js';
import { VARIANTS } from './variants.js';

const ORIGIN = VARIANTS[0]!;
const SIDE = 15;

export const gomokuTasks: BoardTasks<GomokuState> = {
  game: 'gomoku',
  matrixLegend: 'a 15x15 matrix, row 1 first: 0 for an empty cell, 1 for black, 2 for white',
  matrixValues: [0, 1, 2],
  randomMove(rng, variant) {
    const { side } = variantOrOrigin(VARIANTS, variant);
    return cellName({ row: rng.int(side), col: rng.int(side) });
  },
  randomPosition(rng) {
    const s = emptyBoard(SIDE);
    for (const row of s.cells) for (let c = 0; c < SIDE; c++) row[c] = (rng.next() < 0.7 ? 0 : 1 + rng.int(2)) as Stone;
    return s;
  },
  playedPosition(rng) {
    for (;;) {
      const s = emptyBoard(SIDE);
      const plies = 2 * (1 + rng.int(15));
      let over = false;
      for (let i = 0; i < plies && !over; i++) {
        const free = emptyCells(s).filter((c) => Math.abs(c.row - 7) < 5 && Math.abs(c.col - 7) < 5);
        const cell = free[rng.int(free.length)]!;
        place(s, cell, i % 2 === 0 ? 1 : 2);
        over = makesFive(s, cell);
      }
      if (!over) return s;
    }
  },
  matrix: (s) => s.cells.map((r) => [...r]),
  questions(s, rng) {
    const black = s.cells.flat().filter((v) => v === 1).length;
    const white = s.cells.flat().filter((v) => v === 2).length;
    const col = rng.int(SIDE);
    const inCol = s.cells.filter((r) => r[col] !== 0).length;
    return [
      { question: 'How many black stones are on the board?', answer: String(black), wrong: [black + 1, black + 2, black + 3].map(String) },
      { question: 'How many white stones are on the board?', answer: String(white), wrong: [white + 2, white + 1, white + 3].map(String) },
      { question: `How many stones (of either colour) are in column ${String.fromCharCode(97 + col)}?`, answer: String(inCol), wrong: [inCol + 1, inCol + 2, inCol + 3].map(String) },
      groupShapeQuestion(s.cells, 1, 'black stones', rng),
      longestRunQuestion(s.cells, 1, 'black stones'),
      runQuestion(s.cells, 1, Math.min(3, Math.max(2, longestRun(s.cells, 1))), 'black stones', rng),
    ].filter(isQuestion);
  },
  legalMoves: (s) => emptyCells(s).map(cellName),
  check: checkMove,
  render: positionRenderer(gomokuRules, ORIGIN),
};
