import { describe, expect, it } from 'vitest';
import { reversiGame, reversiRules } from './index.js';
import { alphaBetaMove, checkMove, counts, flips, legal, place, startBoard, type Disc, type ReversiState } from './rules.js';

const board = (rows: string[]): ReversiState => ({ cells: rows.map((r) => [...r].map((ch) => ({ '.': 0, B: 1, W: 2 })[ch] as Disc)) });

describe('reversi rules', () => {
  it('has the four standard opening moves for black', () => {
    expect(reversiRules.legalMoves(startBoard(8))).toEqual(['d3', 'c4', 'f5', 'e6']);
  });

  it('flips every flanked line at once and refuses a move that flanks nothing', () => {
    const s = board(['B.......', 'W.......', 'W.......', '.WWB....', '........', '........', '........', '........']);
    // a4 flanks a2-a3 up to a1 and b4-c4 up to d4.
    expect(flips(s, { row: 3, col: 0 }, 1)).toHaveLength(4);
    place(s, { row: 3, col: 0 }, 1);
    expect(counts(s)).toEqual({ black: 7, white: 0 });
    expect(checkMove(startBoard(8), 'a1')).toMatchObject({ ok: false, reason: 'ILLEGAL' });
    expect(checkMove(startBoard(8), 'd4')).toMatchObject({ ok: false, reason: 'OCCUPIED' });
  });

  it('ends when neither side can move, by disc count', () => {
    const full = board(['BBBBBBBB', 'BBBBBBBB', 'BBBBBBBB', 'BBBBBBBB', 'WWWWWWWW', 'WWWWWWWW', 'WWWWWWWW', 'WWWWWWWB']);
    expect(legal(full, 1)).toEqual([]);
    expect(reversiRules.result(full)).toEqual({ result: 'win', reason: 'more_discs' });
  });

  it('alpha-beta takes a corner when one is offered', () => {
    // White's only corner move a1 flanks b1-c1 against d1; f4 would flank e4 too, but the corner wins.
    const s = board(['.BBW....', '........', '........', '...WB...', '........', '........', '........', '........']);
    expect(legal(s, 2).length).toBeGreaterThan(1);
    expect(alphaBetaMove(s, 3)).toEqual({ row: 0, col: 0 });
  });

  it('a move of the player flips and white replies in the same turn', () => {
    const sim = reversiGame.create({ seed: 1, variant: 'origin', slots: [0] });
    sim.input({ type: 'move', at: 0, slot: 0, move: 'd3' });
    sim.tick();
    const events = sim.drainEvents();
    expect(events.map((e) => e.name)).toEqual(['move', 'reply']);
    expect(events[0]?.data?.flipped).toBe(1);
  });
});
