import { beforeAll, describe, expect, it } from 'vitest';
import { createHandoffRunPolicy, IdleAgent, RandomAgent, WorkshopView } from '../agents/index.js';
import { handoffRunGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { playPdqMulti } from './support/pdq-driver-multi.js';
import { meanOf, playSeeds } from './support/workshop-play.js';

const SEEDS = [1, 2];

describe('scripted handoff_run policy', () => {
  const means = { pair: 0, idleSecond: 0, idleFirst: 0, random: 0 };

  beforeAll(async () => {
    means.pair = meanOf(await playSeeds(handoffRunGame, SEEDS, () => [createHandoffRunPolicy(), createHandoffRunPolicy()]), 0);
    means.idleSecond = meanOf(await playSeeds(handoffRunGame, SEEDS, () => [createHandoffRunPolicy(), new IdleAgent()]), 0);
    means.idleFirst = meanOf(await playSeeds(handoffRunGame, SEEDS, () => [new IdleAgent(), createHandoffRunPolicy()]), 0);
    means.random = meanOf(await playSeeds(handoffRunGame, SEEDS, (seed) => [new RandomAgent(seed), new RandomAgent(seed + 100)]), 0);
  }, 90_000);

  it('reads the state the game emits', () => {
    expect(WorkshopView.safeParse(handoffRunGame.create({ seed: 1, variant: 'origin', slots: [0, 1] }).state()).success).toBe(true);
  });

  it('scores clearly more as two scripted players than one scripted player beside an idle one', () => {
    expect(means.pair).toBeGreaterThan(means.idleSecond + 0.5);
    expect(means.pair).toBeGreaterThan(means.idleFirst + 0.5);
  });

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

  it.each(['bench_first', 'single_pass', 'mirrored'])('fills most orders as a pair on held-out variant %s', async (variant) => {
    const results = await playSeeds(handoffRunGame, [1], () => [createHandoffRunPolicy(), createHandoffRunPolicy()], variant);
    expect(meanOf(results, 0)).toBeGreaterThan(0.6);
  }, 30_000);
});
