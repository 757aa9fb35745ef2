import { beforeAll, describe, expect, it } from 'vitest';
import { createSharedFloorPolicy, IdleAgent, WorkshopView } from '../agents/index.js';
import { sharedFloorGame } from '../games/index.js';
import { meanOf, playSeeds } from './support/workshop-play.js';

const SEEDS = [1, 2, 3];

describe('scripted shared_floor policy', () => {
  const means = { pair: 0, idleSecond: 0, idleFirst: 0 };
  const scores = { pair: [0, 0] };

  beforeAll(async () => {
    const pair = await playSeeds(sharedFloorGame, SEEDS, () => [createSharedFloorPolicy(), createSharedFloorPolicy()]);
    means.pair = meanOf(pair, 0);
    scores.pair = [0, 1].map((slot) => pair.reduce((s, r) => s + (r.score.get(slot) ?? 0), 0));
    means.idleSecond = meanOf(await playSeeds(sharedFloorGame, SEEDS, () => [createSharedFloorPolicy(), new IdleAgent()]), 0);
    means.idleFirst = meanOf(await playSeeds(sharedFloorGame, SEEDS, () => [new IdleAgent(), createSharedFloorPolicy()]), 0);
  }, 60_000);

  it('reads the state the game emits', () => {
    expect(WorkshopView.safeParse(sharedFloorGame.create({ seed: 1, variant: 'origin', slots: [0, 1] }).state()).success).toBe(true);
  });

  it('scores clearly more as two scripted players than one scripted player beside an idle one', () => {
    expect(means.pair).toBeGreaterThan(means.idleSecond + 0.25);
    expect(means.pair).toBeGreaterThan(means.idleFirst + 0.25);
  });

  it('works alone when its teammate idles', () => {
    expect(means.idleSecond).toBeGreaterThan(0.25);
    expect(means.idleFirst).toBeGreaterThan(0.25);
  });

  it('shares the work: both teammates submit a good part of the points', () => {
    const [a, b] = scores.pair;
    expect(Math.min(a!, b!) / (a! + b!)).toBeGreaterThan(0.3);
  });

  it.each(['crossover', 'galley', 'one_bench', 'rush_hour'])('fills most orders as a pair on held-out variant %s', async (variant) => {
    const results = await playSeeds(sharedFloorGame, [1], () => [createSharedFloorPolicy(), createSharedFloorPolicy()], variant);
    expect(meanOf(results, 0)).toBeGreaterThan(0.6);
  });
});
