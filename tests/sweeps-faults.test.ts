/**
 * Faults on a real Redis with real `arena worker` and `arena sweep` processes, under both placements: kill -9 of a
 * worker mid-episode, a worker killed with an earlier coordinator and restarted under its name while a later
 * coordinator resumes the batch, and Redis restarted mid-sweep. In every case each episode is stored once and played
 * once: a worker logs `NAME: ID complete|failed ...` once it has sent an episode's outcome, and those lines are
 * counted over every worker process, killed ones included. (kill -9 of the coordinator under both placements is
 * tests/sweeps-resume-once.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArena, type ArenaProcess } from './support/arena-process.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';
import { smallSpec, startWorkers, stopAll, storedRows, until, waitForLine, writeSpec } from './support/sweep-fixtures.js';

const EPISODES = 8;
/** Long enough that a loaded machine renews a live worker's lock in time, short enough that a dead one's lapses soon. */
const LOCK = ['--lock-ms', '3000'];

/** Episodes whose outcome each worker sent, by id, over every worker process given (waited for to exit). */
async function plays(workers: readonly ArenaProcess[]): Promise<Map<string, number>> {
  const count = new Map<string, number>();
  for (const w of workers) {
    for (const m of (await w.exited).stderr.matchAll(/^[\w.-]+: (\S+) (?:complete|failed) /gm)) count.set(m[1]!, (count.get(m[1]!) ?? 0) + 1);
  }
  return count;
}

/** Every episode stored once, and its outcome sent once by the workers. */
async function onceEach(out: string, workers: readonly ArenaProcess[]): Promise<void> {
  const rows = storedRows(out);
  expect(rows).toHaveLength(EPISODES);
  expect(new Set(rows.map((r) => r.id)).size).toBe(EPISODES);
  await stopAll(workers);
  const played = await plays(workers);
  expect([...played.keys()].sort()).toEqual(rows.map((r) => r.id).sort());
  expect([...played.entries()].filter(([, n]) => n !== 1)).toEqual([]);
}

describe.skipIf(redisMissing() !== undefined).each(['fifo', 'affinity'])('faults on a fleet, placement %s', (placement) => {
  let redis: TestRedis;
  let tmp: string;
  const spec = (pool: string): string => writeSpec(tmp, `${pool}.yaml`, `${smallSpec({ pool, steps: 2 })}placement: ${placement}\n`);
  const sweep = (pool: string, ...extra: string[]): ArenaProcess => startArena(['sweep', spec(pool), '--out', join(tmp, pool), '--quiet', '--redis', redis.url, ...LOCK, ...extra]);

  beforeAll(async () => {
    redis = await startRedis();
    tmp = mkdtempSync(join(tmpdir(), `arena-faults-${placement}-`));
  }, 30_000);

  afterAll(async () => {
    await redis?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('kill -9 of a worker mid-episode: its episode is played by another worker, each episode stored and played once', async () => {
    const pool = `kill-worker-${placement}`;
    const [victim, survivor] = await startWorkers(redis.url, [`${pool}-victim`, `${pool}-survivor`], ['--pool', pool, '--slots', '1', ...LOCK]);
    try {
      const coordinator = sweep(pool);
      await waitForLine(victim!, 'starts');
      victim!.child.kill('SIGKILL');
      const started = /: (\S+) \(attempt 0\) starts/.exec((await victim!.exited).stderr)![1]!;
      const end = await coordinator.exited;
      expect(end.code, end.stderr).toBe(0);
      expect(storedRows(join(tmp, pool)).find((r) => r.id === started)?.worker).toBe(`${pool}-survivor`);
      await onceEach(join(tmp, pool), [victim!, survivor!]);
    } finally {
      await stopAll([victim!, survivor!], true);
    }
  }, 180_000);

  // An earlier coordinator placed episodes on a worker; both die; a later coordinator resumes while the worker is
  // gone, and the worker comes back under its name. Its queue still held what the first coordinator placed there.
  it('a worker restarted under its name after an earlier coordinator placed its episodes plays none of them twice', async () => {
    const pool = `restart-worker-${placement}`;
    const name = `${pool}-w`;
    const [first, other] = await startWorkers(redis.url, [name, `${pool}-other`], ['--pool', pool, '--slots', '2', ...LOCK]);
    const workers: ArenaProcess[] = [first!, other!];
    try {
      const a = sweep(pool);
      await until(() => storedRows(join(tmp, pool)).length >= 2, 120_000, 'two stored episodes');
      a.child.kill('SIGKILL');
      first!.child.kill('SIGKILL');
      await Promise.all([a.exited, first!.exited]);
      const stored = storedRows(join(tmp, pool)).length;
      const b = sweep(pool);
      await until(() => storedRows(join(tmp, pool)).length > stored, 120_000, 'an episode stored by the resumed coordinator');
      workers.push(...(await startWorkers(redis.url, [name], ['--pool', pool, '--slots', '2', ...LOCK])));
      const end = await b.exited;
      expect(end.code, end.stderr).toBe(0);
      await onceEach(join(tmp, pool), workers);
    } finally {
      await stopAll(workers, true);
    }
  }, 180_000);

  it('Redis restarted mid-sweep: the sweep goes on, each episode stored and played once', async () => {
    const own = await startRedis();
    const pool = `restart-redis-${placement}`;
    const workers = await startWorkers(own.url, [`${pool}-w0`, `${pool}-w1`], ['--pool', pool, '--slots', '1', ...LOCK]);
    try {
      const coordinator = startArena(['sweep', spec(pool), '--out', join(tmp, pool), '--quiet', '--redis', own.url, '--redis-timeout', '20', ...LOCK]);
      await until(() => storedRows(join(tmp, pool)).length >= 2, 120_000, 'two stored episodes');
      await own.restart();
      const end = await coordinator.exited;
      expect(end.code, end.stderr).toBe(0);
      await onceEach(join(tmp, pool), workers);
    } finally {
      await stopAll(workers, true);
      await own.stop(true);
    }
  }, 180_000);
});
