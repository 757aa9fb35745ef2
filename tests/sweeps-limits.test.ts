/** An endpoint limit holds across worker processes (three workers, two slots each, one fake endpoint with limit 2); records on a shared path. */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runArena, type ArenaProcess } from './support/arena-process.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';
import { startWorkers, stopAll, storedRows, writeSpec } from './support/sweep-fixtures.js';
import { readSweepTables } from '../sweeps/index.js';

const missing = redisMissing();

describe.skipIf(missing !== undefined)('endpoint limits across workers', () => {
  let tmp: string;
  let redis: TestRedis;
  let fake: FakeProvider;
  let fleet: ArenaProcess[] = [];

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'arena-sweep-limits-'));
    [redis, fake] = await Promise.all([startRedis(), startFakeProvider()]);
    fleet = await startWorkers(redis.url, ['lim-a', 'lim-b', 'lim-c'], ['--pool', 'limits', '--slots', '2']);
  }, 60_000);

  afterAll(async () => {
    await stopAll(fleet);
    await redis?.stop();
    await fake?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('never has more than 2 requests in flight at the endpoint, and reaches 2; run records go straight to the shared path', async () => {
    fake.script(...Array.from({ length: 60 }, () => ({ delayMs: 250 })));
    const spec = [
      'name: limits',
      'games: [{ game: last_stand, pool: limits }]',
      'agents:',
      `  - { label: model, kind: vlm, endpoint: fake, vlm: { baseUrl: "${fake.url}", model: fake-vlm, apiKeyEnv: ARENA_TEST_NO_KEY, retries: 0 } }`,
      'clocks: [pdq]',
      'episodes: 6',
      'match: { steps: 3, timeLimitMs: 20000, observationDelayMs: 0 }',
      'endpoints: { fake: { concurrency: 2 } }',
      `records: { shared: "${join(tmp, 'shared')}" }`,
      '',
    ].join('\n');
    const out = join(tmp, 'out');
    const run = await runArena(['sweep', writeSpec(tmp, 'limits.yaml', spec), '--out', out, '--quiet', '--redis', redis.url, '--lock-ms', '1500']);
    expect(run.code, run.stderr).toBe(0);
    const rows = storedRows(out);
    expect(rows).toHaveLength(6);
    expect(readdirSync(join(tmp, 'shared')).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(existsSync(join(out, 'runs'))).toBe(false);
    expect(fake.completions().length).toBe(18);
    expect(fake.maxInFlight()).toBe(2);
    const model = readSweepTables(out).models[0]!;
    expect(model.decisions).toBe(18);
    expect(model.tokensIn).toBeGreaterThan(0);
    expect(model.ttftP50Ms).toBeGreaterThan(0);
  }, 120_000);
});
