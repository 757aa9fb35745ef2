import { beforeAll, describe, expect, it } from 'vitest';
import { RandomAgent } from '../../../agents/index.js';
import { createMidlineClashPolicy } from './index.js';
import { WorkshopState } from '../../workshop/index.js';
import { midlineClashGame } from '../game.js';
import type { PdqMultiResult } from '../../../tests/support/pdq-driver-multi.js';
import { itReadsGameState } from '../../../tests/support/policy-suite.js';
import { meanOf, playSeeds } from '../../../tests/support/workshop-play.js';

const SEEDS = [1, 2, 3, 4, 5];

describe('scripted midline_clash policy', () => {
  /** Scripted in slot 0 against random in slot 1, then the other way round. */
  const games: { scripted: number; results: PdqMultiResult[] }[] = [];

  beforeAll(async () => {
    games.push({ scripted: 0, results: await playSeeds(midlineClashGame, SEEDS, (seed) => [createMidlineClashPolicy(), new RandomAgent(seed)]) });
    games.push({ scripted: 1, results: await playSeeds(midlineClashGame, SEEDS, (seed) => [new RandomAgent(seed), createMidlineClashPolicy()]) });
  }, 60_000);

  itReadsGameState(midlineClashGame, WorkshopState);

  it('beats a random rival in clearly more matches than it loses, from either side', () => {
    for (const { scripted, results } of games) {
      const wins = results.filter((r) => r.outcomes.get(scripted) === 'win').length;
      const losses = results.filter((r) => r.outcomes.get(scripted) === 'loss').length;
      expect(wins - losses).toBeGreaterThanOrEqual(SEEDS.length - 1);
    }
  });

  it('takes clearly more than half of the points scored against a random rival', () => {
    for (const { scripted, results } of games) expect(meanOf(results, scripted)).toBeGreaterThan(0.8);
  });

  it('splits a mirror match roughly evenly', async () => {
    const results = await playSeeds(midlineClashGame, [1, 2, 3, 4], () => [createMidlineClashPolicy(), createMidlineClashPolicy()]);
    expect(meanOf(results, 0)).toBeGreaterThan(0.3);
    expect(meanOf(results, 0)).toBeLessThan(0.7);
    expect(results.every((r) => (r.score.get(0) ?? 0) + (r.score.get(1) ?? 0) > 0)).toBe(true);
  });
});
