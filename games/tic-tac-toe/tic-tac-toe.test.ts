import { describe, expect, it } from 'vitest';
import { ticTacToeGame, ticTacToeRules } from './index.js';
import { checkMove, minimaxMove, winner, type Mark, type TicTacToeState } from './rules.js';

const board = (rows: string[]): TicTacToeState => ({ cells: rows.map((r) => [...r].map((ch) => ({ '.': 0, X: 1, O: 2 })[ch] as Mark)) });

describe('tic_tac_toe rules', () => {
  it('lists the empty cells as legal moves and refuses occupied and off-board cells with a reason', () => {
    const s = board(['X..', '.O.', '...']);
    expect(ticTacToeRules.legalMoves(s)).toEqual(['b1', 'c1', 'a2', 'c2', 'a3', 'b3', 'c3']);
    expect(checkMove(s, 'a1')).toMatchObject({ ok: false, reason: 'OCCUPIED' });
    expect(checkMove(s, 'd1')).toMatchObject({ ok: false, reason: 'OFF_BOARD' });
    expect(checkMove(s, 'middle')).toMatchObject({ ok: false, reason: 'BAD_NOTATION' });
  });

  it('finds rows, columns and diagonals, and a full board without a line is a draw', () => {
    expect(winner(board(['XXX', 'OO.', '...']))).toBe(1);
    expect(winner(board(['O.X', 'OX.', 'O..']))).toBe(2);
    expect(winner(board(['X.O', '.XO', '..X']))).toBe(1);
    expect(ticTacToeRules.result(board(['XOX', 'XOO', 'OXX']))).toEqual({ result: 'draw', reason: 'board_full' });
  });

  it('minimax takes a win when it has one and blocks the player otherwise', () => {
    expect(minimaxMove(board(['OO.', 'XX.', 'X..']))).toEqual({ row: 0, col: 2 });
    expect(minimaxMove(board(['XX.', '.O.', '...']))).toEqual({ row: 0, col: 2 });
  });

  it('a game against minimax never ends in a win for X, and three invalid moves lose', () => {
    const sim = ticTacToeGame.create({ seed: 1, variant: 'origin', slots: [0] });
    for (const m of ['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3']) {
      if (sim.ended()) break;
      const legal = sim.state().legalMoves as string[];
      if (!legal.includes(m)) continue;
      sim.input({ type: 'move', at: 0, slot: 0, move: m });
      sim.tick();
    }
    expect(sim.ended()?.outcomes[0]?.result).not.toBe('win');
    const lost = ticTacToeGame.create({ seed: 1, variant: 'origin', slots: [0] });
    for (const m of ['zz', '', 'b2', 'b2']) {
      lost.input({ type: 'move', at: 0, slot: 0, move: m });
      lost.tick();
    }
    expect(lost.ended()).toEqual({ reason: 'invalid_moves', outcomes: [{ slot: 0, result: 'loss' }] });
    expect(lost.drainEvents().filter((e) => e.name === 'invalid_move').map((e) => e.data?.reason)).toEqual(['BAD_NOTATION', 'NO_MOVE', 'OCCUPIED']);
    expect(lost.progress()).toEqual([{ slot: 0, progress: 0, score: 10 }]);
  });
});
