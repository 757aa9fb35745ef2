import { beforeAll, describe, expect, it } from 'vitest';
import { RandomAgent } from '../../../agents/index.js';
import { createHandoffRunPolicy } from './index.js';
import { WorkshopState } from '../../workshop/index.js';
import { handoffRunGame } from '../game.js';
import { getGame } from '../../../games-manifest/index.js';
import { playPdqMulti } from '../../../tests/support/pdq-driver-multi.js';
import { itReadsGameState } from '../../../tests/support/policy-suite.js';
import { itFillsHeldOutOrders, itOutscoresIdleTeammate, meanOf, playSeeds, playTeams, teamMeans } from '../../../tests/support/workshop-play.js';

const SEEDS = [1, 2];

describe('scripted handoff_run policy', () => {
  const means = { pair: 0, idleSecond: 0, idleFirst: 0, random: 0 };

  beforeAll(async () => {
    Object.assign(means, teamMeans(await playTeams(handoffRunGame, SEEDS, createHandoffRunPolicy)));
    means.random = meanOf(await playSeeds(handoffRunGame, SEEDS, (seed) => [new RandomAgent(seed), new RandomAgent(seed + 100)]), 0);
  }, 90_000);

  itReadsGameState(handoffRunGame, WorkshopState);

  itOutscoresIdleTeammate(means, 0.5);

  it('scores clearly more than two random players', () => {
    expect(means.pair).toBeGreaterThan(means.random + 0.5);
  });

  it('hands parts across the transfer points: the supply side places, the counter side submits', async () => {
    const sim = handoffRunGame.create({ seed: 3, variant: 'origin', slots: [0, 1] });
    await playPdqMulti(sim, getGame('handoff_run'), [{ slot: 0, agent: createHandoffRunPolicy() }, { slot: 1, agent: createHandoffRunPolicy() }], { stepBudget: 40 });
    const events = sim.drainEvents();
    expect(events.filter((e) => e.name === 'placed_item' && e.slot === 0).length).toBeGreaterThan(5);
    expect(events.filter((e) => e.name === 'order_submitted' && e.slot === 1).length).toBeGreaterThan(5);
  });

  itFillsHeldOutOrders(handoffRunGame, 'fills most orders as a pair on held-out variant %s', () => [createHandoffRunPolicy(), createHandoffRunPolicy()]);
});
