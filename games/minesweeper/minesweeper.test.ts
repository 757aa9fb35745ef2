import { describe, expect, it } from 'vitest';
import { grid } from '../board-kit/index.js';
import { minesweeperGame } from './index.js';
import { checkMove, clue, generate, reveal, solveByLogic, type MinesweeperState } from './rules.js';

const board = (rows: string[]): MinesweeperState => ({ rows: rows.length, cols: rows[0]!.length, mines: rows.map((r) => [...r].map((c) => c === '*')), open: grid(rows.length, rows[0]!.length, false), exploded: false });

describe('minesweeper rules and generator', () => {
  it('counts neighbouring mines and floods open from a cell without any', () => {
    const s = board(['*...', '....', '....', '...*']);
    expect(clue(s, { row: 1, col: 1 })).toBe(1);
    expect(reveal(s, { row: 0, col: 3 })).toBe(14);
    expect(checkMove(s, 'd1')).toMatchObject({ ok: false, reason: 'ALREADY_OPEN' });
    reveal(s, { row: 0, col: 0 });
    expect(s.exploded).toBe(true);
  });

  it('the solver clears a board by deduction and refuses one that needs a guess (a mine in one of two cells no clue tells apart)', () => {
    const fifty: MinesweeperState = board(['*.', '..']);
    reveal(fifty, { row: 1, col: 0 });
    reveal(fifty, { row: 1, col: 1 });
    expect(solveByLogic(fifty)).toBe(false);
    // Opening d3 floods rows 2-3; the clues under row 1 (1, 2, 1, 1) prove b1 and d1 safe.
    const solvable = board(['*.*.', '....', '....']);
    reveal(solvable, { row: 2, col: 3 });
    expect(solvable.open[0]).toEqual([false, false, false, false]);
    expect(solveByLogic(solvable)).toBe(true);
    expect(solvable.open[0]).toEqual([false, true, false, true]);
  });

  it('generates the same board for the same seed, and every generated board is solvable by logic from its start', () => {
    const a = generate(8, 8, 10, { row: 3, col: 3 }, 42);
    const b = generate(8, 8, 10, { row: 3, col: 3 }, 42);
    expect(a.mines).toEqual(b.mines);
    expect(a.mines).not.toEqual(generate(8, 8, 10, { row: 3, col: 3 }, 43).mines);
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = generate(9, 9, 16, { row: 4, col: 4 }, seed);
      expect(s.mines.flat().filter(Boolean)).toHaveLength(16);
      expect(solveByLogic({ ...s, open: s.open.map((r) => [...r]) })).toBe(true);
    }
  });

  it('clearing every safe cell wins, opening a mine loses', () => {
    const sim = minesweeperGame.create({ seed: 3, variant: 'origin', slots: [0] });
    for (let i = 0; i < 64 && !sim.ended(); i++) {
      sim.input({ type: 'move', at: 0, slot: 0, move: sim.state().goodMove as string });
      sim.tick();
    }
    expect(sim.ended()).toEqual({ reason: 'cleared', outcomes: [{ slot: 0, result: 'win' }] });
    expect(sim.progress()[0]?.progress).toBe(1);
    const boom = minesweeperGame.create({ seed: 3, variant: 'origin', slots: [0] });
    const mines = boom.state().mines as boolean[][];
    const r = mines.findIndex((row) => row.includes(true));
    boom.input({ type: 'move', at: 0, slot: 0, move: `${String.fromCharCode(97 + mines[r]!.indexOf(true))}${r + 1}` });
    boom.tick();
    expect(boom.ended()).toEqual({ reason: 'mine', outcomes: [{ slot: 0, result: 'loss' }] });
  });
});
