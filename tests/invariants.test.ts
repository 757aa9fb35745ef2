/**
 * The invariants the gateway proves, on every real-time reference game under both profiles, through the same
 * code `arena audit` runs: lcrt charged 0 ms gives pdq's record exactly (frames, events, progress, result) for a
 * deterministic agent; lcrt charged L ms charges exactly L per decision and runs every advance exactly; every
 * run re-simulates bit for bit; a PvP game gives the mirrored result with the seats swapped. Then, on real processes: the same episode played by a Redis worker and through
 * `arena bridge` matches the embedded one, and `arena audit` prints its table and exits 1 on a failure.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame, listGames } from '../games-manifest/index.js';
import { resimulate } from '../gateway/index.js';
import { readSweepTables } from '../sweeps/index.js';
import { runAudit, type AuditTarget } from '../plans/index.js';
import { firstDifference } from '../plans/index.js';
import { runArena, type ArenaProcess } from './support/arena-process.js';
import { launchInProcess } from './support/in-process-game.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';
import { startWorkers, stopAll, writeSpec } from './support/sweep-fixtures.js';

const GAMES = listGames().filter((g) => g.regime !== 'turn-based' && g.launch.kind === 'builtin').map((g) => g.id);
const target = (game: string, profile: AuditTarget['profile']): AuditTarget => ({ game, profile, agent: 'scripted', steps: 6, seed: 3, latencyMs: 700 });

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'arena-invariants-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('invariants on every reference game', () => {
  it('covers the twelve real-time reference games', () => {
    expect(GAMES).toHaveLength(12);
  });

  for (const profile of ['default', 'omnigamearena'] as const) {
    it.each(GAMES)(`%s under the ${profile} profile: lcrt at 0 is pdq, lcrt at L charges L, every run replays`, async (game) => {
      const rows = await runAudit({ targets: [target(game, profile)], dir: join(tmp, `${game}-${profile}`), launch: launchInProcess });
      const pvp = getGame(game).regime === 'pvp';
      expect(rows.map((r) => r.check)).toEqual(['lcrt charged 0 ms is pdq, record for record', 'lcrt charged 700 ms charges exactly that', 'every run re-simulates bit for bit', ...(pvp ? ['swapped seats give the mirrored result'] : [])]);
      for (const r of rows) expect(r.pass, `${r.check}: ${r.detail}`).toBe(true);
    });
  }
});

describe('the latency study', () => {
  it('reads PDQ minus LCRT of exactly 0 at 0 ms charged and more at 1500 ms, and every episode re-simulates', async () => {
    // The shipped example's environment (examples/sweep-latency.yaml), on one game and agent.
    const spec = writeSpec(tmp, 'latency.yaml', ['name: latency', 'games: [last_stand]', 'agents: [{ label: scripted, kind: scripted }]', 'clocks: [pdq, lcrt]', 'latencies: [synthetic:0, synthetic:1500]', 'episodes: 2', 'seed: 1', 'match: { steps: 20, timeLimitMs: 30000 }', ''].join('\n'));
    const out = join(tmp, 'latency');
    const r = await runArena(['sweep', spec, '--out', out, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const t = readSweepTables(out);
    expect(t.refused).toEqual([]);
    const at = (latency: string): number => t.pdqLcrt.find((d) => d.latency === latency)!.diff;
    expect(at('synthetic:0')).toBe(0);
    expect(at('synthetic:1500')).toBeGreaterThan(0);
    const dirs = readdirSync(join(out, 'runs'));
    expect(dirs).toHaveLength(6);
    for (const d of dirs) expect((await resimulate(join(out, 'runs', d))).mismatch, d).toBeUndefined();
  }, 300_000);
});

describe('firstDifference', () => {
  it('names the first differing path, so a failing check says where', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe('a[1].b: 2 != 3');
    expect(firstDifference([1, 2], [1])).toBe(': 2 entries != 1');
    expect(firstDifference({ x: 1 }, { x: 1 })).toBeUndefined();
  });
});

describe.skipIf(redisMissing() !== undefined)('the same episode on a Redis worker and through arena bridge', () => {
  let redis: TestRedis;
  let workers: ArenaProcess[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    workers = await startWorkers(redis.url, ['audit-w0'], ['--slots', '1']);
  }, 120_000);

  afterAll(async () => {
    await stopAll(workers);
    await redis?.stop();
  });

  it('arena audit passes on a worker and a bridge for a PvP game, and prints its table', async () => {
    const r = await runArena(['audit', '--game', 'sky_duel', '--steps', '4', '--redis', redis.url, '--bridge', '--out', join(tmp, 'fleet')]);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    for (const check of ['a Redis worker plays it alike', 'arena bridge plays it alike', 'lcrt charged 0 ms is pdq, record for record']) {
      expect(r.stdout).toMatch(new RegExp(`sky_duel +default +${check} +pass`));
    }
    expect(r.stdout).toMatch(/^6 passed, 0 failed$/m);
  }, 300_000);
});

describe('arena audit', () => {
  it('fails a check and names the first difference when the game is not deterministic', async () => {
    // A game that plays each launch under another seed: pdq and lcrt at 0 ms then see different worlds.
    let launches = 0;
    const drifting: typeof launchInProcess = async (entry, options) => {
      const endpoint = await launchInProcess(entry, options);
      const reset = endpoint.client.reset.bind(endpoint.client);
      const shift = launches++;
      endpoint.client.reset = (seed, ...rest) => reset(seed + shift, ...rest);
      return endpoint;
    };
    const rows = await runAudit({ targets: [target('last_stand', 'default')], dir: join(tmp, 'drift'), launch: drifting });
    const zero = rows.find((r) => r.check === 'lcrt charged 0 ms is pdq, record for record')!;
    expect(zero.pass).toBe(false);
    expect(zero.detail).toMatch(/^(decisions|events|progress|result)\[?\d*\]?\.?[\w.[\]]*: .+ != .+/);
  });

  it('refuses a latency that is not a whole number of ms with BAD_CONFIG', async () => {
    const r = await runArena(['audit', '--game', 'last_stand', '--steps', '2', '--latency=-1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/BAD_CONFIG: --latency takes a non-negative whole number \(got '-1'\)/);
  });

  it('refuses an unknown game with UNKNOWN_GAME', async () => {
    const r = await runArena(['audit', '--game', 'no_such_game']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/UNKNOWN_GAME/);
  });
});
