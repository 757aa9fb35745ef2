import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArenaError, ErrorCode } from '../protocol/index.js';
import { resolveAttempt } from '../plans/index.js';
import { readTransferTable, TRANSFER_CSV_COLUMNS, transferCurve, type PlayerContext, type TransferTable } from '../reflection/index.js';
import { fastSettings, runTestCurve, skillPlayer, STAY, submit } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { tempRunsDir } from './support/run-dir.js';

type Played = PlayerContext & { skill: string };

async function failure(promise: Promise<unknown>): Promise<ArenaError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArenaError);
  return err as ArenaError;
}

describe('arena transfer on an existing curve', () => {
  let fake: FakeProvider;
  let tmp: { dir: string; cleanup: () => void };
  let dir: string;
  let curveJson: string;
  let table: TransferTable;
  const played: Played[] = [];

  beforeAll(async () => {
    fake = await startFakeProvider();
    tmp = tempRunsDir();
    dir = join(tmp.dir, 'curve');
    // Round 0 walks off the platform; round 1's skill stands still, so it is the best round.
    fake.script(submit(STAY));
    await runTestCurve(dir, fake, fastSettings({ rounds: 1, episodes: 1 }));
    curveJson = readFileSync(join(dir, 'curve.json'), 'utf8');
    table = await transferCurve({ dir, resolve: resolveAttempt, variants: ['ring', 'waves'], episodes: 2, makePlayer: skillPlayer(played).makePlayer });
  }, 180_000);

  afterAll(async () => {
    await fake.close();
    tmp.cleanup();
  });

  it('plays the best skill and no skill K times on each variant with paired seeds', () => {
    expect(table.bestRound).toBe(1);
    expect(table.skill).toBe(STAY);
    expect(table.variants.map((v) => v.variant)).toEqual(['ring', 'waves']);
    for (const v of table.variants) {
      expect(v.empty.episodes.map((e) => e.seed)).toEqual([1, 2]);
      expect(v.best.episodes.map((e) => e.seed)).toEqual([1, 2]);
    }
    expect(played.filter((p) => p.arm === 'best').every((p) => p.skill === STAY)).toBe(true);
    expect(played.filter((p) => p.arm === 'empty').every((p) => p.skill === '')).toBe(true);
    expect(played).toHaveLength(8);
  });

  it('records the gain per variant as best mean minus empty mean', () => {
    for (const v of table.variants) {
      expect(v.gain).toBeCloseTo(v.best.mean! - v.empty.mean!, 9);
      expect(v.gain!).toBeGreaterThan(0);
    }
    expect(table.finished).toBe(true);
  });

  it('writes transfer.json equal to the returned table and transfer.csv with a row per variant', () => {
    expect(readTransferTable(join(dir, 'transfer.json'))).toEqual(table);
    const csv = readFileSync(join(dir, 'transfer.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe(TRANSFER_CSV_COLUMNS.join(','));
    expect(csv.slice(1).map((row) => row.split(',')[0])).toEqual(['ring', 'waves']);
    expect(Number(csv[1]!.split(',')[6])).toBeCloseTo(table.variants[0]!.gain!, 5);
  });

  it('regenerates the plot and the summary with the transfer table', () => {
    const svg = readFileSync(join(dir, 'curve.svg'), 'utf8');
    expect(svg).toContain('arena transfer (skill of round 1, 2 ep./arm)');
    expect(svg).toContain('>waves</text>');
    expect(readFileSync(join(dir, 'summary.txt'), 'utf8')).toMatch(/^ring\s+\d\.\d{3}\s+\d\.\d{3}\s+\+\d\.\d{3}\s+4\/4$/m);
  });

  it('leaves curve.json as it was', () => {
    expect(readFileSync(join(dir, 'curve.json'), 'utf8')).toBe(curveJson);
  });

  it('keeps its episodes apart from the curve\'s, in a directory per variant, arm, best round and seed', () => {
    expect(table.variants[0]!.best.episodes[1]!.dir).toBe(join('transfer', 'ring', 'best-r1', 'seed-1', 'e1'));
    expect(readdirSync(join(dir, 'transfer', 'waves')).sort()).toEqual(['best-r1', 'empty']);
  });

  it('replays no finished episode when run again', async () => {
    const again: Played[] = [];
    const before = readFileSync(join(dir, 'transfer', 'ring', 'empty', 'seed-1', 'e0', 'run.json'), 'utf8');
    const second = await transferCurve({ dir, resolve: resolveAttempt, variants: ['ring', 'waves'], episodes: 2, makePlayer: skillPlayer(again).makePlayer });
    expect(again).toEqual([]);
    expect(second.variants).toEqual(table.variants);
    expect(readFileSync(join(dir, 'transfer', 'ring', 'empty', 'seed-1', 'e0', 'run.json'), 'utf8')).toBe(before);
  }, 60_000);

  it('adopts the episodes an earlier transfer played when asked for a subset of them', async () => {
    const again: Played[] = [];
    const subset = await transferCurve({ dir, resolve: resolveAttempt, variants: ['waves'], episodes: 1, makePlayer: skillPlayer(again).makePlayer });
    expect(again).toEqual([]);
    expect(subset.variants[0]!.best.episodes).toEqual([table.variants[1]!.best.episodes[0]]);
    expect(readTransferTable(join(dir, 'transfer.json'))?.variants.map((v) => v.variant)).toEqual(['waves']);
  }, 60_000);

  it('plays a transfer with another seed in its own run directories', async () => {
    const other: Played[] = [];
    const seeded = await transferCurve({ dir, resolve: resolveAttempt, variants: ['waves'], episodes: 1, seed: 7, makePlayer: skillPlayer(other).makePlayer });
    expect(other.map((p) => [p.arm, p.seed])).toEqual([['empty', 7], ['best', 7]]);
    expect(seeded.variants[0]!.best.episodes[0]!.dir).toBe(join('transfer', 'waves', 'best-r1', 'seed-7', 'e0'));
  }, 60_000);

  it('refuses an unknown variant with UNKNOWN_VARIANT', async () => {
    const err = await failure(transferCurve({ dir, resolve: resolveAttempt, variants: ['ring', 'moon'], episodes: 1, makePlayer: skillPlayer().makePlayer }));
    expect(err.code).toBe(ErrorCode.UNKNOWN_VARIANT);
  });

  it('refuses the variant the skill was learned on with BAD_CONFIG', async () => {
    const err = await failure(transferCurve({ dir, resolve: resolveAttempt, variants: ['origin'], episodes: 1, makePlayer: skillPlayer().makePlayer }));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('refuses zero episodes with BAD_CONFIG', async () => {
    const err = await failure(transferCurve({ dir, resolve: resolveAttempt, variants: ['ring'], episodes: 0, makePlayer: skillPlayer().makePlayer }));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('refuses a directory without a curve with BAD_CONFIG naming where it looked', async () => {
    const err = await failure(transferCurve({ dir: join(tmp.dir, 'nothing'), variants: ['ring'], episodes: 1, resolve: resolveAttempt, makePlayer: skillPlayer().makePlayer }));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.details?.['looked']).toEqual([resolve(tmp.dir, 'nothing', 'curve.json')]);
  });
});
