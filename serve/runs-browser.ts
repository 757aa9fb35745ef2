/**
 * The runs browser's data: every run directory under the runs directory with the fields to filter on (game,
 * variant, agent, clock, status), and a run's own files, confined to its directory.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { z } from 'zod';
import { ArenaError, ErrorCode, type RunSummary } from '../protocol/index.js';

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

/** The run.json fields the browser lists; anything else in the file is kept but not looked at. */
const RunFields = z.looseObject({
  game: z.string().catch(''),
  variant: z.string().catch(''),
  clock: z.string().catch(''),
  seed: z.number().catch(0),
  status: z.string().catch(''),
  startedAt: z.string().catch(''),
  agents: z.array(z.looseObject({ kind: z.string().optional(), label: z.string().optional() })).catch([]),
  result: z.looseObject({ reason: z.string().optional() }).optional().catch(undefined),
});

function summary(runId: string, raw: Record<string, unknown>, dir: string): RunSummary {
  const run = RunFields.parse(raw);
  const reason = run.result?.reason;
  return {
    runId,
    game: run.game,
    variant: run.variant,
    clock: run.clock,
    seed: run.seed,
    status: run.status,
    agents: run.agents.map((a) => a.label ?? a.kind ?? ''),
    startedAt: run.startedAt,
    ...(reason === undefined ? {} : { reason }),
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
