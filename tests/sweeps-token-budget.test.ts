/**
 * A token budget stops a sweep cleanly, and what it spent past the budget is bounded by the episodes in flight
 * when it was reached: the summary and `arena report` say how much was spent against the budget.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runArena } from './support/arena-process.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { storedRows, writeSpec } from './support/sweep-fixtures.js';

/** Tokens of each stored episode, from the store itself. */
function storedTokens(dir: string): number[] {
  const db = new Database(join(dir, 'results.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT tokens FROM episodes ORDER BY id').all() as { tokens: number }[]).map((r) => r.tokens);
  } finally {
    db.close();
  }
}

describe('a token budget', () => {
  let tmp: string;
  let fake: FakeProvider;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'arena-token-budget-'));
    fake = await startFakeProvider();
  });

  afterAll(async () => {
    await fake?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const spec = (budget: number): string =>
    [
      'name: tokens',
      'games: [last_stand]',
      'agents:',
      `  - { label: model, kind: vlm, vlm: { baseUrl: "${fake.url}", model: fake-vlm, apiKeyEnv: ARENA_TEST_NO_KEY, retries: 0 } }`,
      'clocks: [pdq]',
      'episodes: 6',
      'match: { steps: 3, timeLimitMs: 20000, observationDelayMs: 0 }',
      `budgets: { tokens: ${budget} }`,
      '',
    ].join('\n');

  it('starts no episode once reached; the one in flight finishes and its overshoot is reported in the summary and the report', async () => {
    const out = join(tmp, 'out');
    // Two at once: the first stored episode reaches a budget of 1 token while the second is still in flight.
    const run = await runArena(['sweep', writeSpec(tmp, 'tokens.yaml', spec(1)), '--out', out, '--quiet', '--parallel', '2']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('stopped by budget: tokens');
    expect(storedRows(out)).toHaveLength(2);
    const tokens = storedTokens(out);
    expect(tokens.every((t) => t > 0)).toBe(true);
    const spent = tokens[0]! + tokens[1]!;
    const line = `tokens: ${spent} spent of a budget of 1, over by ${spent - 1}; 1 episode(s) in flight when it was reached finished and are counted`;
    expect(run.stderr).toContain(line);

    const report = await runArena(['report', out]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain(line);
    expect(JSON.parse(readFileSync(join(out, 'report', 'spend.json'), 'utf8'))).toEqual({ spent, budget: 1, overBy: spent - 1, inFlightAtStop: 1 });
  }, 120_000);

  it('a rerun with the budget already spent plays nothing and says so', async () => {
    const out = join(tmp, 'out');
    const before = storedTokens(out).reduce((a, b) => a + b, 0);
    const run = await runArena(['sweep', writeSpec(tmp, 'tokens.yaml', spec(1)), '--out', out, '--quiet', '--parallel', '2']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('(0 played now');
    expect(run.stderr).toContain(`tokens: ${before} spent of a budget of 1, over by ${before - 1}`);
  }, 60_000);

  it('a budget large enough for everything is reported as spent within it', async () => {
    const out = join(tmp, 'roomy');
    const run = await runArena(['sweep', writeSpec(tmp, 'roomy.yaml', spec(1_000_000)), '--out', out, '--quiet', '--parallel', '2']);
    expect(run.code, run.stderr).toBe(0);
    const spent = storedTokens(out).reduce((a, b) => a + b, 0);
    expect(storedRows(out)).toHaveLength(6);
    expect(run.stderr).toContain(`tokens: ${spent} spent of a budget of 1000000;`);
  }, 120_000);
});
