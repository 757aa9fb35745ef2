import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArenaProcess } from './support/arena-process.js';
import { tempRunsDir } from './support/run-dir.js';
import { client, startServeProcess } from './support/serve-harness.js';

const procs: ArenaProcess[] = [];
let runs: ReturnType<typeof tempRunsDir> | undefined;
afterEach(async () => {
  for (const p of procs.splice(0)) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
  }
  runs?.cleanup();
});

describe('arena serve restarted after SIGKILL', () => {
  it('keeps finished records intact and marks the interrupted match, tournament and sweep', async () => {
    runs = tempRunsDir();
    const first = await startServeProcess(runs.dir);
    procs.push(first.proc);
    const api = client(first.url, first.token);
    const finished = await api.post('/api/matches', { game: 'last_stand', agents: [{ kind: 'random' }], stepBudget: 3, observationDelayMs: 0 });
    const finishedId = finished.body.id as string;
    await api.settled('matches', finishedId);
    const runJson = readFileSync(join(runs.dir, finishedId, 'run.json'), 'utf8');
    const decisions = readFileSync(join(runs.dir, finishedId, 'decisions.jsonl'), 'utf8');

    const tour = await api.post('/api/tournaments', { game: 'sky_duel', agents: 'scripted,random', episodes: 50, 'obs-delay': 0 });
    const tourId = tour.body.id as string;
    const sweep = await api.post('/api/sweeps', { name: 'restart-sweep', games: ['last_stand'], agents: [{ label: 'random', kind: 'random' }], clocks: ['pdq'], episodes: 200, seed: 1, match: { steps: 2, timeLimitMs: 4000 } });
    const sweepId = sweep.body.id as string;
    const sweepRuns = join(runs.dir, '.serve', 'work', sweepId, 'sweep', 'runs');
    /** The sweep's finished episode runs: directory name and run.json. */
    const storedSweepRuns = (): Map<string, string> => {
      const out = new Map<string, string>();
      for (const name of existsSync(sweepRuns) ? readdirSync(sweepRuns) : []) {
        const file = join(sweepRuns, name, 'run.json');
        const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
        if (text.includes('"endedAt"')) out.set(name, text);
      }
      return out;
    };
    // Once the sweep has finished an episode, a match that plays far longer than this test; the service is killed
    // once that match has recorded decisions (the match starts last: last_stand ends by itself after 120 s of game time).
    await vi.waitFor(
      () => {
        if (storedSweepRuns().size === 0) throw new Error('no sweep episode yet');
      },
      { timeout: 60_000, interval: 100 },
    );
    const long = await api.post('/api/matches', { game: 'last_stand', agents: [{ kind: 'scripted' }], stepBudget: 100_000, timeLimitMs: 100_000_000, observationDelayMs: 0 });
    const longId = long.body.id as string;
    await vi.waitFor(
      () => {
        const path = join(runs!.dir, longId, 'decisions.jsonl');
        if (!existsSync(path) || readFileSync(path, 'utf8').split('\n').length < 3) throw new Error('no decisions yet');
      },
      { timeout: 30_000, interval: 100 },
    );
    const beforeKill = storedSweepRuns();
    first.proc.child.kill('SIGKILL');
    await first.proc.exited;

    const second = await startServeProcess(runs.dir);
    procs.push(second.proc);
    const again = client(second.url, second.token);
    const done = await again.get(`/api/matches/${finishedId}`);
    expect(done.body).toMatchObject({ status: 'complete', result: { status: 'complete' } });
    expect(readFileSync(join(runs.dir, finishedId, 'run.json'), 'utf8')).toBe(runJson);
    expect(readFileSync(join(runs.dir, finishedId, 'decisions.jsonl'), 'utf8')).toBe(decisions);

    const interrupted = await again.get(`/api/matches/${longId}`);
    expect(interrupted.body).toMatchObject({ status: 'interrupted', error: { code: 'INTERRUPTED' }, resumable: false });
    const run = await again.get<{ run: { status: string; failure: { code: string } }; decisions: unknown[] }>(`/api/runs/${longId}`);
    expect(run.body.run).toMatchObject({ status: 'incomplete', failure: { code: 'INTERRUPTED' } });
    expect(run.body.decisions.length).toBeGreaterThanOrEqual(2);
    expect((await again.post(`/api/matches/${longId}/resume`)).body).toMatchObject({ error: { code: 'BAD_STATE' } });

    const t = await again.get(`/api/tournaments/${tourId}`);
    expect(t.body).toMatchObject({ status: 'interrupted', resumable: true });
    const resumed = await again.post(`/api/tournaments/${tourId}/resume`);
    expect(resumed.body.status).toBe('running');
    expect((await again.post(`/api/tournaments/${tourId}/cancel`)).body.status).toBe('cancelled');

    // The sweep: interrupted, resumable, and every episode it had finished is intact and in the runs browser.
    expect((await again.get(`/api/sweeps/${sweepId}`)).body).toMatchObject({ status: 'interrupted', resumable: true });
    const listed = (await again.get<{ runId: string; status: string }[]>(`/api/runs?sweep=${sweepId}`)).body;
    for (const [name, text] of beforeKill) {
      expect(readFileSync(join(sweepRuns, name, 'run.json'), 'utf8')).toBe(text);
      expect(listed).toContainEqual(expect.objectContaining({ runId: `${sweepId}--sweep--runs--${name}`, status: 'complete' }));
    }
    expect((await again.post(`/api/sweeps/${sweepId}/resume`)).body.status).toBe('running');
    expect((await again.post(`/api/sweeps/${sweepId}/cancel`)).body.status).toBe('cancelled');
  }, 180_000);
});
