/** minesweeper for the offline tasks: random and played positions, the matrix (-1 closed, 0-8 clues, 9 a shown mine), questions. */
import { cellName, grid, positionRenderer, regionQuestions, variantOrOrigin, type BoardTasks } from '../board-kit/index.js';
import { minesweeperRules } from './game.js';
import { checkMove, clue, generate, reveal, type MinesweeperState } from './rules.js';
import { VARIANTS } from './variants.js';

const ORIGIN = VARIANTS[0]!;

export const minesweeperTasks: BoardTasks<MinesweeperState> = {
  game: 'minesweeper',
  matrixLegend: 'an 8x8 matrix, row 1 first: -1 for a closed cell, 0-8 for an open cell (the number shown, 0 when blank), 9 for an open mine',
  matrixValues: [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  randomMove(rng, variant) {
    const { rows, cols } = variantOrOrigin(VARIANTS, variant);
    return cellName({ row: rng.int(rows), col: rng.int(cols) });
  },
  randomPosition(rng) {
    const s: MinesweeperState = { rows: 8, cols: 8, mines: grid(8, 8, false), open: grid(8, 8, false), exploded: false };
    for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) {
      s.mines[r]![c] = rng.next() < 0.15;
      s.open[r]![c] = rng.next() < 0.5;
    }
    return s;
  },
  playedPosition(rng) {
    const start = { row: 1 + rng.int(6), col: 1 + rng.int(6) };
    const s = generate(8, 8, 10, start, rng.int(2 ** 31));
    // A few more safe cells opened, as a player might have.
    for (let i = rng.int(4); i > 0; i--) {
      const closed = s.open.flatMap((row, r) => row.flatMap((o, c) => (o || s.mines[r]![c] ? [] : [{ row: r, col: c }])));
      if (closed.length > 1) reveal(s, closed[rng.int(closed.length)]!);
    }
    return s;
  },
  matrix: (s) => s.open.map((row, r) => row.map((o, c) => (!o ? -1 : s.mines[r]![c] ? 9 : clue(s, { row: r, col: c })))),
  questions(s, rng) {
    const m = minesweeperTasks.matrix(s);
    const closed = m.flat().filter((v) => v === -1).length;
    const row = rng.int(8);
    const sum = m[row]!.filter((v) => v > 0 && v < 9).reduce((a, b) => a + b, 0);
    const ones = m.flat().filter((v) => v === 1).length;
    return [
      { question: 'How many cells are still closed?', answer: String(closed), wrong: [closed + 1, closed + 2, closed + 4].map(String) },
      { question: `What is the sum of the numbers shown in row ${row + 1}?`, answer: String(sum), wrong: [sum + 1, sum + 2, sum + 3].map(String) },
      { question: 'How many open cells show the number 1?', answer: String(ones), wrong: [ones + 1, ones + 2, ones + 3].map(String) },
      ...regionQuestions(m, (v) => v !== -1, 'open cells', rng),
    ];
  },
  legalMoves: (s) => minesweeperRules.legalMoves(s),
  check: checkMove,
  render: positionRenderer(minesweeperRules, ORIGIN),
};
