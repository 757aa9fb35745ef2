/**
 * `arena audit`: the invariants the gateway promises, checked on a user's own setup. For each game (and
 * profile) it plays the same short episode under pdq, under lcrt charged 0 ms and under lcrt charged L ms,
 * through the work layer, and checks that lcrt at 0 is pdq record for record, that lcrt at L charges exactly
 * L per decision and nothing else, that each run re-simulates bit for bit (reference games), that a two-player
 * game gives the mirrored result with the seats swapped (the agent against an idle one), and, when asked, that a
 * Redis worker and an `arena bridge` play the same episode alike.
 */
import { join, resolve } from 'node:path';
import { PROJECT_ROOT, startGameProcess, type GameEndpoint } from '../../env-bridge/index.js';
import { getGame, type GameEntry } from '../../games-manifest/index.js';
import { AdvanceRecord, PlacementRecord, readRunRecord, resimulate } from '../../gateway/index.js';
import { EmbeddedBackend, runOne, type EpisodeJob, type WorkBackend } from '../../sweeps/index.js';
import { episodeConfig, episodeResolver } from '../sweep/episode-spec.js';
import { entryOf } from '../match/match-entry.js';
import { batchBackend } from '../sweep/work-backend.js';
import { behaviourOf, firstDifference } from './behaviour.js';

/** One game as the audit plays it. */
export interface AuditTarget {
  readonly game: string;
  readonly variant?: string | undefined;
  readonly profile: 'default' | 'omnigamearena';
  /** Where the game runs when it is not launched here (a RemoteInput build or a GameLink endpoint). */
  readonly env?: string | undefined;
  readonly maps?: string | undefined;
  /** The agent kind of every slot. */
  readonly agent: string;
  readonly steps: number;
  readonly seed: number;
  /** The synthetic latency charged in the third run, ms. */
  readonly latencyMs: number;
}

export interface AuditOptions {
  readonly targets: readonly AuditTarget[];
  /** Where the audit's runs go (a batch folder: `runs/` inside it). */
  readonly dir: string;
  /** Also play the pdq episode on the fleet at this Redis URL (an `arena worker` must serve it). */
  readonly redis?: string | undefined;
  /** Also play the pdq episode of each reference game through an `arena bridge` started here. */
  readonly bridge?: boolean;
  /** Called with each row as soon as it is known. */
  readonly onRow?: (row: AuditRow) => void;
  /** Starts a game another way than a child process (the tests serve it in process). */
  readonly launch?: (entry: GameEntry, options?: { readonly privileged: boolean; readonly perception?: boolean; readonly keyNames?: 'controls' | 'ue' }) => Promise<GameEndpoint>;
}

/** One check's verdict. */
export interface AuditRow {
  readonly game: string;
  readonly profile: string;
  readonly check: string;
  readonly pass: boolean;
  /** The first difference found, or what was checked. */
  readonly detail: string;
}

type Clocked = { clock: 'pdq' } | { clock: 'lcrt'; latencyMs: number };

const tag = (c: Clocked): string => (c.clock === 'pdq' ? 'pdq' : `lcrt${c.latencyMs}`);

function jobOf(t: AuditTarget, c: Clocked, suffix = ''): EpisodeJob {
  const entry = getGame(t.game);
  const variant = t.variant ?? entry.variants[0]!.id;
  const latency = c.clock === 'lcrt' ? `synthetic:${c.latencyMs}` : 'none';
  // Under the benchmark's profile the first decision is made with the world running, as the runner makes it,
  // and charged by the slot's latency source even under pdq: 0 ms synthetic keeps the pdq run deterministic.
  const source = c.clock === 'lcrt' ? latency : 'synthetic:0';
  const id = `audit-${t.game}-${t.profile}-${tag(c)}${suffix}`;
  return {
    id,
    batch: 'audit',
    cell: id,
    cellInfo: { game: t.game, variant, clock: c.clock, latency, lineup: entry.slots.map(() => t.agent) },
    episode: 0,
    seed: t.seed,
    pool: 'default',
    agents: entry.slots.map((s) => ({ slot: s.slot, label: t.agent, kind: t.agent, latency: source })),
    stepBudget: t.steps,
    ...(t.profile === 'default' ? {} : { profile: t.profile }),
    ...(t.env === undefined ? {} : { env: t.env }),
    ...(t.maps === undefined ? {} : { maps: t.maps }),
  };
}

/** The pdq job of a two-player game with the audited agent in one seat and an idle one in the other, seats in `order`. */
function seatedJob(t: AuditTarget, order: 'agent-first' | 'agent-second'): EpisodeJob {
  const base = jobOf(t, { clock: 'pdq' }, `-${order}`);
  const seats = order === 'agent-first' ? [t.agent, 'idle'] : ['idle', t.agent];
  return { ...base, cellInfo: { ...base.cellInfo, lineup: seats }, agents: base.agents.map((a, i) => ({ ...a, kind: seats[i]!, label: seats[i] === t.agent ? 'agent' : 'idle' })) };
}

/** Each player's result by label, and how the episode ended: what a mirrored result must repeat. */
function seatedResult(dir: string): unknown {
  const result = readRunRecord(dir).run.result;
  const players = Object.fromEntries((result?.players ?? []).map((p) => [p.label, { progress: p.progress, score: p.score, outcome: p.outcome, decisions: p.decisions }]));
  return { reason: result?.reason, simMs: result?.simMs, players };
}

/** Plays `job` on `backend`; the run directory, or an error naming what went wrong. */
async function play(backend: WorkBackend, job: EpisodeJob, dir: string): Promise<string> {
  const outcome = await runOne(backend, { job, attempt: 0 }, undefined);
  if (!outcome) throw new Error(`${job.id}: no outcome`);
  if (outcome.status !== 'complete') throw new Error(`${job.id}: ${outcome.failure?.code ?? outcome.reason}: ${outcome.failure?.message ?? 'failed'}`);
  return resolve(dir, outcome.dir);
}

/** What lcrt charged L ms must show: every placement and decision charged exactly L, each chunk L after its observation, every advance exact. */
function chargedExactly(dir: string, latencyMs: number): string | undefined {
  const r = readRunRecord(dir);
  for (const l of r.ledger) {
    if (l.kind === 'placement') {
      const p = PlacementRecord.parse(l);
      if (p.chargedMs !== latencyMs) return `placement of slot ${p.slot} step ${p.step}: charged ${p.chargedMs} ms, not ${latencyMs}`;
      if (p.chunkStartMs - p.observedAtMs !== latencyMs) return `slot ${p.slot} step ${p.step}: chunk starts ${p.chunkStartMs - p.observedAtMs} ms after its observation, not ${latencyMs}`;
    }
    if (l.kind === 'advance') {
      const a = AdvanceRecord.parse(l);
      if (a.actualMs !== a.requestedMs && !a.ended) return `advance from ${a.fromMs} ms ran ${a.actualMs} ms of ${a.requestedMs} asked`;
    }
  }
  for (const d of r.decisions) if (d.chargedMs !== latencyMs) return `decision slot ${d.slot} step ${d.step}: charged ${d.chargedMs} ms, not ${latencyMs}`;
  if (r.decisions.length === 0) return 'no decision was made';
  return undefined;
}

/** Runs a check, turning a thrown error into a failed row. */
async function check(rows: AuditRow[], options: AuditOptions, t: AuditTarget, name: string, body: () => Promise<string | undefined> | string | undefined, passed: string): Promise<void> {
  let row: AuditRow;
  try {
    const difference = await body();
    row = { game: t.game, profile: t.profile, check: name, pass: difference === undefined, detail: difference ?? passed };
  } catch (err) {
    row = { game: t.game, profile: t.profile, check: name, pass: false, detail: err instanceof Error ? err.message : String(err) };
  }
  rows.push(row);
  options.onRow?.(row);
}

/** A reference game served by `arena bridge` in a child process, for as long as `body` runs. */
async function throughBridge<T>(game: string, body: (env: string) => Promise<T>): Promise<T> {
  const bridge = await startGameProcess({ command: process.execPath, args: [join(PROJECT_ROOT, 'bin', 'arena.js'), 'bridge', '--game', game, '--quiet'], cwd: PROJECT_ROOT, startTimeoutMs: 60_000 });
  try {
    return await body(`ws://127.0.0.1:${bridge.port}`);
  } finally {
    await bridge.stop();
  }
}

/** The entry an audit job plays, as the resolver would resolve it. */
const entryOfJob = (job: Parameters<typeof episodeConfig>[0]) => entryOf(episodeConfig(job));

/** Every check on every target; the rows in order. */
export async function runAudit(options: AuditOptions): Promise<AuditRow[]> {
  const rows: AuditRow[] = [];
  const runsDir = join(options.dir, 'runs');
  const embedded = new EmbeddedBackend({ resolve: episodeResolver(), runsDir, parallel: 1, ...(options.launch ? { launch: options.launch } : {}) });
  const fleet = options.redis === undefined ? undefined : batchBackend({ redis: options.redis, parallel: 1, runsDir, batchDir: options.dir, batch: 'audit' });
  try {
    for (const t of options.targets) {
      const reference = t.env === undefined && entryOfJob(jobOf(t, { clock: 'pdq' })).launch.kind === 'builtin';
      const dirs = new Map<string, string>();
      const run = async (c: Clocked): Promise<string> => {
        const known = dirs.get(tag(c));
        if (known) return known;
        const dir = await play(embedded, jobOf(t, c), options.dir);
        dirs.set(tag(c), dir);
        return dir;
      };
      await check(rows, options, t, 'lcrt charged 0 ms is pdq, record for record', async () => firstDifference(behaviourOf(await run({ clock: 'pdq' })), behaviourOf(await run({ clock: 'lcrt', latencyMs: 0 }))), 'frames, events, progress and result equal');
      await check(rows, options, t, `lcrt charged ${t.latencyMs} ms charges exactly that`, async () => chargedExactly(await run({ clock: 'lcrt', latencyMs: t.latencyMs }), t.latencyMs), `every decision charged ${t.latencyMs} ms, every advance exact`);
      if (reference) {
        await check(rows, options, t, 'every run re-simulates bit for bit', async () => {
          for (const dir of dirs.values()) {
            const report = await resimulate(dir, options.launch ? { launch: options.launch } : {});
            if (report.mismatch) return `${report.runId}: step ${report.mismatch.step}: ${report.mismatch.message}`;
          }
          return undefined;
        }, `${dirs.size} runs replayed`);
      }
      if (getGame(t.game).regime === 'pvp' && getGame(t.game).slots.length === 2) {
        await check(rows, options, t, 'swapped seats give the mirrored result', async () => {
          const first = seatedResult(await play(embedded, seatedJob(t, 'agent-first'), options.dir));
          return firstDifference(first, seatedResult(await play(embedded, seatedJob(t, 'agent-second'), options.dir)));
        }, `${t.agent} against idle in both seats: same result, same end`);
      }
      if (fleet) {
        await check(rows, options, t, 'a Redis worker plays it alike', async () => firstDifference(behaviourOf(await run({ clock: 'pdq' })), behaviourOf(await play(fleet, jobOf(t, { clock: 'pdq' }, '-redis'), options.dir))), 'frames, events, progress and result equal');
      }
      if (options.bridge === true && reference) {
        await check(rows, options, t, 'arena bridge plays it alike', async () => {
          const local = behaviourOf(await run({ clock: 'pdq' }));
          return throughBridge(t.game, async (env) => firstDifference(local, behaviourOf(await play(embedded, { ...jobOf(t, { clock: 'pdq' }, '-bridge'), env }, options.dir))));
        }, 'frames, events, progress and result equal');
      }
    }
  } finally {
    await embedded.close();
    await fleet?.close();
  }
  return rows;
}

/** The rows as an aligned table with a closing count. */
export function auditTable(rows: readonly AuditRow[]): string {
  const head = ['game', 'profile', 'check', 'result', 'detail'];
  const body = rows.map((r) => [r.game, r.profile, r.check, r.pass ? 'pass' : 'FAIL', r.detail]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (i === 4 ? 0 : b[i]!.length))));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === 4 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  const failed = rows.filter((r) => !r.pass).length;
  return [line(head), ...body.map(line), '', `${rows.length - failed} passed, ${failed} failed`].join('\n');
}
