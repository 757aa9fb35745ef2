/**
 * The runs browser's data: every run directory under the runs directory, and every episode run a job keeps in
 * its own directory (a curve's rounds, a sweep's cells), with the fields to filter on (game, variant, agent,
 * clock, latency condition, status; curve, sweep, round, cell), and a run's own files, confined to its directory. A job's run has
 * the id `JOB--PATH` with its path inside the job's directory written with `--` for `/`
 * (`curve-...--curve--rounds--0--episodes--e0`), so that it opens like any other run.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { z } from 'zod';
import { recordedFramePath } from '../gateway/index.js';
import { ArenaError, ErrorCode, type RunSummary } from '../protocol/index.js';

/** What a run listing can be narrowed to; each given field must match exactly (`agent`: any of the run's agents). */
export interface RunFilter {
  readonly game?: string | undefined;
  readonly variant?: string | undefined;
  readonly clock?: string | undefined;
  readonly agent?: string | undefined;
  /** A latency condition as the run records it (`none` under pdq, `synthetic:500`, `provider`...): any of its agents'. */
  readonly latency?: string | undefined;
  readonly status?: string | undefined;
  /** A curve job's id: its episode runs. */
  readonly curve?: string | undefined;
  /** A sweep job's id: its episode runs. */
  readonly sweep?: string | undefined;
  /** Any job's id (a tournament's too): the runs in its directory. */
  readonly job?: string | undefined;
  readonly round?: string | undefined;
  readonly cell?: string | undefined;
}

/** The names of the filter fields, as the API's query parameters. */
export const RUN_FILTER_FIELDS = ['game', 'variant', 'clock', 'agent', 'latency', 'status', 'curve', 'sweep', 'job', 'round', 'cell'] as const;

/** Where runs are: the service's runs directory, and the jobs' directories (`DIR/.serve/work/JOB`) with each job's kind. */
export interface RunRoots {
  readonly runsDir: string;
  readonly workDir: string;
  /** The kind of a job by id, for the jobs whose directories may hold runs. */
  readonly jobs: () => ReadonlyMap<string, string>;
}

const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,400}$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** How `/` is written in the id of a run inside a job's directory. */
const SEP = '--';
/** How deep below a job's directory its runs may be (a curve's transfer runs are six levels down). */
const MAX_DEPTH = 7;

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
  agents: z.array(z.looseObject({ kind: z.string().optional(), label: z.string().optional(), latency: z.string().optional() })).catch([]),
  endedAt: z.string().optional().catch(undefined),
  conditions: z.looseObject({ agents: z.array(z.looseObject({ latency: z.string().optional(), settings: z.looseObject({ route: z.looseObject({ model: z.string().optional() }).optional().catch(undefined) }).optional().catch(undefined) })).catch([]) }).optional().catch(undefined),
  result: z
    .looseObject({
      reason: z.string().optional(),
      episode: z.string().optional().catch(undefined),
      players: z.array(z.looseObject({ slot: z.number().catch(0), progress: z.number().catch(0), score: z.number().catch(0), outcome: z.string().catch('none') })).optional().catch(undefined),
      benchmark: z.looseObject({ scores: z.array(z.number()) }).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  failure: z.looseObject({ class: z.string().optional(), code: z.string().optional() }).optional().catch(undefined),
  curveEpisode: z.looseObject({ phase: z.string().optional(), round: z.number().optional(), arm: z.string().optional() }).optional().catch(undefined),
  batch: z.looseObject({ cell: z.string().optional() }).optional().catch(undefined),
  frameIntegrity: z.looseObject({ totals: z.looseObject({ staleShare: z.number() }) }).optional().catch(undefined),
});

function summary(runId: string, raw: Record<string, unknown>, dir: string, job?: { kind: string; id: string }): RunSummary {
  const run = RunFields.parse(raw);
  const reason = run.result?.reason;
  const episode = run.curveEpisode;
  const cell = run.batch?.cell;
  const ended = run.endedAt === undefined ? Number.NaN : Date.parse(run.endedAt) - Date.parse(run.startedAt);
  const duration = Number.isFinite(ended) && ended >= 0 ? ended : undefined;
  return {
    runId,
    game: run.game,
    variant: run.variant,
    clock: run.clock,
    seed: run.seed,
    status: run.status,
    agents: run.agents.map((a) => a.label ?? a.kind ?? ''),
    // The condition the run was played under: what was charged (`none` under pdq), else the agent's source.
    latency: run.agents.map((a, i) => run.conditions?.agents[i]?.latency ?? a.latency ?? ''),
    startedAt: run.startedAt,
    ...(duration === undefined ? {} : { durationMs: duration }),
    ...(reason === undefined ? {} : { reason }),
    ...(run.result?.episode === undefined ? {} : { episode: run.result.episode }),
    ...(run.result?.players === undefined ? {} : { players: [...run.result.players].sort((a, b) => a.slot - b.slot).map((p) => ({ progress: p.progress, score: p.score, outcome: p.outcome })) }),
    // Under the benchmark's profile, the score its runner reports, raw (never clamped): per player, or a Coop team's sum.
    ...(run.result?.benchmark === undefined ? {} : { benchmark: run.result.benchmark.scores }),
    models: run.agents.map((_, i) => run.conditions?.agents[i]?.settings?.route?.model ?? ''),
    ...(run.failure ? { failure: [run.failure.class, run.failure.code].filter(Boolean).join(' ') } : {}),
    hasVideo: existsSync(join(dir, 'episode.mp4')),
    ...(job ? { job } : {}),
    ...(episode?.phase === undefined ? {} : { phase: episode.phase }),
    ...(episode?.round === undefined ? {} : { round: episode.round }),
    ...(episode?.arm === undefined ? {} : { arm: episode.arm }),
    ...(cell === undefined ? {} : { cell }),
    ...(run.frameIntegrity === undefined ? {} : { staleShare: run.frameIntegrity.totals.staleShare }),
  };
}

function matches(s: RunSummary, filter: RunFilter): boolean {
  if (filter.game && s.game !== filter.game) return false;
  if (filter.variant && s.variant !== filter.variant) return false;
  if (filter.clock && s.clock !== filter.clock) return false;
  if (filter.status && s.status !== filter.status) return false;
  if (filter.agent && !s.agents.includes(filter.agent)) return false;
  if (filter.latency && !s.latency.includes(filter.latency)) return false;
  if (filter.curve && !(s.job?.kind === 'curve' && s.job.id === filter.curve)) return false;
  if (filter.sweep && !(s.job?.kind === 'sweep' && s.job.id === filter.sweep)) return false;
  if (filter.job && s.job?.id !== filter.job) return false;
  if (filter.round && String(s.round) !== filter.round) return false;
  if (filter.cell && s.cell !== filter.cell) return false;
  return true;
}

/** The run directories at or below `dir` (not below a run), as paths relative to it split into names. */
function findRuns(dir: string, depth: number, rel: string[], out: string[][]): void {
  if (rel.length > 0 && existsSync(join(dir, 'run.json'))) {
    out.push(rel);
    return;
  }
  if (depth === 0) return;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!NAME.test(name) || name.includes(SEP) || name === 'frames') continue;
    const sub = join(dir, name);
    if (statSync(sub, { throwIfNoEntry: false })?.isDirectory()) findRuns(sub, depth - 1, [...rel, name], out);
  }
}

/** Every run, newest first, narrowed by `filter`. */
export function listRuns(roots: RunRoots, filter: RunFilter = {}): RunSummary[] {
  const out: RunSummary[] = [];
  const add = (runId: string, dir: string, job?: { kind: string; id: string }): void => {
    const run = readRun(dir);
    if (!run) return;
    const s = summary(runId, run, dir, job);
    if (matches(s, filter)) out.push(s);
  };
  if (existsSync(roots.runsDir)) {
    for (const name of readdirSync(roots.runsDir)) if (RUN_ID.test(name)) add(name, join(roots.runsDir, name));
  }
  for (const [id, kind] of roots.jobs()) {
    if ((filter.curve && id !== filter.curve) || (filter.sweep && id !== filter.sweep) || (filter.job && id !== filter.job)) continue;
    const found: string[][] = [];
    findRuns(join(roots.workDir, id), MAX_DEPTH, [], found);
    for (const rel of found) add([id, ...rel].join(SEP), join(roots.workDir, id, ...rel), { kind, id });
  }
  return out.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/** The job whose directory holds a run, by the run's id; undefined for a run in the runs directory. */
export function jobOfRun(runId: string): string | undefined {
  const at = runId.indexOf(SEP);
  return at > 0 ? runId.slice(0, at) : undefined;
}

/** The directory of one run; NOT_FOUND when there is none. */
export function runDir(roots: RunRoots, runId: string): string {
  const missing = (): ArenaError => new ArenaError(ErrorCode.NOT_FOUND, `no run '${runId}'`);
  if (!RUN_ID.test(runId)) throw missing();
  const own = join(roots.runsDir, runId);
  if (existsSync(join(own, 'run.json'))) return own;
  const parts = runId.split(SEP);
  if (parts.length < 2 || parts.some((p) => !NAME.test(p))) throw missing();
  const dir = join(roots.workDir, ...parts);
  if (!existsSync(join(dir, 'run.json'))) throw missing();
  return dir;
}

/** A run's run.json. */
export function readRunRecord(roots: RunRoots, runId: string): Record<string, unknown> {
  const run = readRun(runDir(roots, runId));
  if (!run) throw new ArenaError(ErrorCode.NOT_FOUND, `no readable run.json in '${runId}'`);
  return run;
}

/**
 * The path of a file inside a run (`decisions.jsonl`, `frames/0001-s0.jpg`, `episode.mp4`); for a raw decision
 * frame not yet made its PNG, the PPM that holds it; NOT_FOUND outside the run or when absent.
 */
export function runFile(roots: RunRoots, runId: string, rel: string): string {
  const dir = runDir(roots, runId);
  const clean = normalize(rel);
  if (clean.startsWith('..') || clean.includes(`${sep}..`) || clean.startsWith(sep)) throw new ArenaError(ErrorCode.NOT_FOUND, `no file '${rel}' in run '${runId}'`);
  const path = recordedFramePath(dir, clean) ?? join(dir, clean);
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
