import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobStore } from './job-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'arena-jobs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const job = (id: string, status: 'running' | 'complete', runDir?: string) => ({ id, kind: 'match', status, config: {}, readToken: 't', createdAt: `2026-01-01T00:00:0${id.length % 10}Z`, ...(runDir ? { runDir } : {}) });

describe('the job store', () => {
  it('marks jobs left running as interrupted, and their runs incomplete with INTERRUPTED, on opening', () => {
    const runDir = join(dir, 'run-a');
    mkdirSync(runDir);
    writeFileSync(join(runDir, 'run.json'), JSON.stringify({ runId: 'run-a', status: 'running', game: 'last_stand' }));
    const first = new JobStore(dir);
    first.put(job('a', 'running', runDir));
    first.put(job('bb', 'complete'));
    const reopened = new JobStore(dir);
    expect(reopened.get('a')).toMatchObject({ status: 'interrupted', error: { code: 'INTERRUPTED' } });
    expect(reopened.get('bb')).toMatchObject({ status: 'complete' });
    const run = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8')) as Record<string, unknown>;
    expect(run).toMatchObject({ status: 'incomplete', failure: { code: 'INTERRUPTED', class: 'infrastructure' }, game: 'last_stand' });
    // Opening again changes nothing more.
    expect(new JobStore(dir).get('a')!.endedAt).toBe(reopened.get('a')!.endedAt);
  });

  it('skips a job file that is not a job record and keeps the others', () => {
    const store = new JobStore(dir);
    store.put(job('ok', 'complete'));
    writeFileSync(join(store.dir, 'broken.json'), JSON.stringify({ hello: 'world' }));
    expect(new JobStore(dir).list().map((j) => j.id)).toEqual(['ok']);
  });
});
