/** Sweep test helpers: spec files, worker processes, the deterministic part of a sweep's tables, store polling. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readSweepTables } from '../../sweeps/index.js';
import { startArena, type ArenaProcess } from './arena-process.js';

/** The small sweep every fleet test plays: last_stand, scripted and random, pdq and jittered synthetic lcrt, 2 seeds. */
export function smallSpec(o: { pool?: string; budget?: number; steps?: number; episodes?: number } = {}): string {
  return [
    'name: small',
    `games: [{ game: last_stand, pool: ${o.pool ?? 'default'} }]`,
    'agents:',
    '  - { label: scripted, kind: scripted }',
    '  - { label: random, kind: random }',
    'clocks: [pdq, lcrt]',
    'latencies: [synthetic:300:100]',
    `episodes: ${o.episodes ?? 2}`,
    `match: { steps: ${o.steps ?? 3}, timeLimitMs: 20000, observationDelayMs: 0 }`,
    ...(o.budget === undefined ? [] : [`budgets: { episodes: ${o.budget} }`]),
    '',
  ].join('\n');
}

/** Writes `text` to `<dir>/<name>` and returns the path. */
export function writeSpec(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The tables of a sweep folder without the wall-clock figures (those differ run to run). */
export function resultTables(dir: string): unknown {
  const t = readSweepTables(dir);
  return { cells: t.cells, pdqLcrt: t.pdqLcrt, episodes: t.episodes, decisions: t.models.map((m) => [m.agent, m.episodes, m.decisions, m.chargedP50Ms, m.chargedP95Ms, m.invalidRate, m.completionRate]) };
}

/** Rows of the store: episode id, attempt and worker. */
export function storedRows(dir: string): { id: string; attempt: number; worker: string }[] {
  const db = new Database(join(dir, 'results.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT id, attempt, outcome FROM episodes ORDER BY id').all() as { id: string; attempt: number; outcome: string }[]).map((r) => ({ id: r.id, attempt: r.attempt, worker: (JSON.parse(r.outcome) as { worker: string }).worker }));
  } finally {
    db.close();
  }
}

/** Resolves when `check` holds, polling every 100 ms (a store on disk has no event to wait on); rejects after `ms`. */
export async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (check()) return;
    } catch {
      // not there yet (a store not yet created)
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts `arena worker` processes; each resolves once its registration line is printed. */
export async function startWorkers(redisUrl: string, names: readonly string[], extra: readonly string[] = []): Promise<ArenaProcess[]> {
  return Promise.all(
    names.map(async (name) => {
      // No calibration episode at start unless a test asks for one (`extra` comes last and wins). A 10 s job lock: a
      // loaded machine that renews a lock late would otherwise hand a live worker's episode on and play it twice; a
      // test that kills or freezes a worker asks for a short lock itself.
      const p = startArena(['worker', '--redis', redisUrl, '--name', name, '--lock-ms', '10000', '--calibrate', '0', ...extra]);
      await waitForLine(p, `worker ${name}:`);
      return p;
    }),
  );
}

/** Resolves when the process's stderr contains `text`; rejects if it exits first. */
export function waitForLine(p: ArenaProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (d: Buffer | string): void => {
      seen += d.toString();
      if (seen.includes(text)) {
        p.child.stderr!.off('data', onData);
        resolve();
      }
    };
    p.child.stderr!.on('data', onData);
    void p.exited.then((e) => reject(new Error(`process exited before '${text}': ${e.stderr}`)));
  });
}

/** Kills each process (SIGTERM, or SIGKILL when `hard`) and waits for it. */
export async function stopAll(ps: readonly ArenaProcess[], hard = false): Promise<void> {
  await Promise.all(
    ps.map(async (p) => {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(hard ? 'SIGKILL' : 'SIGTERM');
      await p.exited;
    }),
  );
}
