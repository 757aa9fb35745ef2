import { beforeAll, describe, expect, it } from 'vitest';
import { IdleAgent, RandomAgent } from '../../../agents/index.js';
import { createSoloCraftPolicy } from './index.js';
import { WorkshopState } from '../../workshop/index.js';
import { soloCraftGame } from '../game.js';
import { getGame } from '../../../games-manifest/index.js';
import type { Decision } from '../../../protocol/index.js';
import { expectLegalChunks, itIdlesWithoutState, itReadsGameState, recording } from '../../../tests/support/policy-suite.js';
import { itFillsHeldOutOrders, meanOf, playSeeds } from '../../../tests/support/workshop-play.js';

const SEEDS = [1, 2, 3];
const controls = getGame('solo_craft').controls;

describe('scripted solo_craft policy', () => {
  const means = { idle: 0, random: 0, scripted: 0 };

  beforeAll(async () => {
    means.idle = meanOf(await playSeeds(soloCraftGame, SEEDS, () => [new IdleAgent()]), 0);
    means.random = meanOf(await playSeeds(soloCraftGame, SEEDS, (seed) => [new RandomAgent(seed)]), 0);
    means.scripted = meanOf(await playSeeds(soloCraftGame, SEEDS, () => [createSoloCraftPolicy()]), 0);
  });

  itReadsGameState(soloCraftGame, WorkshopState);

  it('scores far more than an idle player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.idle + 0.5);
  });

  it('scores far more than a random player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.random + 0.5);
  });

  itFillsHeldOutOrders(soloCraftGame, 'fills most orders on held-out variant %s', () => [createSoloCraftPolicy()]);

  it('answers only chunks the control set allows, tapping F', async () => {
    const decisions: Decision[] = [];
    await playSeeds(soloCraftGame, [2], () => [recording(createSoloCraftPolicy(), decisions)]);
    expectLegalChunks(decisions, controls, 100, 'F');
  });

  itIdlesWithoutState(createSoloCraftPolicy, controls);
});
