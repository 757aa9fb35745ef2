/** The minesweeper definition: a solo puzzle; open every safe cell, opening a mine loses. */
import { Prng } from '../../protocol/index.js';
import { cellName, defineBoard, type Cell, type TurnRules } from '../board-kit/index.js';
import { checkMove, closedSafe, generate, reveal, type MinesweeperState } from './rules.js';
import { VARIANTS, type MinesweeperVariant } from './variants.js';
import { drawMinesweeper } from './view.js';

/** Safe cells of a board. */
const safeCells = (s: MinesweeperState): number => s.rows * s.cols - s.mines.flat().filter(Boolean).length;
const openSafe = (s: MinesweeperState): number => safeCells(s) - closedSafe(s);

export const minesweeperRules: TurnRules<MinesweeperVariant, MinesweeperState, Cell> = {
  start(variant, seed) {
    const rng = new Prng(seed, 4);
    const start = { row: 1 + rng.int(variant.rows - 2), col: 1 + rng.int(variant.cols - 2) };
    return generate(variant.rows, variant.cols, variant.mines, start, seed);
  },
  parse: checkMove,
  play: (s, m) => ({ opened: reveal(s, m), mine: s.exploded }),
  reply: () => undefined,
  result(s) {
    if (s.exploded) return { result: 'loss', reason: 'mine' };
    return closedSafe(s) === 0 ? { result: 'win', reason: 'cleared' } : undefined;
  },
  // The paper's score: 10 a move, 2 an open safe cell, then 1000 for clearing the board.
  score: (s, moves, end) => 10 * moves + 2 * openSafe(s) + (end?.result === 'win' ? 1000 : 0),
  progress: (s) => openSafe(s) / safeCells(s),
  legalMoves: (s) => s.open.flatMap((row, r) => row.flatMap((o, c) => (o ? [] : [cellName({ row: r, col: c })]))),
  snapshot(s) {
    const safe = s.open.flatMap((row, r) => row.flatMap((o, c) => (o || s.mines[r]![c] ? [] : [cellName({ row: r, col: c })])));
    return { open: s.open.map((r) => [...r]), mines: s.mines.map((r) => [...r]), exploded: s.exploded, ...(safe[0] ? { goodMove: safe[0] } : {}) };
  },
  draw: drawMinesweeper,
};

export const minesweeperGame = defineBoard({ id: 'minesweeper', build: 'minesweeper@1', variants: VARIANTS, rules: minesweeperRules });
