import { describe, expect, it } from 'vitest';
import { sudokuGame } from './index.js';
import { checkMove, countSolutions, generateSudoku } from './rules.js';

describe('sudoku rules and generator', () => {
  it('generates the same puzzle for the same seed, with its givens and exactly one solution', () => {
    const a = generateSudoku(3, 40, 7);
    expect(generateSudoku(3, 40, 7).cells).toEqual(a.cells);
    expect(generateSudoku(3, 40, 8).cells).not.toEqual(a.cells);
    expect(a.cells.flat().filter((d) => d !== 0)).toHaveLength(40);
    expect(countSolutions(a.cells.map((r) => [...r]), 3, 2)).toBe(1);
    a.cells.forEach((row, r) => row.forEach((d, c) => d !== 0 && expect(a.solution[r]![c]).toBe(d)));
    const hard = generateSudoku(3, 28, 7);
    expect(hard.cells.flat().filter((d) => d !== 0).length).toBeLessThan(35);
    expect(countSolutions(hard.cells.map((r) => [...r]), 3, 2)).toBe(1);
  });

  it('sees more than one solution where there are many, stopping at its limit, and none for a clash', () => {
    const empty = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
    expect(countSolutions(empty, 2, 2)).toBe(2);
    expect(countSolutions(empty, 2, 5)).toBe(5);
    expect(countSolutions([[1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], 2, 2)).toBe(0);
  });

  it('refuses a given cell, a clashing digit, a digit out of range and bad notation, each with its reason', () => {
    const s = generateSudoku(3, 40, 7);
    const k = s.cells.flat().findIndex((d) => d !== 0);
    const given = `${String.fromCharCode(97 + (k % 9))}${Math.floor(k / 9) + 1}`;
    expect(checkMove(s, `${given}=1`)).toMatchObject({ ok: false, reason: 'GIVEN' });
    const e = s.cells.flat().findIndex((d) => d === 0);
    const [r, c] = [Math.floor(e / 9), e % 9];
    const clash = s.cells[r]!.find((d) => d !== 0)!;
    const cell = `${String.fromCharCode(97 + c)}${r + 1}`;
    expect(checkMove(s, `${cell}=${clash}`)).toMatchObject({ ok: false, reason: 'CONFLICT' });
    expect(checkMove(s, `${cell}=0`)).toMatchObject({ ok: false, reason: 'BAD_DIGIT' });
    expect(checkMove(s, `${cell}5`)).toMatchObject({ ok: false, reason: 'BAD_NOTATION' });
    expect(checkMove(s, `${cell}=${s.solution[r]![c]}`)).toMatchObject({ ok: true });
  });

  it('a game filled with the solution is solved with the paper score', () => {
    const sim = sudokuGame.create({ seed: 2, variant: 'mini', slots: [0] });
    for (let i = 0; i < 16 && !sim.ended(); i++) {
      sim.input({ type: 'move', at: 0, slot: 0, move: sim.state().goodMove as string });
      sim.tick();
    }
    expect(sim.ended()).toEqual({ reason: 'solved', outcomes: [{ slot: 0, result: 'win' }] });
    // 10 open cells of 16: 2 + 10 each, then 1000.
    expect(sim.progress()).toEqual([{ slot: 0, progress: 1, score: 12 * 10 + 1000 }]);
  });
});
