import { beforeAll, describe, expect, it } from 'vitest';
import { createSharedFloorPolicy } from './index.js';
import { WorkshopState } from '../../workshop/index.js';
import { sharedFloorGame } from '../game.js';
import { itReadsGameState } from '../../../tests/support/policy-suite.js';
import { itFillsHeldOutOrders, itOutscoresIdleTeammate, playTeams, teamMeans } from '../../../tests/support/workshop-play.js';

const SEEDS = [1, 2, 3];

describe('scripted shared_floor policy', () => {
  const means = { pair: 0, idleSecond: 0, idleFirst: 0 };
  const scores = { pair: [0, 0] };

  beforeAll(async () => {
    const runs = await playTeams(sharedFloorGame, SEEDS, createSharedFloorPolicy);
    Object.assign(means, teamMeans(runs));
    scores.pair = [0, 1].map((slot) => runs.pair.reduce((s, r) => s + (r.score.get(slot) ?? 0), 0));
  }, 60_000);

  itReadsGameState(sharedFloorGame, WorkshopState);

  itOutscoresIdleTeammate(means, 0.25);

  it('works alone when its teammate idles', () => {
    expect(means.idleSecond).toBeGreaterThan(0.25);
    expect(means.idleFirst).toBeGreaterThan(0.25);
  });

  it('shares the work: both teammates submit a good part of the points', () => {
    const [a, b] = scores.pair;
    expect(Math.min(a!, b!) / (a! + b!)).toBeGreaterThan(0.3);
  });

  itFillsHeldOutOrders(sharedFloorGame, 'fills most orders as a pair on held-out variant %s', () => [createSharedFloorPolicy(), createSharedFloorPolicy()]);
});
