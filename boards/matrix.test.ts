import { describe, expect, it } from 'vitest';
import { cellAccuracy, parseMatrix } from './matrix.js';

const truth = [
  [0, 1, 2],
  [2, 0, 1],
  [1, 1, 0],
];

describe('perceive scorer', () => {
  it('scores a right matrix 1 and a partly right one by the share of equal cells', () => {
    expect(cellAccuracy('<|action_start|>[[0,1,2],[2,0,1],[1,1,0]]<|action_end|>', truth).accuracy).toBe(1);
    expect(cellAccuracy('The board: <|action_start|>[[0,1,2],[2,0,1],[0,0,0]]<|action_end|>', truth).accuracy).toBeCloseTo(7 / 9);
    // Without markers the matrix is read from the answer itself.
    expect(cellAccuracy('[[0,1,2],[2,0,1],[1,1,0]]', truth).accuracy).toBe(1);
  });

  it.each([
    ['no matrix at all', 'NO_MATRIX', 'I see a board.'],
    ['broken JSON', 'MALFORMED', '<|action_start|>[[0,1,2],[2,0,1],[1,1,0]<|action_end|>'],
    ['letters for cells', 'MALFORMED', '<|action_start|>[["X","O","."],[0,0,0],[0,0,0]]<|action_end|>'],
    ['fractions', 'MALFORMED', '<|action_start|>[[0.5,1,2],[2,0,1],[1,1,0]]<|action_end|>'],
    ['a flat list', 'MALFORMED', '<|action_start|>[0,1,2,2,0,1,1,1,0]<|action_end|>'],
    ['too few rows', 'BAD_SHAPE', '<|action_start|>[[0,1,2],[2,0,1]]<|action_end|>'],
    ['a short row', 'BAD_SHAPE', '<|action_start|>[[0,1,2],[2,0],[1,1,0]]<|action_end|>'],
    ['a long row (repeated output)', 'BAD_SHAPE', '<|action_start|>[[0,1,2,2,2,2],[2,0,1],[1,1,0]]<|action_end|>'],
  ])('scores %s 0 with reason %s', (_name, reason, answer) => {
    const scored = cellAccuracy(answer, truth);
    expect(scored.accuracy).toBe(0);
    expect(scored.parse).toMatchObject({ ok: false, reason });
  });

  it('reads the last action block when the model quotes the format first', () => {
    const answer = 'Format is <|action_start|>[[0]]<|action_end|>. Mine: <|action_start|>[[0,1,2],[2,0,1],[1,1,0]]<|action_end|>';
    expect(parseMatrix(answer, 3, 3)).toMatchObject({ ok: true });
  });
});
