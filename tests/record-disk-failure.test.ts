/**
 * A run record the disk refuses: a runs folder that fills up mid-match (a 600 KB tmpfs) or is read-only ends
 * the match with RECORD_WRITE_FAILED (exit 2, not INTERNAL), run.json closed with the failure and the last
 * decision recorded; when nothing can be written the code goes to stderr and a sweep stores the episode as
 * an infrastructure failure. Mounting needs root: without it the tests are skipped, saying why.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runMatch } from '../gateway/index.js';
import { MatchConfig, resolveMatch } from '../plans/index.js';
import { ErrorCode } from '../protocol/index.js';
import { sweepCommand } from '../scripts/commands/sweep.js';
import { ResultsStore } from '../sweeps/index.js';
import { runArena } from './support/arena-process.js';

/** Mounts a tmpfs of `size` (read-only with `ro`) on a fresh folder; undefined when mounting is refused. */
function mountTmpfs(size: string, ro = false): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'arena-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${ro ? ',ro' : ''}`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

const probe = mountTmpfs('64k');
if (probe) {
  execFileSync('umount', [probe]);
  rmSync(probe, { recursive: true, force: true });
}
const skipReason = probe === undefined ? 'mount -t tmpfs was refused (needs root): the disk-failure tests are skipped' : undefined;
if (skipReason) console.warn(skipReason);

const mounts: string[] = [];
function mounted(size: string, ro = false): string {
  const dir = mountTmpfs(size, ro);
  if (dir === undefined) throw new Error('mount -t tmpfs was refused');
  mounts.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of mounts.splice(0)) {
    // Lazily: a write the refused disk still holds open lets go of it after the test.
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe.skipIf(skipReason !== undefined)('a run record the disk refuses', () => {
  it('ends a match whose runs folder fills up with RECORD_WRITE_FAILED, run.json closed with the failure and the last decision', async () => {
    // Room for a few decisions: a raw 640x360 frame is kept as it came (691 KB) until the run closes.
    const disk = mounted('4m');
    // What `arena match --game last_stand --steps 60 --runs-dir DISK/runs` plays.
    const result = await runMatch(resolveMatch(MatchConfig.parse({ game: 'last_stand', stepBudget: 60, runsDir: join(disk, 'runs') })));
    expect(result.status).toBe('incomplete');
    expect(result.error).toMatchObject({ code: ErrorCode.RECORD_WRITE_FAILED, class: 'infrastructure' });
    expect(result.players[0]!.decisions).toBeLessThan(60);
    const run = JSON.parse(readFileSync(join(result.dir, 'run.json'), 'utf8')) as { status: string; failure: { code: string; class: string; lastDecision: { step: number } } };
    expect(run).toMatchObject({ status: 'incomplete', failure: { code: ErrorCode.RECORD_WRITE_FAILED, class: 'infrastructure' } });
    // The decision lines are whole, up to the last one run.json names.
    const lines = readFileSync(join(result.dir, 'decisions.jsonl'), 'utf8').split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l) as { step: number });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.at(-1)!.step).toBe(run.failure.lastDecision.step);
    expect(readdirSync(result.dir)).not.toContain('run.reserve');
  }, 60_000);

  it('exits 2 with RECORD_WRITE_FAILED on stderr when the runs folder is read-only', async () => {
    const ro = mounted('64k', true);
    const r = await runArena(['match', '--game', 'last_stand', '--steps', '2', '--runs-dir', join(ro, 'runs'), '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^arena: RECORD_WRITE_FAILED: /m);
  }, 60_000);

  it('stores a sweep episode whose records folder is read-only as an infrastructure failure', async () => {
    const ro = mounted('64k', true);
    const work = mkdtempSync(join(tmpdir(), 'arena-disk-sweep-'));
    try {
      const file = join(work, 'sweep.yaml');
      mkdirSync(work, { recursive: true });
      writeFileSync(file, ['name: ro', 'games: [{ game: last_stand }]', 'agents:', '  - { label: scripted, kind: scripted }', 'clocks: [pdq]', 'episodes: 1', 'match: { steps: 2, timeLimitMs: 20000, observationDelayMs: 0 }', `records: { shared: "${join(ro, 'shared')}" }`, ''].join('\n'));
      const out = join(work, 'out');
      const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      try {
        await sweepCommand([file, '--out', out, '--quiet']);
      } finally {
        quiet.mockRestore();
      }
      const store = new ResultsStore(join(out, 'results.sqlite'));
      try {
        expect(store.all().map((r) => r.outcome)).toMatchObject([{ status: 'failed', failure: { code: ErrorCode.RECORD_WRITE_FAILED, class: 'infrastructure' } }]);
      } finally {
        store.close();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
