/**
 * Sweep throughput: the same short episodes played one by one with runMatch in one process (what a loop of
 * `arena match` does, without its process start-ups), as an embedded sweep, and through Redis with 1, 2 and 4
 * worker processes; plus the scheduling overhead per episode against the episode's own cost.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMatch } from '../../gateway/index.js';
import { EmbeddedBackend, matchSpecOf, parseRedisUrl, RedisBackend, runBatch, type EpisodeJob, type WorkBackend } from '../../sweeps/index.js';
import { episodeResolver } from '../../plans/index.js';

/** One way of playing the episodes. */
export interface SweepBenchRow {
  readonly how: string;
  readonly episodes: number;
  readonly wallMs: number;
  readonly perMinute: number;
  /** Mean wall time of one episode as measured where it ran. */
  readonly episodeMs: number;
  /** Wall time per episode not spent in an episode (queueing, copying records, storing), single lane only. */
  readonly overheadMs: number | undefined;
}

function jobs(n: number): EpisodeJob[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `bench.s${i + 1}`,
    batch: 'bench',
    cell: 'bench',
    cellInfo: { game: 'last_stand', variant: 'origin', clock: 'pdq' as const, latency: 'none', lineup: ['scripted'] },
    episode: i,
    seed: i + 1,
    pool: 'bench',
    agents: [{ slot: 0, label: 'scripted', kind: 'scripted' }],
    stepBudget: 8,
    observationDelayMs: 0,
  }));
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once `child` printed `text` on `stream`; rejects if it exits first. */
export function waitFor(child: ChildProcess, stream: 'stdout' | 'stderr', text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child[stream]!.on('data', (d: Buffer) => {
      seen += d.toString();
      if (seen.includes(text)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before '${text}': ${seen}`)));
  });
}

async function batch(how: string, list: EpisodeJob[], make: (dir: string) => WorkBackend, lanes: number): Promise<SweepBenchRow> {
  const dir = mkdtempSync(join(tmpdir(), 'arena-bench-sweep-'));
  const backend = make(dir);
  let episodeTotal = 0;
  try {
    const t0 = performance.now();
    await runBatch({ dir, jobs: list, backend, onStored: (_job, o) => void (episodeTotal += o.wallMs) });
    const wallMs = performance.now() - t0;
    const episodeMs = episodeTotal / list.length;
    return { how, episodes: list.length, wallMs, perMinute: (list.length / wallMs) * 60_000, episodeMs, overheadMs: lanes === 1 ? wallMs / list.length - episodeMs : undefined };
  } finally {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Why the Redis rows cannot run here, or undefined. */
export function redisBenchMissing(): string | undefined {
  return spawnSync('redis-server', ['--version']).status === 0 ? undefined : 'redis-server is not installed';
}

export async function benchSweeps(n: number, workerCounts: readonly number[]): Promise<SweepBenchRow[]> {
  const rows: SweepBenchRow[] = [];
  const list = jobs(n);
  // Baseline: one match after another in this process.
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-match-'));
  try {
    const t0 = performance.now();
    for (const job of list) {
      const result = await runMatch(matchSpecOf(job, { resolve: episodeResolver(), runsDir }, runsDir));
      if (result.status !== 'complete') throw new Error(`a bench match failed: ${result.error?.code} ${result.error?.message}`);
    }
    const wallMs = performance.now() - t0;
    rows.push({ how: 'runMatch one by one', episodes: n, wallMs, perMinute: (n / wallMs) * 60_000, episodeMs: wallMs / n, overheadMs: undefined });
  } finally {
    rmSync(runsDir, { recursive: true, force: true });
  }
  rows.push(await batch('embedded sweep, 1 at once', list, (dir) => new EmbeddedBackend({ resolve: episodeResolver(), runsDir: join(dir, 'runs'), parallel: 1 }), 1));
  rows.push(await batch('embedded sweep, 2 at once', list, (dir) => new EmbeddedBackend({ resolve: episodeResolver(), runsDir: join(dir, 'runs'), parallel: 2 }), 2));
  if (redisBenchMissing()) return rows;
  const port = await freePort();
  const redisDir = mkdtempSync(join(tmpdir(), 'arena-bench-redis-'));
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const workers: ChildProcess[] = [];
  try {
    await waitFor(redis, 'stdout', 'Ready to accept connections');
    const url = `redis://127.0.0.1:${port}`;
    for (const count of workerCounts) {
      while (workers.length < count) {
        const w = spawn(process.execPath, ['bin/arena.js', 'worker', '--redis', url, '--pool', 'bench', '--slots', '1', '--name', `bench-${workers.length}`, '--games', 'last_stand'], { stdio: ['ignore', 'ignore', 'pipe'] });
        workers.push(w);
        await waitFor(w, 'stderr', `worker bench-${workers.length - 1}:`);
      }
      const make = (dir: string): WorkBackend => new RedisBackend({ connection: parseRedisUrl(url), batchDir: dir, batch: `bench-${count}` });
      rows.push(await batch(`redis, ${count} worker${count > 1 ? 's' : ''} x 1 slot`, list, make, count));
    }
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(undefined) : w.once('exit', r)))));
    redis.kill('SIGTERM');
    await new Promise((r) => (redis.exitCode !== null ? r(undefined) : redis.once('exit', r)));
    rmSync(redisDir, { recursive: true, force: true });
  }
  return rows;
}
