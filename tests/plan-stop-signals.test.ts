/**
 * The one stop-signal path of every plan (plans/run/stop-signals.ts): SIGINT, SIGTERM and SIGHUP each end the
 * plan through its io's signal, its record closed. A real `arena curve` and `arena sweep` are sent a signal while
 * a model request hangs (tests/stop-signals.test.ts does the same for `arena match`); the path itself is checked
 * for all three signals in this process.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { abortOnStopSignals, STOP_SIGNALS } from '../plans/index.js';
import { startArena, type ArenaProcess } from './support/arena-process.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { storedRows, writeSpec } from './support/sweep-fixtures.js';

let fake: FakeProvider;
let tmp: string;
const procs: ArenaProcess[] = [];
beforeEach(async () => {
  fake = await startFakeProvider();
  tmp = mkdtempSync(join(tmpdir(), 'arena-plan-signals-'));
});
afterEach(async () => {
  for (const p of procs.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await fake.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Resolves at the first completion request, which hangs (no answer ever comes). */
function firstRequestHangs(): Promise<void> {
  return new Promise((resolve) =>
    fake.respond(() => {
      resolve();
      return { hang: true };
    }),
  );
}

/** Every run.json under `dir`. */
function runRecords(dir: string): { status: string; failure?: { code: string } }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('run.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { status: string; failure?: { code: string } });
}

describe('the plans\' stop-signal path', () => {
  for (const signal of STOP_SIGNALS) {
    it(`aborts a plan's signal once on ${signal}, naming it, and lets go of the handlers after`, () => {
      const before = process.listenerCount(signal);
      const controller = new AbortController();
      const notes: string[] = [];
      const release = abortOnStopSignals(controller, (t) => void notes.push(t));
      process.emit(signal, signal);
      process.emit(signal, signal);
      expect(controller.signal.aborted).toBe(true);
      expect(String(controller.signal.reason)).toContain(signal);
      expect(notes).toEqual([`${signal}: stopping, closing the record\n`]);
      release();
      expect(process.listenerCount(signal)).toBe(before);
    });
  }
});

describe('arena curve and arena sweep: stop signals', () => {
  it('ends a curve on SIGHUP while its reflector hangs: curve.json says stopped, exit 2 with ABORTED', async () => {
    const asked = firstRequestHangs();
    const out = join(tmp, 'curves');
    const proc = startArena(['curve', '--game', 'last_stand', '--agent', 'scripted', '--reflector-model', 'r', '--reflector-base-url', fake.url, '--rounds', '2', '--episodes', '1', '--held-out', 'none', '--time-limit', '4', '--steps', '4', '--obs-delay', '0', '--out', out, '--id', 'sig', '--quiet']);
    procs.push(proc);
    await asked;
    proc.child.kill('SIGHUP');
    const exit = await proc.exited;
    expect(exit.code, exit.stderr).toBe(2);
    expect(exit.stderr).toMatch(/^arena: ABORTED: /m);
    expect(exit.stderr).toContain('curve sig stopped; resume it with');
    const state = JSON.parse(readFileSync(join(out, 'sig', 'curve.json'), 'utf8')) as { status: string; error?: { code: string } };
    expect(state.status).toBe('stopped');
  }, 120_000);

  it('ends a sweep on SIGTERM while an episode\'s model request hangs: the episode\'s record closed as ABORTED, nothing stored, exit 1', async () => {
    const asked = firstRequestHangs();
    const spec = [
      'name: signals',
      'games: [last_stand]',
      'agents:',
      `  - { label: model, kind: vlm, vlm: { baseUrl: "${fake.url}", model: fake-vlm, apiKeyEnv: ARENA_TEST_NO_KEY, retries: 0 } }`,
      'clocks: [pdq]',
      'episodes: 2',
      'match: { steps: 3, timeLimitMs: 20000, observationDelayMs: 0 }',
      '',
    ].join('\n');
    const out = join(tmp, 'sweep');
    const proc = startArena(['sweep', writeSpec(tmp, 'signals.yaml', spec), '--out', out, '--quiet']);
    procs.push(proc);
    await asked;
    proc.child.kill('SIGTERM');
    const exit = await proc.exited;
    expect(exit.code, exit.stderr).toBe(1);
    expect(exit.stderr).toContain('SIGTERM: stopping, closing the record');
    expect(exit.stderr).toContain('stopped by operator');
    expect(storedRows(out)).toEqual([]);
    const records = runRecords(join(out, 'runs'));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'incomplete', failure: { code: 'ABORTED' } });
  }, 120_000);
});
