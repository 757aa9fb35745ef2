/**
 * Sweep scale: sweeps of one-decision episodes at growing sizes on the embedded backend and on Redis with worker
 * processes. At each size: the coordinator's overhead per episode (embedded: wall time not spent in episodes;
 * Redis: the coordinator process's CPU time, from its first stored outcome on), the results store's size, Redis memory (INFO used_memory, peak
 * while the sweep ran) and the report's build time. Then a kill -9 of the coordinator halfway through the
 * largest sweep and a resume: episodes played more than once, and whether the table is the uninterrupted one's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { EmbeddedBackend, readSweepTables, runBatch, STORE_FILE, writeSweepReport } from '../../sweeps/index.js';
import { oneDecisionJobs, oneDecisionResolver } from './one-decision-game.js';
import { freePort, redisBenchMissing, waitFor } from './sweep-throughput.js';

/** One sweep of one size on one backend. */
export interface ScaleRow {
  readonly backend: 'embedded' | 'redis';
  readonly episodes: number;
  readonly wallMs: number;
  /** Mean wall ms of an episode where it ran. */
  readonly episodeMs: number;
  /** Embedded: wall ms per episode outside episodes; Redis: the coordinator process's CPU ms per episode. */
  readonly overheadMs: number;
  readonly storeBytes: number;
  readonly reportMs: number;
  /** Redis only: used_memory before the sweep and its peak while it ran. */
  readonly redisBaseBytes?: number;
  readonly redisPeakBytes?: number;
}

/** The kill -9 at half the largest sweep and its resume. */
export interface ScaleKill {
  readonly episodes: number;
  readonly storedAtKill: number;
  /** Episode starts over both coordinator runs, and episodes started more than once. */
  readonly starts: number;
  readonly playedTwice: number;
  readonly stored: number;
  readonly sameTable: boolean;
}

export interface ScaleResult {
  readonly rows: ScaleRow[];
  readonly kill?: ScaleKill;
  readonly redisMissing?: string;
}

/** The store file and its write-ahead log, bytes. */
function storeBytes(dir: string): number {
  return [STORE_FILE, `${STORE_FILE}-wal`].map((f) => join(dir, f)).reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);
}

/** The deterministic part of a sweep's tables (no wall-clock figures). */
function fixedTables(dir: string): string {
  const t = readSweepTables(dir);
  return JSON.stringify({ cells: t.cells, pdqLcrt: t.pdqLcrt, episodes: t.episodes, models: t.models.map((m) => [m.agent, m.episodes, m.decisions, m.invalidRate, m.completionRate]) });
}

async function reportMs(dir: string): Promise<number> {
  const t0 = performance.now();
  await writeSweepReport(dir);
  return performance.now() - t0;
}

async function embedded(n: number): Promise<ScaleRow> {
  const dir = mkdtempSync(join(tmpdir(), 'arena-bench-scale-'));
  try {
    let inEpisodes = 0;
    const backend = new EmbeddedBackend({ resolve: oneDecisionResolver, runsDir: join(dir, 'runs'), parallel: 1 });
    const t0 = performance.now();
    const s = await runBatch({ dir, jobs: oneDecisionJobs(n, 'scale'), backend, onStored: (_j, o) => void (inEpisodes += o.wallMs) });
    const wallMs = performance.now() - t0;
    await backend.close();
    if (s.stored !== n || s.failedNow > 0) throw new Error(`embedded scale sweep of ${n}: ${s.stored} stored, ${s.failedNow} failed`);
    return { backend: 'embedded', episodes: n, wallMs, episodeMs: inEpisodes / n, overheadMs: (wallMs - inEpisodes) / n, storeBytes: storeBytes(dir), reportMs: await reportMs(dir) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What scale-coordinator.ts prints at the end. */
interface CoordinatorRun {
  readonly wallMs: number;
  readonly cpuMsPerEpisode: number;
  readonly episodeMs: number;
  readonly played: number;
  readonly failed: number;
}

/** The fleet of the Redis rows: a redis-server and worker processes whose episode starts are counted. */
class Fleet {
  private readonly children: ChildProcess[] = [];
  readonly starts: string[] = [];
  redis!: Redis;
  url = '';
  private dir = '';

  async start(workers: number): Promise<void> {
    const port = await freePort();
    this.dir = mkdtempSync(join(tmpdir(), 'arena-bench-scale-redis-'));
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.children.push(server);
    await waitFor(server, 'stdout', 'Ready to accept connections');
    this.url = `redis://127.0.0.1:${port}`;
    this.redis = new Redis(port, '127.0.0.1');
    for (let i = 0; i < workers; i++) {
      const w = spawn(process.execPath, ['bin/run.js', 'scripts/bench/scale-worker.ts', this.url, 'scale', `scale-${i}`], { stdio: ['ignore', 'ignore', 'pipe'] });
      this.children.push(w);
      let rest = '';
      w.stderr.on('data', (d: Buffer) => {
        const lines = (rest + d.toString()).split('\n');
        rest = lines.pop()!;
        for (const l of lines) {
          const m = / (\S+) \(attempt \d+\) starts$/.exec(l);
          if (m) this.starts.push(m[1]!);
        }
      });
      await waitFor(w, 'stderr', `worker scale-${i}:`);
    }
  }

  async usedMemory(): Promise<number> {
    return Number(/used_memory:(\d+)/.exec(await this.redis.info('memory'))![1]);
  }

  coordinator(dir: string, n: number, prefix: string): { child: ChildProcess; done: Promise<CoordinatorRun> } {
    const child = spawn(process.execPath, ['bin/run.js', 'scripts/bench/scale-coordinator.ts', this.url, 'scale', dir, String(n), prefix], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => void (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
    const done = new Promise<CoordinatorRun>((resolve, reject) =>
      child.once('exit', (code, signal) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!) as CoordinatorRun) : reject(new Error(`scale coordinator exited ${signal ?? code}: ${err.slice(-2000)}`)))),
    );
    return { child, done };
  }

  async stop(): Promise<void> {
    this.redis?.disconnect();
    for (const c of this.children.slice(1)) c.kill('SIGTERM');
    await Promise.all(this.children.slice(1).map((c) => new Promise((r) => (c.exitCode !== null ? r(undefined) : c.once('exit', r)))));
    const server = this.children[0];
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r(undefined) : server.once('exit', r)));
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function onRedis(fleet: Fleet, n: number, dir: string): Promise<ScaleRow> {
  const base = await fleet.usedMemory();
  let peak = base;
  const sampler = setInterval(() => void fleet.usedMemory().then((m) => void (peak = Math.max(peak, m)), () => undefined), 200);
  try {
    const r = await fleet.coordinator(dir, n, `n${n}`).done;
    if (r.played !== n || r.failed > 0) throw new Error(`redis scale sweep of ${n}: ${r.played} played, ${r.failed} failed`);
    peak = Math.max(peak, await fleet.usedMemory());
    return { backend: 'redis', episodes: n, wallMs: r.wallMs, episodeMs: r.episodeMs, overheadMs: r.cpuMsPerEpisode, storeBytes: storeBytes(dir), reportMs: await reportMs(dir), redisBaseBytes: base, redisPeakBytes: peak };
  } finally {
    clearInterval(sampler);
  }
}

const storedCount = (dir: string): number => {
  if (!existsSync(join(dir, STORE_FILE))) return 0;
  const db = new Database(join(dir, STORE_FILE), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM episodes').get() as { n: number }).n;
  } catch {
    return 0; // created, its tables not yet
  } finally {
    db.close();
  }
};

/** Kills the coordinator with SIGKILL once half of `n` is stored, resumes, and compares with `reference`'s table. */
async function killAndResume(fleet: Fleet, n: number, reference: string): Promise<ScaleKill> {
  const dir = mkdtempSync(join(tmpdir(), 'arena-bench-scale-kill-'));
  try {
    const from = fleet.starts.length;
    const first = fleet.coordinator(dir, n, `n${n}`);
    first.done.catch(() => undefined);
    try {
      for (;;) {
        await new Promise((r) => setTimeout(r, 50));
        if (first.child.exitCode !== null) throw new Error('the scale coordinator ended before the kill');
        if (storedCount(dir) >= n / 2) break;
      }
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
    if (first.child.exitCode === null && first.child.signalCode === null) await new Promise((r) => first.child.once('exit', r));
    const storedAtKill = storedCount(dir);
    await fleet.coordinator(dir, n, `n${n}`).done;
    // Starts arrive on the workers' stderr: the last outcomes are stored once their start lines are in.
    const starts = fleet.starts.slice(from);
    const counts = new Map<string, number>();
    for (const id of starts) counts.set(id, (counts.get(id) ?? 0) + 1);
    return { episodes: n, storedAtKill, starts: starts.length, playedTwice: [...counts.values()].filter((c) => c > 1).length, stored: storedCount(dir), sameTable: fixedTables(dir) === fixedTables(reference) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One row as a line, printed as soon as it is measured (a long run interrupted keeps what it had). */
const brief = (r: ScaleRow): string =>
  `${r.backend} ${r.episodes}: ${(r.wallMs / 1000).toFixed(1)} s, episode ${r.episodeMs.toFixed(2)} ms, overhead ${r.overheadMs.toFixed(3)} ms/episode, store ${r.storeBytes} B, report ${r.reportMs.toFixed(0)} ms${r.redisPeakBytes === undefined ? '' : `, redis used_memory ${r.redisBaseBytes} -> peak ${r.redisPeakBytes} B`}`;

/** Runs every size on both backends (`workers` worker processes of one slot for Redis), then the kill at the largest. */
export async function benchSweepScale(sizes: readonly number[], workers: number, say: (line: string) => void = () => undefined): Promise<ScaleResult> {
  const rows: ScaleRow[] = [];
  // Warm-up (compiled code, the game's first launches), not counted: the first size would carry it alone.
  await embedded(20);
  for (const n of sizes) {
    rows.push(await embedded(n));
    say(`  ${brief(rows[rows.length - 1]!)}`);
  }
  const missing = redisBenchMissing();
  if (missing) return { rows, redisMissing: missing };
  const fleet = new Fleet();
  const dirs: string[] = [];
  try {
    await fleet.start(workers);
    for (const n of sizes) {
      const dir = mkdtempSync(join(tmpdir(), 'arena-bench-scale-r-'));
      dirs.push(dir);
      rows.push(await onRedis(fleet, n, dir));
      say(`  ${brief(rows[rows.length - 1]!)}`);
    }
    const largest = Math.max(...sizes);
    const kill = await killAndResume(fleet, largest, dirs[sizes.indexOf(largest)]!);
    return { rows, kill };
  } finally {
    await fleet.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
