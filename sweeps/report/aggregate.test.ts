import { describe, expect, it } from 'vitest';
import type { StoredEpisode } from '../store/results-store.js';
import { sweepTables } from './aggregate.js';

const conditions = (clock: string, latency: string, over: Record<string, unknown> = {}): Record<string, unknown> => ({
  clock,
  observationDelayMs: 2000,
  stepBudget: 20,
  timeLimitMs: 30_000,
  gateway: { version: '0.1.0', commit: 'abc' },
  agents: [{ slot: 0, kind: 'scripted', label: 'scripted', latency, latencyMeaning: latency }],
  ...over,
});

function episode(clock: 'pdq' | 'lcrt', latency: string, seed: number, progress: number, over: Record<string, unknown> = {}): StoredEpisode {
  const id = `${clock}-${latency}-${seed}`;
  return {
    job: { id, batch: 'b', cell: `${clock}-${latency}`, cellInfo: { game: 'last_stand', variant: 'origin', clock, latency, lineup: ['scripted'] }, episode: seed, seed, pool: 'default', agents: [{ slot: 0, label: 'scripted', kind: 'scripted' }] },
    outcome: {
      id,
      status: 'complete',
      reason: 'time_limit',
      episode: 'finished',
      simMs: 30_000,
      players: [{ slot: 0, label: 'scripted', progress, score: 0, outcome: 'none', decisions: 10, invalid: 0, failed: 0, wallMs: [], ttftMs: [], chargedMs: [], tokensIn: 0, tokensOut: 0 }],
      conditions: conditions(clock, clock === 'pdq' ? 'none' : latency, over),
      dir: `runs/${id}`,
      worker: 'local',
      wallMs: 1,
    },
    attempt: 1,
    finishedAt: '2026-12-01T00:00:00Z',
  };
}

describe('sweep tables: PDQ minus LCRT', () => {
  const pdq = [episode('pdq', 'none', 1, 0.8), episode('pdq', 'none', 2, 0.6)];

  it('compares arms whose declared conditions differ in the clock alone', () => {
    const t = sweepTables([...pdq, episode('lcrt', 'synthetic:500', 1, 0.5), episode('lcrt', 'synthetic:500', 2, 0.3)]);
    expect(t.refused).toEqual([]);
    expect(t.pdqLcrt).toHaveLength(1);
    expect(t.pdqLcrt[0]).toMatchObject({ latency: 'synthetic:500', pdq: 0.7, lcrt: 0.4, diff: 0.3 });
    expect(t.pdqLcrt[0]!.pooled).toBeUndefined();
  });

  it('refuses arms that differ in the observation delay too, and names it', () => {
    const t = sweepTables([...pdq, episode('lcrt', 'synthetic:500', 1, 0.5, { observationDelayMs: 0 })]);
    expect(t.pdqLcrt).toEqual([]);
    expect(t.refused).toEqual([{ comparison: 'pdq-lcrt', agent: 'scripted', game: 'last_stand', latency: 'synthetic:500', confounds: ['observationDelayMs'] }]);
  });

  it('pools the confounded arms when asked, and marks the row', () => {
    const t = sweepTables([...pdq, episode('lcrt', 'synthetic:500', 1, 0.5, { observationDelayMs: 0 }), episode('lcrt', 'synthetic:500', 2, 0.5, { observationDelayMs: 0 })], { pool: true });
    expect(t.refused).toEqual([]);
    expect(t.pdqLcrt[0]!.pooled).toEqual(['observationDelayMs']);
  });

  it('refuses episodes stored without declared conditions', () => {
    const old = episode('lcrt', 'synthetic:0', 1, 0.5);
    const { conditions: _c, ...outcome } = old.outcome;
    expect(sweepTables([...pdq, { ...old, outcome }]).refused[0]!.confounds).toEqual(['(undeclared)']);
  });
});
