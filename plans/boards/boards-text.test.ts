import { describe, expect, it } from 'vitest';
import { boardsText } from './boards-text.js';

describe('arena boards output', () => {
  it('names what an offline score is, puts the model beside the random floor, and says when no model was scored', () => {
    expect(boardsText('rule', 'chess', 3, 1, [{ player: 'random', score: 0 }]).split('\n')).toEqual([
      'rule chess: 3 samples, seed 1; score: share of answers naming a legal move (checked by the game)',
      'player              score',
      'random (the floor)  0.000',
      'no model scored: --model M --base-url URL scores one beside the random floor',
    ]);
    const both = boardsText('qa', 'gomoku', 3, 1, [{ player: 'model', score: 2 / 3 }, { player: 'random', score: 1 / 3 }]);
    expect(both).toContain('model               0.667');
    expect(both).not.toContain('no model scored');
  });
});
