import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/index.js';
import { parseEntrants } from './entrants.js';
import { bradleyTerry, meanInterval, normalQuantile, RATING_BASE, type PairGame } from './rating.js';
import { readRecords } from './results-log.js';
import { lineUps, schedule } from './schedule.js';
import { slot0Score } from './standings.js';

const games = (a: string, b: string, wins: number, draws: number, losses: number): PairGame[] => [
  ...Array.from({ length: wins }, () => ({ a, b, score: 1 })),
  ...Array.from({ length: draws }, () => ({ a, b, score: 0.5 })),
  ...Array.from({ length: losses }, () => ({ a, b, score: 0 })),
];

describe('tournament ratings', () => {
  it('orders agents by results and centres the ratings on the base', () => {
    const fit = bradleyTerry(['a', 'b', 'c'], [...games('a', 'b', 7, 1, 2), ...games('b', 'c', 6, 2, 2), ...games('a', 'c', 8, 0, 2)]);
    const [a, b, c] = ['a', 'b', 'c'].map((x) => fit.rating.get(x)!);
    expect(a).toBeGreaterThan(b!);
    expect(b).toBeGreaterThan(c!);
    expect((a! + b! + c!) / 3).toBeCloseTo(RATING_BASE, 6);
  });

  it('puts 400 points between two agents at 10:1 odds', () => {
    const fit = bradleyTerry(['a', 'b'], games('a', 'b', 1000, 0, 100), 0);
    expect(fit.rating.get('a')! - fit.rating.get('b')!).toBeCloseTo(400, 6);
  });

  it('keeps the rating finite for an agent that wins every game', () => {
    const fit = bradleyTerry(['a', 'b'], games('a', 'b', 4, 0, 0));
    expect(Number.isFinite(fit.rating.get('a')!)).toBe(true);
  });

  it('narrows the interval as games accumulate', () => {
    const width = (n: number): number => {
      const i = bradleyTerry(['a', 'b'], games('a', 'b', 3 * n, 0, n)).interval.get('a')!;
      return i.hi - i.lo;
    };
    expect(width(40)).toBeLessThan(width(4) / 2);
  });

  it('computes standard normal quantiles', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.005)).toBeCloseTo(-2.575829, 5);
  });

  it('brackets a mean with its bootstrap interval, reproducibly', () => {
    const values = [0.1, 0.4, 0.5, 0.9, 0.3];
    const m = meanInterval(values);
    expect(m.lo <= m.mean && m.mean <= m.hi).toBe(true);
    expect(meanInterval(values)).toEqual(m);
  });
});

describe('tournament schedule', () => {
  it('pairs every two different agents both ways in PvP', () => {
    expect(lineUps('pvp', ['a', 'b', 'c'])).toEqual([['a', 'b'], ['a', 'c'], ['b', 'a'], ['b', 'c'], ['c', 'a'], ['c', 'b']]);
  });

  it('adds self-play to the mixed pairs in Coop', () => {
    expect(lineUps('coop', ['a', 'b'])).toEqual([['a', 'a'], ['a', 'b'], ['b', 'a'], ['b', 'b']]);
  });

  it('gives each episode its own seed, the same for every line-up', () => {
    expect(schedule('pvp', ['a', 'b'], 2, 5).map((m) => m.key)).toEqual(['a vs b#0#5', 'b vs a#0#5', 'a vs b#1#6', 'b vs a#1#6']);
  });

  it('scores a match the gateway stopped by progress', () => {
    const player = (slot: number, progress: number) => ({ slot, label: String(slot), progress, score: 0, outcome: 'none' as const });
    const record = { key: '', setup: '', agents: ['x', 'y'], kinds: ['x', 'y'], episode: 0, seed: 1, reason: 'time_limit', simMs: 0, runId: '', dir: '', finishedAt: '' };
    expect(slot0Score({ ...record, players: [player(0, 0.6), player(1, 0.4)] })).toBe(1);
    expect(slot0Score({ ...record, players: [player(1, 0.5), player(0, 0.5)] })).toBe(0.5);
  });
});

describe('tournament inputs', () => {
  it('reads LABEL=KIND entries', () => {
    expect(parseEntrants('scripted, rnd=random')).toEqual([{ label: 'scripted', kind: 'scripted' }, { label: 'rnd', kind: 'random' }]);
  });

  it('refuses a label with a comma-unsafe or empty name', () => {
    expect(() => parseEntrants('a b=random')).toThrow(expect.objectContaining({ code: ErrorCode.BAD_CONFIG }));
  });

  it('refuses results made under another setup', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arena-results-'));
    try {
      const path = join(dir, 'results.jsonl');
      const record = { key: 'k', setup: 'sky_duel/origin pdq', agents: ['a', 'b'], kinds: ['a', 'b'], episode: 0, seed: 1, reason: 'fell', simMs: 1, players: [], runId: 'r', dir: 'd', finishedAt: 't' };
      writeFileSync(path, `${JSON.stringify(record)}\n`);
      expect(readRecords(path, 'sky_duel/origin pdq').records).toHaveLength(1);
      expect(() => readRecords(path, 'sky_duel/small pdq')).toThrow(expect.objectContaining({ code: ErrorCode.BAD_CONFIG }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
