/**
 * kill -9 of the coordinator halfway through a sweep on Redis, then a resume: every episode is stored once and
 * played once over all workers (outcomes that came back while no coordinator listened are collected, not
 * replayed), and the table is the one an embedded run of the same spec gives. The 10,000-episode version of
 * this is a bench figure, not a test.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runArena, startArena } from './support/arena-process.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';
import { resultTables, smallSpec, startWorkers, stopAll, storedRows, until, writeSpec } from './support/sweep-fixtures.js';

const EPISODES = 12;

describe.skipIf(redisMissing() !== undefined)('resume after kill -9 of the coordinator', () => {
  let redis: TestRedis;
  let tmp: string;

  beforeAll(async () => {
    redis = await startRedis();
    tmp = mkdtempSync(join(tmpdir(), 'arena-once-'));
  }, 30_000);

  afterAll(async () => {
    await redis?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const killedAndResumed = async (placement: string): Promise<void> => {
    const pool = `once-${placement}`;
    const text = `${smallSpec({ pool, episodes: 3, steps: 2 })}placement: ${placement}\n`;
    const ref = await runArena(['sweep', writeSpec(tmp, `ref-${placement}.yaml`, text.replace(`pool: ${pool}`, 'pool: default')), '--out', join(tmp, `ref-${placement}`), '--quiet', '--parallel', '2']);
    expect(ref.code, ref.stderr).toBe(0);
    // No worker dies here: a long job lock keeps a loaded machine's late lock renewal from handing an episode on
    // (a stall, logged, which plays it twice by design) and so from hiding or faking a coordinator race.
    const fleet = await startWorkers(redis.url, [`${pool}-w0`, `${pool}-w1`], ['--pool', pool, '--slots', '2', '--lock-ms', '30000']);
    try {
      const out = join(tmp, pool);
      const spec = writeSpec(tmp, `${pool}.yaml`, text);
      const first = startArena(['sweep', spec, '--out', out, '--quiet', '--redis', redis.url, '--lock-ms', '1500']);
      await until(() => storedRows(out).length >= EPISODES / 2, 120_000, 'half the episodes stored');
      first.child.kill('SIGKILL');
      await first.exited;
      const second = await runArena(['sweep', spec, '--out', out, '--quiet', '--redis', redis.url, '--lock-ms', '1500']);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).toContain(`placement ${placement}`);
      const rows = storedRows(out);
      expect(rows).toHaveLength(EPISODES);
      expect(new Set(rows.map((r) => r.id)).size).toBe(EPISODES);
      // Nothing orphaned: a run directory for each stored episode and no other.
      expect(readdirSync(join(out, 'runs')).sort()).toEqual(rows.map((r) => r.id).sort());
      await stopAll(fleet);
      const logs = await Promise.all(fleet.map(async (p) => (await p.exited).stderr));
      const played = logs.flatMap((l) => [...l.matchAll(/: (\S+) \(attempt 0\) starts/g)].map((m) => m[1]!));
      expect(played.sort(), logs.flatMap((l) => l.split('\n').filter((x) => x.includes('stalled'))).join('\n')).toEqual(rows.map((r) => r.id).sort());
      expect(resultTables(out)).toEqual(resultTables(join(tmp, `ref-${placement}`)));
    } finally {
      await stopAll(fleet, true);
    }
  };

  it('placement fifo: killed at half, resumed: each episode played once and stored once, the same table', () => killedAndResumed('fifo'), 300_000);

  // Under affinity an outcome taken while the resumed coordinator adopts what its predecessor placed used to be
  // placed, and played, a second time: the adoption counted it in flight, its delivery took it out again, and the
  // list of what was left was made after both.
  it('placement affinity: killed at half, resumed: each episode played once and stored once, the same table', () => killedAndResumed('affinity'), 300_000);
});
