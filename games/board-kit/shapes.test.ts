import { describe, expect, it } from 'vitest';
import { Prng } from '../../protocol/index.js';
import { groupShapeQuestion, longestRunQuestion, regionQuestions, runQuestion, uniformBlockQuestion } from './shape-questions.js';
import { SHAPES, groups, longestRun, runsOf, shapeOf, uniformBlocks } from './shapes.js';

const G = [
  [1, 1, 1, 0, 0],
  [0, 2, 0, 0, 1],
  [0, 0, 2, 0, 1],
  [1, 1, 0, 2, 0],
  [1, 1, 0, 0, 0],
];
const cells = (...rc: [number, number][]) => rc.map(([row, col]) => ({ row, col }));

describe('grid shapes', () => {
  it('finds straight runs in rows, columns and both diagonals', () => {
    expect(runsOf(G, 1, 3)).toEqual([{ from: { row: 0, col: 0 }, to: { row: 0, col: 2 } }]);
    expect(runsOf(G, 2, 3)).toEqual([{ from: { row: 1, col: 1 }, to: { row: 3, col: 3 } }]);
    expect(runsOf([[0, 0, 1], [0, 1, 0], [1, 0, 0]], 1, 3)).toEqual([{ from: { row: 0, col: 2 }, to: { row: 2, col: 0 } }]);
    expect([longestRun(G, 1), longestRun(G, 2), longestRun([[0]], 1)]).toEqual([3, 3, 0]);
  });

  it('finds uniform 2x2 blocks and connected groups', () => {
    expect(uniformBlocks(G, 2, 0)).toEqual(cells([3, 0]));
    expect(groups(G, (v) => v === 1, true).map((g) => g.length)).toEqual([3, 2, 4]);
    // The 2s touch only corner to corner: one group with diagonals, three without.
    expect(groups(G, (v) => v === 2, true)).toEqual([cells([1, 1], [2, 2], [3, 3])]);
    expect(groups(G, (v) => v === 2, false)).toHaveLength(3);
  });

  it('names the shape a group forms', () => {
    expect(shapeOf(cells([2, 2]))).toBe(SHAPES[0]);
    expect(shapeOf(cells([0, 0], [0, 1], [0, 2]))).toBe('a straight line along a row or column');
    expect(shapeOf(cells([1, 4], [2, 4]))).toBe('a straight line along a row or column');
    expect(shapeOf(cells([1, 1], [2, 2], [3, 3]))).toBe('a diagonal line');
    expect(shapeOf(cells([0, 2], [1, 1], [2, 0]))).toBe('a diagonal line');
    expect(shapeOf(cells([0, 0], [1, 0], [2, 0], [2, 1]))).toBe('an L');
    expect(shapeOf(cells([0, 1], [1, 1], [1, 0]))).toBe('an L');
    expect(shapeOf(cells([3, 0], [3, 1], [4, 0], [4, 1]))).toBe('a 2x2 square');
    expect(shapeOf(cells([0, 0], [0, 1], [0, 2], [1, 1]))).toBe('another shape');
    expect(shapeOf(cells([0, 0], [0, 2]))).toBe('another shape');
    expect(shapeOf(cells([0, 0], [1, 1], [3, 3]))).toBe('another shape');
  });
});

describe('shape questions', () => {
  it('asks which line exists, with three wrong segments that are not lines', () => {
    const q = runQuestion(G, 1, 3, 'ones', new Prng(1))!;
    expect(q.answer).toBe('a1-c1');
    expect(q.wrong).toHaveLength(3);
    expect(new Set(q.wrong).size).toBe(3);
    expect(q.wrong).not.toContain('a1-c1');
    expect(runQuestion(G, 2, 4, 'twos', new Prng(1))).toBeUndefined();
    expect(longestRunQuestion(G, 2, 'twos').answer).toBe('3');
  });

  it('asks which 2x2 block is uniform, offering none of these either way', () => {
    const q = uniformBlockQuestion(G, 0, 'pieces', new Prng(1))!;
    expect(q.answer).toBe('a4-b5');
    expect(q.wrong).toContain('none of these');
    const none = uniformBlockQuestion([[1, 2, 1], [2, 1, 2], [1, 2, 1]], 0, 'pieces', new Prng(1))!;
    expect(none.answer).toBe('none of these');
    expect(new Set(none.wrong).size).toBe(3);
    expect(none.wrong.every((w) => ['a1-b2', 'b1-c2', 'a2-b3', 'b2-c3'].includes(w))).toBe(true);
  });

  it('asks the shape of a group, the same for the same seed', () => {
    const q = groupShapeQuestion(G, 2, 'twos', new Prng(3))!;
    expect(q.answer).toBe('a diagonal line');
    expect(q.question).toMatch(/includes (b2|c3|d4) form\?$/);
    expect(q.wrong).toHaveLength(3);
    expect(groupShapeQuestion(G, 2, 'twos', new Prng(3))).toEqual(q);
    expect(groupShapeQuestion(G, 7, 'sevens', new Prng(3))).toBeUndefined();
  });

  it('asks about regions: how many, how large the largest, which cell lies in it', () => {
    const m = [
      [0, 0, -1, 0],
      [0, -1, -1, 0],
      [-1, -1, 0, 0],
    ];
    const [count, size, which] = regionQuestions(m, (v) => v !== -1, 'open cells', new Prng(2));
    expect(count!.answer).toBe('2');
    expect(size!.answer).toBe('4');
    expect(['d1', 'd2', 'd3', 'c3']).toContain(which!.answer);
    expect(which!.wrong.some((w) => ['d1', 'd2', 'd3', 'c3'].includes(w))).toBe(false);
    // Two regions of one size: no "which cell" question.
    expect(regionQuestions([[0, -1, 0]], (v) => v !== -1, 'open cells', new Prng(2))).toHaveLength(2);
  });
});
