/**
 * Sweeps on the embedded backend and on Redis with real worker processes: one conformance suite for every
 * backend (same results table as a reference run, resume plays nothing, budgets stop cleanly), then faults: kill -9
 * of the embedded coordinator mid-sweep, and Redis stopped for good mid-sweep. Faults on Redis under both placements
 * (kill -9 of a worker, a worker restarted under its name, Redis restarted) are tests/sweeps-faults.test.ts, kill -9
 * of the Redis coordinator tests/sweeps-resume-once.test.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArenaProcess } from './support/arena-process.js';
import { runArena, startArena } from './support/arena-process.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';
import { resultTables, smallSpec, startWorkers, stopAll, storedRows, until, writeSpec } from './support/sweep-fixtures.js';

const missing = redisMissing();
const EPISODES = 8;

describe.skipIf(missing !== undefined)('sweeps on every backend', () => {
  let tmp: string;
  let redis: TestRedis;
  let reference: unknown;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'arena-sweeps-'));
    redis = await startRedis();
    const spec = writeSpec(tmp, 'ref.yaml', smallSpec());
    const ref = await runArena(['sweep', spec, '--out', join(tmp, 'ref'), '--quiet']);
    expect(ref.code, ref.stderr).toBe(0);
    reference = resultTables(join(tmp, 'ref'));
  }, 120_000);

  afterAll(async () => {
    await redis?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('the reference run stores every episode once with its run directory', () => {
    const rows = storedRows(join(tmp, 'ref'));
    expect(rows).toHaveLength(EPISODES);
    expect(new Set(rows.map((r) => r.id)).size).toBe(EPISODES);
    for (const r of rows) expect(existsSync(join(tmp, 'ref', 'runs', r.id, 'run.json'))).toBe(true);
    const t = reference as { cells: { clock: string; meanChargedMs: number }[] };
    expect(t.cells).toHaveLength(4);
    expect(t.cells.filter((c) => c.clock === 'lcrt').every((c) => c.meanChargedMs > 0)).toBe(true);
  });

  // One conformance suite, three ways to run it.
  const backends: { name: string; workers: number; slots: number; args: (r: TestRedis) => string[] }[] = [
    { name: 'embedded, 2 at once', workers: 0, slots: 0, args: () => ['--parallel', '2'] },
    { name: 'redis, 1 worker', workers: 1, slots: 2, args: (r) => ['--redis', r.url, '--lock-ms', '1500'] },
    { name: 'redis, 3 workers', workers: 3, slots: 1, args: (r) => ['--redis', r.url, '--lock-ms', '1500'] },
  ];
  describe.each(backends)('conformance: $name', ({ name, workers, slots, args }) => {
    const pool = name.replace(/[^a-z0-9]+/g, '-');
    let fleet: ArenaProcess[] = [];
    beforeAll(async () => {
      fleet = await startWorkers(redis.url, Array.from({ length: workers }, (_, i) => `${pool}-w${i}`), ['--pool', pool, '--slots', String(slots)]);
    }, 60_000);
    afterAll(async () => stopAll(fleet));

    it('stops cleanly at an episode budget, continues to the reference results when it is raised, then a rerun plays nothing', async () => {
      const out = join(tmp, `full-${pool}`);
      const capped = await runArena(['sweep', writeSpec(tmp, `budget-${pool}.yaml`, smallSpec({ pool, budget: 3 })), '--out', out, '--quiet', ...args(redis)]);
      expect(capped.code, capped.stderr).toBe(0);
      expect(capped.stderr).toContain('stopped by budget: episodes');
      expect(storedRows(out)).toHaveLength(3);
      const spec = writeSpec(tmp, `full-${pool}.yaml`, smallSpec({ pool }));
      const rest = await runArena(['sweep', spec, '--out', out, '--quiet', ...args(redis)]);
      expect(rest.code, rest.stderr).toBe(0);
      expect(rest.stderr).toContain(`(${EPISODES - 3} played now`);
      expect(resultTables(out)).toEqual(reference);
      if (workers > 1) expect(new Set(storedRows(out).map((r) => r.worker)).size).toBeGreaterThan(1);
      const again = await runArena(['sweep', spec, '--out', out, '--quiet', '--resume', ...args(redis)]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain(`${EPISODES}/${EPISODES} episodes stored (0 played now`);
    }, 120_000);
  });

  describe('faults on redis', () => {
    it('kill -9 of the embedded coordinator mid-sweep: a rerun finishes to the same table', async () => {
      const out = join(tmp, 'fault-embedded');
      const spec = writeSpec(tmp, 'fault-embedded.yaml', smallSpec());
      const first = startArena(['sweep', spec, '--out', out, '--quiet', '--parallel', '2']);
      await until(() => storedRows(out).length >= 2, 60_000, 'two stored episodes');
      first.child.kill('SIGKILL');
      await first.exited;
      const second = await runArena(['sweep', spec, '--out', out, '--quiet', '--parallel', '2']);
      expect(second.code, second.stderr).toBe(0);
      expect(storedRows(out)).toHaveLength(EPISODES);
      expect(resultTables(out)).toEqual(reference);
    }, 90_000);

    it('Redis stopped mid-sweep: BACKEND_GONE, finished episodes kept; a rerun on a new Redis completes the table', async () => {
      const own = await startRedis();
      const pool = 'fault-redis';
      let fleet = await startWorkers(own.url, ['fr-w0'], ['--pool', pool, '--slots', '1']);
      const out = join(tmp, pool);
      const spec = writeSpec(tmp, `${pool}.yaml`, smallSpec({ pool }));
      try {
        const coordinator = startArena(['sweep', spec, '--out', out, '--quiet', '--redis', own.url, '--redis-timeout', '1.5', '--lock-ms', '1500']);
        await until(() => storedRows(out).length >= 2, 60_000, 'two stored episodes');
        await own.stop(true);
        const end = await coordinator.exited;
        expect(end.code).toBe(2);
        expect(end.stderr).toContain('BACKEND_GONE');
        const kept = storedRows(out);
        expect(kept.length).toBeGreaterThanOrEqual(2);
        for (const r of kept) expect(existsSync(join(out, 'runs', r.id, 'run.json'))).toBe(true);
        await stopAll(fleet, true);
        fleet = await startWorkers(redis.url, ['fr-w1'], ['--pool', pool, '--slots', '2']);
        const resumed = await runArena(['sweep', spec, '--out', out, '--quiet', '--redis', redis.url, '--lock-ms', '1500']);
        expect(resumed.code, resumed.stderr).toBe(0);
        expect(resumed.stderr).toContain(`(${EPISODES - kept.length} played now`);
        expect(resultTables(out)).toEqual(reference);
      } finally {
        await stopAll(fleet, true);
        await own.stop(true);
      }
    }, 120_000);
  });
});
