import { describe, expect, it } from 'vitest';
import { gomokuRules } from './index.js';
import { checkMove, emptyBoard, makesFive, patternSearchMove, place } from './rules.js';

const stones = (side: number, black: string[], white: string[]) => {
  const s = emptyBoard(side);
  const at = (n: string) => ({ row: Number(n.slice(1)) - 1, col: n.charCodeAt(0) - 97 });
  for (const w of white) place(s, at(w), 2);
  for (const b of black) place(s, at(b), 1);
  return s;
};

describe('gomoku rules', () => {
  it('five in a row, column or diagonal wins; four does not', () => {
    const row = stones(15, ['a1', 'b1', 'c1', 'd1', 'e1'], []);
    expect(makesFive(row, { row: 0, col: 4 })).toBe(true);
    expect(makesFive(stones(15, ['c3', 'd4', 'e5', 'f6', 'g7'], []), { row: 4, col: 4 })).toBe(true);
    expect(makesFive(stones(15, ['a1', 'b1', 'c1', 'd1'], []), { row: 0, col: 3 })).toBe(false);
    const won = stones(15, ['h3', 'h4', 'h5', 'h6', 'h7'], ['a1']);
    expect(gomokuRules.result(won)).toEqual({ result: 'win', reason: 'five_in_a_row' });
  });

  it('refuses an occupied cell and a cell off a 9x9 board', () => {
    const s = stones(9, ['e5'], []);
    expect(checkMove(s, 'e5')).toMatchObject({ ok: false, reason: 'OCCUPIED' });
    expect(checkMove(s, 'j1')).toMatchObject({ ok: false, reason: 'OFF_BOARD' });
    expect(gomokuRules.legalMoves(s)).toHaveLength(80);
  });

  it('the pattern search completes its own five before anything else, and blocks an open four', () => {
    expect(patternSearchMove(stones(15, ['a15', 'c15'], ['h3', 'h4', 'h5', 'h6']), 2)).toMatchObject({ col: 7 });
    const block = patternSearchMove(stones(15, ['d8', 'e8', 'f8', 'g8'], ['a1', 'a3']), 2);
    expect([2, 7]).toContain(block?.col);
    expect(block?.row).toBe(7);
  });

  it('a board with every cell filled and no five is a draw', () => {
    const s = emptyBoard(3);
    for (let i = 0; i < 9; i++) place(s, { row: Math.floor(i / 3), col: i % 3 }, i % 2 === 0 ? 1 : 2);
    expect(gomokuRules.result(s)).toEqual({ result: 'draw', reason: 'board_full' });
  });
});
