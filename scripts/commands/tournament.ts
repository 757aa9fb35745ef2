/**
 * `arena tournament`: every line-up the game's regime calls for, N episodes each, through the real gateway;
 * a table per line-up, a rating per agent with a 95% interval, written as CSV and JSON; resumable through
 * results.jsonl in the out dir. See docs/tournament.md.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAgent } from '../../agents/index.js';
import { scriptedPolicies } from '../../games/index.js';
import { runMatch } from '../../gateway/index.js';
import { getGame, getVariant } from '../../games-manifest/index.js';
import { usage } from '../cli-error.js';
import { MatchConfig, parseConfig } from '../match-config.js';
import { ProgressBar } from '../progress-bar.js';
import { parseEntrants, type Entrant } from '../tournament/entrants.js';
import { appendRecord, readRecords, repairLog, type MatchRecord } from '../tournament/results-log.js';
import { lineUps, schedule, type ScheduledMatch } from '../tournament/schedule.js';
import { standings } from '../tournament/standings.js';
import { formatStandings, writeStandings } from '../tournament/tables.js';
import { specFromConfig } from './match.js';

export const tournamentOptions = {
  game: { type: 'string' },
  agents: { type: 'string' },
  episodes: { type: 'string' },
  seed: { type: 'string' },
  clock: { type: 'string' },
  variant: { type: 'string' },
  latency: { type: 'string' },
  'time-limit': { type: 'string' },
  steps: { type: 'string' },
  'obs-delay': { type: 'string' },
  'decision-timeout': { type: 'string' },
  parallel: { type: 'string' },
  'runs-dir': { type: 'string' },
  out: { type: 'string' },
  quiet: { type: 'boolean', default: false },
} as const;

function count(value: string | undefined, flag: string, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) throw usage(`arena tournament needs --${flag}`);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw usage(`--${flag} takes a non-negative number (got '${value}')`);
  return n;
}

/** Everything a match of this tournament shares, as MatchConfig fields. */
interface Shared {
  readonly game: string;
  readonly variant: string;
  readonly clock: 'pdq' | 'lcrt';
  readonly runsDir: string;
  readonly latency?: string;
  readonly timeLimitMs?: number;
  readonly stepBudget?: number;
  readonly observationDelayMs?: number;
  readonly decisionTimeoutMs?: number;
}

/** The line in results.jsonl that says which setup a record was made under. */
function setupOf(s: Shared): string {
  const parts = [`${s.game}/${s.variant}`, s.clock];
  if (s.latency !== undefined) parts.push(`latency=${s.latency}`);
  if (s.timeLimitMs !== undefined) parts.push(`time-limit=${s.timeLimitMs}ms`);
  if (s.stepBudget !== undefined) parts.push(`steps=${s.stepBudget}`);
  if (s.observationDelayMs !== undefined) parts.push(`obs-delay=${s.observationDelayMs}ms`);
  return parts.join(' ');
}

function matchConfig(shared: Shared, match: ScheduledMatch, entrants: ReadonlyMap<string, Entrant>): MatchConfig {
  const { latency, ...rest } = shared;
  const agents = match.agents.map((label) => {
    const e = entrants.get(label)!;
    return { kind: e.kind, label, ...(latency === undefined ? {} : { latency }), ...(e.vlm === undefined ? {} : { vlm: e.vlm }) };
  });
  return parseConfig({ ...rest, seed: match.seed, agents }, MatchConfig, 'tournament');
}

/** Runs `work` over `items` with at most `limit` running at once, in order of start. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/** Flags of `arena tournament`, parsed. */
export type TournamentFlags = ReturnType<typeof parseArgs<{ options: typeof tournamentOptions; allowPositionals: false }>>['values'];

/**
 * Checks a tournament's flags as the command does (unknown game, variant or agent, bad counts: BAD_CONFIG and
 * the manifest's codes) and works out its schedule, before any match runs.
 */
export async function planTournament(values: TournamentFlags) {
  if (values.game === undefined) throw usage('arena tournament needs --game');
  if (values.agents === undefined) throw usage('arena tournament needs --agents A,B,...');
  const entry = getGame(values.game);
  const variant = getVariant(entry, values.variant ?? entry.variants[0]!.id).id;
  const clock = values.clock ?? 'pdq';
  if (clock !== 'pdq' && clock !== 'lcrt') throw usage(`--clock takes pdq or lcrt (got '${clock}')`);
  const episodes = count(values.episodes, 'episodes');
  if (!Number.isInteger(episodes) || episodes < 1) throw usage('--episodes takes a whole number of at least 1');
  const entrants = parseEntrants(values.agents);
  const needed = entry.regime === 'solo' ? 1 : 2;
  if (entry.slots.length !== needed) throw usage(`tournaments take games with ${needed} slot${needed > 1 ? 's' : ''} for ${entry.regime}; ${entry.id} has ${entry.slots.length}`);
  if (entrants.length < (entry.regime === 'pvp' ? 2 : 1)) throw usage(`a ${entry.regime} tournament needs at least ${entry.regime === 'pvp' ? 2 : 1} agents`);
  const outDir = values.out ?? join('tournaments', `${entry.id}-${variant}-${clock}`);
  const limit = values['time-limit'] === undefined ? undefined : Math.round(count(values['time-limit'], 'time-limit') * 1000);
  const steps = values.steps === undefined ? undefined : count(values.steps, 'steps');
  const delay = values['obs-delay'] === undefined ? undefined : count(values['obs-delay'], 'obs-delay');
  const timeout = values['decision-timeout'] === undefined ? undefined : count(values['decision-timeout'], 'decision-timeout');
  const shared: Shared = {
    game: entry.id,
    variant,
    clock,
    runsDir: values['runs-dir'] ?? join(outDir, 'runs'),
    ...(values.latency === undefined ? {} : { latency: values.latency }),
    ...(limit === undefined ? {} : { timeLimitMs: limit }),
    ...(steps === undefined ? {} : { stepBudget: steps }),
    ...(delay === undefined ? {} : { observationDelayMs: delay }),
    ...(timeout === undefined ? {} : { decisionTimeoutMs: timeout }),
  };
  const setup = setupOf(shared);
  const byLabel = new Map(entrants.map((e) => [e.label, e]));
  const labels = entrants.map((e) => e.label);
  const matches = schedule(entry.regime, labels, episodes, count(values.seed, 'seed', 1));
  // Fail on an agent that cannot be made before any match runs.
  for (const e of entrants) await createAgent(e.kind, { scripted: scriptedPolicies, game: entry.id, seed: 1, vlm: e.vlm }).close();

  return { entry, variant, clock, episodes, entrants, outDir, shared, setup, byLabel, labels, matches };
}

export async function tournamentCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: tournamentOptions, allowPositionals: false, strict: true });
  const { entry, variant, clock, episodes, entrants, outDir, shared, setup, byLabel, labels, matches } = await planTournament(values);
  mkdirSync(outDir, { recursive: true });
  const log = join(outDir, 'results.jsonl');
  repairLog(log);
  const before = readRecords(log, setup);
  for (const r of before.records) {
    r.agents.forEach((label, i) => {
      const e = byLabel.get(label);
      if (e !== undefined && e.kind !== r.kinds[i]) throw usage(`${log} has '${label}' as a ${r.kinds[i]} agent, not ${e.kind}; use another label or --out`);
    });
  }
  const done = new Set(before.records.map((r) => r.key));
  const todo = matches.filter((m) => !done.has(m.key));
  process.stderr.write(`tournament ${setup}: ${matches.length} matches, ${todo.length} to play, ${matches.length - todo.length} already in ${log}${before.skipped ? ` (${before.skipped} unreadable lines skipped)` : ''}\n`);

  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  const bar = values.quiet || todo.length === 0 ? undefined : new ProgressBar(`tournament ${entry.id}`);
  let finished = 0;
  let failed = 0;
  await pool(todo, count(values.parallel, 'parallel', 1), async (match) => {
    if (controller.signal.aborted) return;
    const config = matchConfig(shared, match, byLabel);
    const spec = specFromConfig(config);
    const result = await runMatch({ ...spec, meta: { ...spec.meta, tournament: { out: outDir, key: match.key } }, signal: controller.signal });
    finished++;
    if (result.status === 'complete') {
      const record: MatchRecord = {
        key: match.key,
        setup,
        agents: [...match.agents],
        kinds: match.agents.map((l) => byLabel.get(l)!.kind),
        episode: match.episode,
        seed: match.seed,
        reason: result.reason,
        simMs: result.simMs,
        players: result.players.map((p) => ({ slot: p.slot, label: p.label, progress: p.progress, score: p.score, outcome: p.outcome })),
        runId: result.runId,
        dir: result.dir,
        finishedAt: new Date().toISOString(),
      };
      appendRecord(log, record);
    } else {
      failed++;
      process.stderr.write(`\n${match.key}: INCOMPLETE ${result.error?.code ?? ''} (${result.error?.class ?? ''}): ${result.error?.message ?? ''}; a rerun retries it\n`);
    }
    bar?.update(finished / todo.length, `${finished}/${todo.length} ${match.key}`);
  });
  process.off('SIGINT', onSigint);
  bar?.done();

  const order = new Map(matches.map((m, i) => [m.key, i]));
  const records = new Map<string, MatchRecord>();
  for (const r of readRecords(log, setup).records) if (order.has(r.key) && !records.has(r.key)) records.set(r.key, r);
  const played = [...records.values()].sort((a, b) => order.get(a.key)! - order.get(b.key)!);
  const table = standings(entry.regime, labels, lineUps(entry.regime, labels), played);
  process.stdout.write(formatStandings(entry.regime, table));
  writeStandings(outDir, table, {
    game: entry.id,
    variant,
    regime: entry.regime,
    clock,
    setup,
    episodes,
    agents: entrants.map((e) => ({ label: e.label, kind: e.kind })),
    matches: { scheduled: matches.length, recorded: played.length, playedThisRun: finished - failed, failedThisRun: failed },
  });
  process.stderr.write(`tournament: ${played.length}/${matches.length} matches recorded; tables in ${outDir}\n`);
  return failed > 0 || controller.signal.aborted ? 1 : 0;
}
