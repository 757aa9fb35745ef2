/**
 * A stub model end to end through the command line: `arena cases run` under both protocols against the fake
 * provider, then `arena cases score` (table, --json, --plots); an infrastructure failure is listed and kept out
 * of the means, and a second run resumes with it alone. Bad input exits 2 with BAD_CONFIG or BAD_RECORD.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScoreReport } from '../perception/index.js';
import { runArena } from './support/arena-process.js';
import { FIXTURE_CASES, useFixtureGoldenSet } from './support/golden-set.js';
import { useFakeProvider, type FakeReply } from './support/fake-provider.js';

const fixture = useFixtureGoldenSet('arena-pscore-cli-');
const fake = useFakeProvider();

const answer = (id: string): FakeReply => ({ text: JSON.stringify({ tuples: FIXTURE_CASES.find((c) => c.id === id)!.refs }) });
const calls = (id: string): FakeReply[] => [{ toolCalls: [{ name: 'write_answer', arguments: { tuples: FIXTURE_CASES.find((c) => c.id === id)!.refs } }] }, { toolCalls: [{ name: 'finish' }] }];

describe('arena cases run, then arena cases score', () => {
  it('runs both protocols with a stub model and scores them: game means, macro, failures kept apart, controls', async () => {
    const out = join(fixture().root, 'results');
    const common = ['--model', 'stub-model', '--base-url', fake().url, '--out', out, '--concurrency', '1', '--retries', '0'];
    // Cases run in id order: duel-long (unreadable), duel-short (exact), race-wide (the provider never answers).
    fake().script({ garbage: true }, answer('duel-short'), { hang: true });
    const native = await runArena(['cases', 'run', fixture().golden, '--protocol', 'native', '--timeout', '2500', ...common]);
    expect(native.code, native.stderr).toBe(1);
    expect(native.stdout).toContain('race-wide native stub-model: infrastructure (provider-timeout)');
    expect(native.stdout).toContain('3 cases: 3 run, 0 complete already; ok 1, invalid-output 1, budget-bound 0, infrastructure 1');
    fake().script(...calls('duel-long'), ...calls('duel-short'), ...calls('race-wide'));
    const agentic = await runArena(['cases', 'run', fixture().golden, '--protocol', 'agentic', ...common]);
    expect(agentic.code, agentic.stderr).toBe(0);
    expect(existsSync(join(out, 'agentic', 'stub-model', 'duel-short.json'))).toBe(true);

    const plots = join(fixture().root, 'plots');
    const scored = await runArena(['cases', 'score', out, '--cases', fixture().golden, '--json', '--bootstrap', '200', '--seed', '3', '--plots', plots]);
    expect(scored.code, scored.stderr).toBe(0);
    const report = JSON.parse(scored.stdout) as ScoreReport;
    expect(report.games).toEqual(['duel', 'race']);
    const nat = report.systems.find((s) => s.protocol === 'native')!;
    const agt = report.systems.find((s) => s.protocol === 'agentic')!;
    expect(nat.metrics.f1.games).toEqual({ duel: 0.5 });
    expect(nat.metrics.f1.macro).toBe(0.5);
    expect(nat.failures).toEqual([{ caseId: 'race-wide', game: 'race', infraClass: 'provider-timeout', message: expect.stringContaining('timed out') as unknown }]);
    expect(nat.outcomes).toEqual({ ok: 1, 'invalid-output': 1, 'budget-bound': 0, infrastructure: 1 });
    expect(agt.metrics.f1).toMatchObject({ games: { duel: 1, race: 1 }, macro: 1 });
    expect(agt.metrics.f1.intervals!.macro).toEqual({ lo: 1, hi: 1 });
    expect(report.controls.cases).toHaveLength(3);
    expect(report.controls.ceilingActual.macro).toBe(1);
    expect(report.controls.setTimeRandom.macro!).toBeGreaterThan(0);
    expect(report.controls.random.macro!).toBeLessThan(report.controls.setTimeRandom.macro!);
    expect(readFileSync(join(plots, 'duel.svg'), 'utf8')).toMatch(/^<svg [^>]*>/);
    expect(existsSync(join(plots, 'race.svg'))).toBe(true);

    const table = await runArena(['cases', 'score', out, '--cases', fixture().golden, '--bootstrap', '0']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/stub-model \/ native: ok 1, invalid-output 1, budget-bound 0, infrastructure 1/);
    expect(table.stdout).toMatch(/^ +duel +2 +0\.500 /m);
    expect(table.stdout).toContain('race-wide (race): provider-timeout:');

    // The rerun runs only the failed case.
    fake().script(answer('race-wide'));
    const before = fake().completions().length;
    const resumed = await runArena(['cases', 'run', fixture().golden, '--protocol', 'native', ...common]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('3 cases: 1 run, 2 complete already');
    expect(fake().completions()).toHaveLength(before + 1);
    const rescored = JSON.parse((await runArena(['cases', 'score', out, '--cases', fixture().golden, '--json', '--bootstrap', '0'])).stdout) as ScoreReport;
    expect(rescored.systems.find((s) => s.protocol === 'native')!.metrics.f1).toMatchObject({ games: { duel: 0.5, race: 1 }, macro: 0.75 });
  }, 120_000);

  it('refuses bad input with a code and exit 2', async () => {
    const noProtocol = await runArena(['cases', 'run', fixture().golden, '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1', '--out', join(fixture().root, 'x')]);
    expect(noProtocol.code).toBe(2);
    expect(noProtocol.stderr).toContain('BAD_CONFIG: --protocol takes native or agentic');
    const wrongSub = await runArena(['cases', 'score', fixture().golden, '--protocol', 'native', '--cases', fixture().golden]);
    expect(wrongSub.code).toBe(2);
    expect(wrongSub.stderr).toContain('arena cases score does not take --protocol');
    const notASet = await runArena(['cases', 'run', fixture().root, '--protocol', 'native', '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1', '--out', join(fixture().root, 'x')]);
    expect(notASet.code).toBe(2);
    expect(notASet.stderr).toContain('BAD_RECORD');
    const bad = join(fixture().root, 'bad-results', 'native', 'm');
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, 'duel-short.json'), '{"caseId": 1}');
    const badResult = await runArena(['cases', 'score', join(fixture().root, 'bad-results'), '--cases', fixture().golden]);
    expect(badResult.code).toBe(2);
    expect(badResult.stderr).toContain('BAD_RECORD');
    expect(badResult.stderr).toContain('duel-short.json: not a case result');
  });
});
