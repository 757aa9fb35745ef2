import { describe, expect, it } from 'vitest';
import { describeWorkshopGame } from '../../tests/support/workshop-suite.js';
import { WorkshopState } from '../workshop/index.js';
import { soloCraftGame } from './index.js';

describeWorkshopGame(soloCraftGame);

describe('solo_craft', () => {
  it('has one player and scores points / points available', () => {
    const sim = soloCraftGame.create({ seed: 1, variant: 'origin', slots: [0] });
    const state = WorkshopState.parse(sim.state());
    expect(state.players).toHaveLength(1);
    expect(state.points.available).toBeGreaterThan(0);
    expect(sim.progress()).toEqual([{ slot: 0, progress: 0, score: 0 }]);
  });

  it('ends with no outcome at the time limit', () => {
    const sim = soloCraftGame.create({ seed: 1, variant: 'rush', slots: [0] });
    while (sim.ended() === undefined) sim.tick();
    expect(sim.ended()).toEqual({ reason: 'time_limit', outcomes: [{ slot: 0, result: 'none' }] });
  });
});
