import { describe, expect, it } from 'vitest';
import type { StoredEpisode } from '../store/results-store.js';
import { sweepTables } from './aggregate.js';

/** A stored two-player episode whose players made `progress`, with the benchmark score when it was played under the profile. */
function stored(id: string, game: string, progress: [number, number], benchmark?: number[]): StoredEpisode {
  const player = (slot: number, p: number) => ({ slot, label: `p${slot}`, progress: p, score: p, outcome: 'none' as const, decisions: 3, invalid: 0, failed: 0, wallMs: [], ttftMs: [], chargedMs: [], tokensIn: 0, tokensOut: 0 });
  return {
    job: {
      id,
      batch: 'b',
      cell: game,
      cellInfo: { game, variant: 'origin', clock: 'pdq', latency: 'none', lineup: ['a', 'b'] },
      episode: 0,
      seed: 1,
      pool: 'local',
      agents: [
        { slot: 0, label: 'a', kind: 'random' },
        { slot: 1, label: 'b', kind: 'random' },
      ],
      ...(benchmark ? { profile: 'omnigamearena' as const } : {}),
    },
    outcome: { id, status: 'complete', reason: 'step_budget', simMs: 1000, players: [player(0, progress[0]), player(1, progress[1])], ...(benchmark ? { benchmark } : {}), dir: id, worker: 'local', wallMs: 1 },
    attempt: 1,
    finishedAt: '2026-12-01T00:00:00Z',
  };
}

describe('sweep tables under the omnigamearena profile', () => {
  it("rate each seat by its benchmark score, unclamped, a Coop team's sum for both seats", () => {
    const tables = sweepTables([stored('e1', 'sky_duel', [1, 0], [12.5, 3]), stored('e2', 'shared_floor', [1, 1], [40])]);
    const mean = (agent: string, game: string): number | undefined => tables.cells.find((c) => c.agent === agent && c.game === game)?.meanProgress;
    expect([mean('a', 'sky_duel'), mean('b', 'sky_duel'), mean('a', 'shared_floor'), mean('b', 'shared_floor')]).toEqual([12.5, 3, 40, 40]);
  });

  it('keep our progress for episodes played under our own profile', () => {
    const tables = sweepTables([stored('e3', 'sky_duel', [0.25, 0.75])]);
    expect(tables.cells.map((c) => c.meanProgress)).toEqual([0.25, 0.75]);
    expect(tables.measure).toBeUndefined();
  });

  it('refuse a batch that mixes episodes under both profiles, with or without pooling', () => {
    const mixed = [stored('e4', 'sky_duel', [1, 0], [12.5, 3]), stored('e5', 'sky_duel', [0.25, 0.75])];
    for (const pool of [false, true]) expect(() => sweepTables(mixed, { pool })).toThrow(/BAD_CONFIG|not one measure/);
    expect(sweepTables([mixed[0]!]).measure).toBe('benchmark');
  });
});
