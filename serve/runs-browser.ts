/**
 * The runs browser's data: every run directory under the runs directory with the fields to filter on (game,
 * variant, agent, clock, status), and a run's own files, confined to its directory.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { ArenaError, ErrorCode } from '../protocol/index.js';

/** One run as the browser lists it. */
export interface RunSummary {
  readonly runId: string;
  readonly game: string;
  readonly variant: string;
  readonly clock: string;
  readonly seed: number;
  readonly status: string;
  readonly agents: readonly string[];
  readonly startedAt: string;
  readonly reason?: string;
  readonly hasVideo: boolean;
}

/** What a run listing can be narrowed to; each given field must match exactly (`agent`: any of the run's agents). */
export interface RunFilter {
  readonly game?: string | undefined;
  readonly variant?: string | undefined;
  readonly clock?: string | undefined;
  readonly agent?: string | undefined;
  readonly status?: string | undefined;
}

const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

function readRun(dir: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function summary(runId: string, run: Record<string, unknown>, dir: string): RunSummary {
  const agents = Array.isArray(run.agents) ? (run.agents as { label?: unknown; kind?: unknown }[]).map((a) => String(a.label ?? a.kind ?? '')) : [];
  const result = run.result as { reason?: unknown } | undefined;
  return {
    runId,
    game: String(run.game ?? ''),
    variant: String(run.variant ?? ''),
    clock: String(run.clock ?? ''),
    seed: Number(run.seed ?? 0),
    status: String(run.status ?? ''),
    agents,
    startedAt: String(run.startedAt ?? ''),
    ...(result?.reason === undefined ? {} : { reason: String(result.reason) }),
    hasVideo: existsSync(join(dir, 'episode.mp4')),
  };
}

/** The runs under `runsDir`, newest first, narrowed by `filter`. */
export function listRuns(runsDir: string, filter: RunFilter = {}): RunSummary[] {
  if (!existsSync(runsDir)) return [];
  const out: RunSummary[] = [];
  for (const name of readdirSync(runsDir)) {
    if (!RUN_ID.test(name)) continue;
    const dir = join(runsDir, name);
    const run = readRun(dir);
    if (!run) continue;
    const s = summary(name, run, dir);
    if (filter.game && s.game !== filter.game) continue;
    if (filter.variant && s.variant !== filter.variant) continue;
    if (filter.clock && s.clock !== filter.clock) continue;
    if (filter.status && s.status !== filter.status) continue;
    if (filter.agent && !s.agents.includes(filter.agent)) continue;
    out.push(s);
  }
  return out.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/** The directory of one run; NOT_FOUND when there is none. */
export function runDir(runsDir: string, runId: string): string {
  const dir = join(runsDir, runId);
  if (!RUN_ID.test(runId) || !existsSync(join(dir, 'run.json'))) throw new ArenaError(ErrorCode.NOT_FOUND, `no run '${runId}'`);
  return dir;
}

/** A run's run.json. */
export function readRunRecord(runsDir: string, runId: string): Record<string, unknown> {
  const run = readRun(runDir(runsDir, runId));
  if (!run) throw new ArenaError(ErrorCode.NOT_FOUND, `no readable run.json in '${runId}'`);
  return run;
}

/** The path of a file inside a run (`decisions.jsonl`, `frames/0001-s0.jpg`, `episode.mp4`); NOT_FOUND outside it or when absent. */
export function runFile(runsDir: string, runId: string, rel: string): string {
  const dir = runDir(runsDir, runId);
  const clean = normalize(rel);
  if (clean.startsWith('..') || clean.includes(`${sep}..`) || clean.startsWith(sep)) throw new ArenaError(ErrorCode.NOT_FOUND, `no file '${rel}' in run '${runId}'`);
  const path = join(dir, clean);
  if (!existsSync(path) || !statSync(path).isFile()) throw new ArenaError(ErrorCode.NOT_FOUND, `no file '${rel}' in run '${runId}'`);
  return path;
}

/** Parses a JSON-lines file, skipping a torn last line. */
export function readLines(path: string): unknown[] {
  if (!existsSync(path)) return [];
  const out: unknown[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      // A crash can tear the line in flight; everything before it stands.
    }
  }
  return out;
}
