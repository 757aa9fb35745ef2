/** Each board's shape questions against positions with known answers. */
import { Chess } from 'chess.js';
import { describe, expect, it } from 'vitest';
import { Prng } from '../protocol/index.js';
import { grid, type BoardQuestion } from './board-kit/index.js';
import { chessTasks } from './chess/index.js';
import { gomokuTasks } from './gomoku/index.js';
import { emptyBoard as emptyGomoku } from './gomoku/rules.js';
import { minesweeperTasks } from './minesweeper/index.js';
import { openedBoard } from './reversi/game.js';
import { reversiTasks } from './reversi/index.js';
import { generateSudoku, sudokuTasks } from './sudoku/index.js';
import { emptyBoard as emptyTicTacToe } from './tic-tac-toe/rules.js';
import { ticTacToeTasks } from './tic-tac-toe/index.js';

/** The answer of the question starting with `start`; fails when there is none or several. */
function answer(questions: readonly BoardQuestion[], start: string): string {
  const found = questions.filter((q) => q.question.startsWith(start));
  expect(found, start).toHaveLength(1);
  expect(new Set(found[0]!.wrong.filter((w) => w !== found[0]!.answer)).size).toBeGreaterThanOrEqual(3);
  return found[0]!.answer;
}

describe('shape questions on each board', () => {
  it('tic_tac_toe: the threats and the shape of the X marks', () => {
    const s = emptyTicTacToe();
    for (const [r, c] of [[0, 0], [0, 1], [1, 0]] as const) s.cells[r]![c] = 1;
    s.cells[1]![1] = 2;
    const q = ticTacToeTasks.questions(s, new Prng(1));
    expect(answer(q, 'How many lines of three')).toBe('2');
    expect(answer(q, 'Count X marks')).toBe('an L');
    expect(['a1-b1', 'a1-a2', 'b1-a2']).toContain(answer(q, 'Which of these is an unbroken line of 2 X marks'));
  });

  it('reversi: no uniform block at the start; a white 2x2 block and a black line of four once placed', () => {
    const start = openedBoard(8, 0, new Prng(1));
    expect(answer(reversiTasks.questions(start, new Prng(1)), 'Which 2x2 block')).toBe('none of these');
    expect(answer(reversiTasks.questions(start, new Prng(1)), 'How many black discs long')).toBe('2');
    for (const [r, c] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) start.cells[r]![c] = 2;
    for (let c = 2; c < 6; c++) start.cells[7]![c] = 1;
    const q = reversiTasks.questions(start, new Prng(1));
    expect(answer(q, 'Which 2x2 block')).toBe('a1-b2');
    expect(answer(q, 'How many black discs long')).toBe('4');
    // No three white discs in a line: that question is not asked.
    expect(q.some((x) => x.question.startsWith('Which of these is an unbroken line'))).toBe(false);
    // c3 joins the block's a1-b2 diagonal to the start's d4 and e5: runs a1-c3, b2-d4 and c3-e5.
    start.cells[2]![2] = 2;
    expect(answer(reversiTasks.questions(start, new Prng(1)), 'Which of these is an unbroken line of 3 white discs')).toMatch(/^(a1-c3|b2-d4|c3-e5)$/);
  });

  it('gomoku: the line of three black stones, its length and its shape', () => {
    const s = emptyGomoku(15);
    for (const c of [7, 8, 9]) s.cells[7]![c] = 1;
    s.cells[8]![7] = 2;
    const q = gomokuTasks.questions(s, new Prng(1));
    expect(answer(q, 'Which of these is an unbroken line of 3 black stones')).toBe('h8-j8');
    expect(answer(q, 'How many black stones long')).toBe('3');
    expect(answer(q, 'Count black stones')).toBe('a straight line along a row or column');
  });

  it('minesweeper: the open regions, the largest and a cell in it', () => {
    const s = { rows: 8, cols: 8, mines: grid(8, 8, false), open: grid(8, 8, false), exploded: false };
    s.mines[4]![4] = true;
    for (const [r, c] of [[0, 0], [0, 1], [1, 0], [7, 7], [7, 6]] as const) s.open[r]![c] = true;
    const q = minesweeperTasks.questions(s, new Prng(1));
    expect(answer(q, 'How many separate regions')).toBe('2');
    expect(answer(q, 'How many cells are in the largest region')).toBe('3');
    expect(['a1', 'b1', 'a2']).toContain(answer(q, 'Which of these cells lies in the largest region'));
  });

  it('sudoku: the complete box and the box with the most filled cells', () => {
    const full = generateSudoku(3, 81, 5);
    const cells = full.solution.map((row) => [...row]);
    // One empty cell in every box but the middle one.
    for (let b = 0; b < 9; b++) if (b !== 4) cells[Math.floor(b / 3) * 3]![(b % 3) * 3] = 0;
    const q = sudokuTasks.questions({ ...full, cells }, new Prng(1));
    expect(answer(q, 'How many of the 9 3x3 boxes are complete')).toBe('1');
    expect(answer(q, 'Which 3x3 box is complete')).toBe('the box of rows 4-6 and columns d-f');
    expect(answer(q, 'Which 3x3 box has the most filled cells')).toBe('the box of rows 4-6 and columns d-f');
  });

  it('chess: how the kings line up and the shape of a pawn group', () => {
    const diagonal = chessTasks.questions({ game: new Chess('k7/8/8/8/8/8/PPP5/7K w - - 0 1'), captured: 0 }, new Prng(1));
    expect(answer(diagonal, 'How do the white king and the black king')).toBe('on the same diagonal');
    expect(answer(diagonal, 'Count white pawns')).toBe('a straight line along a row or column');
    const file = chessTasks.questions({ game: new Chess('4k3/8/8/8/8/3P4/4P3/4K3 w - - 0 1'), captured: 0 }, new Prng(1));
    expect(answer(file, 'How do the white king and the black king')).toBe('on the same file');
    expect(answer(file, 'Count white pawns')).toBe('a diagonal line');
    expect(file.find((x) => x.question.startsWith('Count white pawns'))!.question).toMatch(/includes (d3|e2) form\?$/);
  });
});
