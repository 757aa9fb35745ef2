/**
 * A tournament on a fleet holds its VLM entrants' endpoint limit across workers: two worker processes, two slots
 * each, one fake endpoint whose agent asks for at most one call at once. Each worker's own semaphore would let
 * one call per worker through; the work layer's endpoint limit (batchBackend's `endpoints`) lets one through in all.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runArena, type ArenaProcess } from './support/arena-process.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';
import { startWorkers, stopAll } from './support/sweep-fixtures.js';

const missing = redisMissing();

describe.skipIf(missing !== undefined)('a fleet tournament and its endpoint limits', () => {
  let tmp: string;
  let redis: TestRedis;
  let fake: FakeProvider;
  let fleet: ArenaProcess[] = [];

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'arena-fleet-endpoints-'));
    [redis, fake] = await Promise.all([startRedis(), startFakeProvider()]);
    fleet = await startWorkers(redis.url, ['ep-a', 'ep-b'], ['--pool', 'endpoints', '--slots', '2']);
  }, 60_000);

  afterAll(async () => {
    await stopAll(fleet);
    await redis?.stop();
    await fake?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it("never has more than the agent's maxConcurrent calls in flight across the fleet", async () => {
    fake.script(...Array.from({ length: 40 }, () => ({ delayMs: 250 })));
    const config = join(tmp, 'model.json');
    writeFileSync(config, JSON.stringify({ baseUrl: fake.url, model: 'fake-vlm', apiKeyEnv: 'ARENA_TEST_NO_KEY', retries: 0, maxConcurrent: 1 }));
    const out = join(tmp, 'out');
    const run = await runArena(['tournament', '--game', 'last_stand', '--agents', `model=vlm@${config}`, '--episodes', '4', '--steps', '3', '--time-limit', '20', '--obs-delay', '0', '--parallel', '4', '--redis', redis.url, '--pool', 'endpoints', '--out', out, '--quiet']);
    expect(run.code, run.stderr).toBe(0);
    const lines = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(fake.completions().length).toBe(12);
    expect(fake.maxInFlight()).toBe(1);
  }, 180_000);
});
