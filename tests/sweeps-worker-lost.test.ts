/**
 * The WORKER_LOST path on Redis with real worker processes: a worker frozen (SIGSTOP) mid-episode past the
 * stall limit (`arena worker --stall-limit 0`: fail at the first stall) has its episode stored once as a coded
 * WORKER_LOST infrastructure failure; its late outcome, sent when it wakes up, is dropped; `--retry-failed`
 * plays it again and the record of the rerun is the one kept.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runArena, startArena } from './support/arena-process.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';
import { smallSpec, startWorkers, stopAll, waitForLine, writeSpec } from './support/sweep-fixtures.js';

const EPISODES = 8;

interface Row {
  readonly id: string;
  readonly attempt: number;
  readonly status: string;
  readonly class: string | null;
  readonly outcome: { readonly worker: string; readonly failure?: { readonly code: string; readonly class: string; readonly message: string } };
}

function rows(dir: string): Row[] {
  const db = new Database(join(dir, 'results.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const all = db.prepare('SELECT id, attempt, status, class, outcome FROM episodes ORDER BY id').all() as { id: string; attempt: number; status: string; class: string | null; outcome: string }[];
    return all.map((r) => ({ ...r, outcome: JSON.parse(r.outcome) as Row['outcome'] }));
  } finally {
    db.close();
  }
}

describe.skipIf(redisMissing() !== undefined)('a worker that stalls past the stall limit', () => {
  let tmp: string;
  let redis: TestRedis;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'arena-worker-lost-'));
    redis = await startRedis();
  }, 30_000);

  afterAll(async () => {
    await redis?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('refuses a stall limit that is not a whole number of at least 0 with BAD_CONFIG', async () => {
    const bad = await runArena(['worker', '--redis', redis.url, '--stall-limit=-1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("BAD_CONFIG: --stall-limit takes a non-negative whole number (got '-1')");
  }, 30_000);

  it('ends its episode as WORKER_LOST, counted once, and --retry-failed replays it', async () => {
    const pool = 'stall';
    const fleet = await startWorkers(redis.url, ['frozen', 'awake'], ['--pool', pool, '--slots', '1', '--stall-limit', '0', '--lock-ms', '1500']);
    const frozen = fleet[0]!;
    let frozenLog = '';
    frozen.child.stderr!.on('data', (d: Buffer | string) => (frozenLog += d.toString()));
    try {
      const out = join(tmp, pool);
      const spec = writeSpec(tmp, `${pool}.yaml`, smallSpec({ pool, steps: 30 }));
      const args = ['sweep', spec, '--out', out, '--quiet', '--redis', redis.url, '--lock-ms', '1500'];
      const started = waitForLine(frozen, 'starts');
      const coordinator = startArena(args);
      await started;
      frozen.child.kill('SIGSTOP');
      const id = /frozen: (\S+) \(attempt 0\) starts/.exec(frozenLog)![1]!;

      const first = await coordinator.exited;
      expect(first.code, first.stderr).toBe(1);
      expect(first.stderr).toContain(`${EPISODES}/${EPISODES} episodes stored (${EPISODES} played now, 1 failed)`);
      const lost = rows(out).find((r) => r.id === id)!;
      expect(lost).toMatchObject({ attempt: 0, status: 'failed', class: 'infrastructure', outcome: { failure: { code: 'WORKER_LOST', class: 'infrastructure' } } });
      expect(lost.outcome.failure!.message).toContain('stalled');
      expect(lost.outcome.failure!.message).toContain('--retry-failed');
      expect(rows(out).filter((r) => r.status === 'failed').map((r) => r.id)).toEqual([id]);

      // Woken up, the frozen worker finishes the episode and sends its outcome late; then it leaves.
      const late = waitForLine(frozen, `frozen: ${id} complete`);
      frozen.child.kill('SIGCONT');
      await late;
      await stopAll([frozen]);

      const retry = await runArena([...args, '--retry-failed']);
      expect(retry.code, retry.stderr).toBe(0);
      expect(retry.stderr).toContain(`${EPISODES}/${EPISODES} episodes stored (1 played now, 0 failed)`);
      const after = rows(out);
      expect(after).toHaveLength(EPISODES);
      expect(after.filter((r) => r.status !== 'complete')).toEqual([]);
      expect(after.find((r) => r.id === id)).toMatchObject({ attempt: 1, status: 'complete', outcome: { worker: 'awake' } });
      // The run directory is the rerun's, not the late outcome's.
      expect(JSON.parse(readFileSync(join(out, 'runs', id, 'run.json'), 'utf8'))).toMatchObject({ batch: { worker: 'awake' } });
      const again = await runArena([...args, '--retry-failed']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain(`${EPISODES}/${EPISODES} episodes stored (0 played now, 0 failed)`);
    } finally {
      frozen.child.kill('SIGCONT');
      await stopAll(fleet, true);
    }
  }, 180_000);
});
