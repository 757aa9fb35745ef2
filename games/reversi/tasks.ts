/** reversi for the offline tasks: random and played positions, the 0/1/2 matrix, questions. */
import { cellName, isQuestion, longestRunQuestion, positionRenderer, runQuestion, uniformBlockQuestion, variantOrOrigin, type BoardTasks } from '../board-kit/index.js';
import { openedBoard, reversiRules } from './game.js';
import { checkMove, counts, legal, type Disc, type ReversiState } from './rules.js';
import { VARIANTS } from './variants.js';

const ORIGIN = VARIANTS[0]!;

export const reversiTasks: BoardTasks<ReversiState> = {
  game: 'reversi',
  matrixLegend: 'an 8x8 matrix, row 1 first: 0 for an empty cell, 1 for black, 2 for white',
  matrixValues: [0, 1, 2],
  randomMove(rng, variant) {
    const { side } = variantOrOrigin(VARIANTS, variant);
    return cellName({ row: rng.int(side), col: rng.int(side) });
  },
  randomPosition(rng) {
    const s = openedBoard(8, 0, rng);
    for (const row of s.cells) for (let c = 0; c < 8; c++) row[c] = (rng.next() < 0.5 ? 0 : 1 + rng.int(2)) as Disc;
    return s;
  },
  playedPosition(rng) {
    for (;;) {
      const s = openedBoard(8, 2 * (1 + rng.int(12)), rng);
      if (legal(s, 1).length > 0) return s;
    }
  },
  matrix: (s) => s.cells.map((r) => [...r]),
  questions(s, rng) {
    const { black, white } = counts(s);
    const row = rng.int(8);
    const inRow = s.cells[row]!.filter((d) => d === 1).length;
    return [
      { question: 'How many black discs are on the board?', answer: String(black), wrong: [black + 1, black + 3, black + 2].map(String) },
      { question: 'How many white discs are on the board?', answer: String(white), wrong: [white + 2, white + 1, white + 4].map(String) },
      { question: `How many black discs are in row ${row + 1}?`, answer: String(inRow), wrong: [inRow + 1, inRow + 2, inRow + 3].map(String) },
      uniformBlockQuestion(s.cells, 0, 'discs', rng),
      longestRunQuestion(s.cells, 1, 'black discs'),
      runQuestion(s.cells, 2, 3, 'white discs', rng),
      { question: 'Which colour has more discs?', answer: black > white ? 'black' : white > black ? 'white' : 'equal', wrong: ['black', 'white', 'equal', 'none'].filter((x) => x !== (black > white ? 'black' : white > black ? 'white' : 'equal')) },
    ].filter(isQuestion);
  },
  legalMoves: (s) => legal(s, 1).map(cellName),
  check: checkMove,
  render: positionRenderer(reversiRules, ORIGIN),
};
