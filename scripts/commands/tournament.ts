/**
 * `arena tournament`: every line-up the game's regime calls for, N episodes each, through the real gateway;
 * a table per line-up, a rating per agent with a 95% interval, written as CSV and JSON; resumable through
 * results.jsonl in the out dir. See docs/tournament.md.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { getGame, getVariant, runnerGame, type GameEntry } from '../../games-manifest/index.js';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { digest, type EpisodeJob } from '../../sweeps/index.js';
import { makeAgent } from '../agent-factory.js';
import { batchBackend, placementFlag } from '../work-backend.js';
import { usage } from '../cli-error.js';
import { limitFlags } from '../cli/limit-flags.js';
import { parseFlags, type CommandSpec, type FlagTable, type FlagValues } from '../cli/flags.js';
import { MatchConfig, parseConfig } from '../match-config.js';
import { ProgressBar } from '../progress-bar.js';
import { abortOnStopSignals } from '../stop-signals.js';
import { parseEntrants, type Entrant } from '../tournament/entrants.js';
import { appendRecord, readRecords, repairLog, type MatchRecord } from '../tournament/results-log.js';
import { lineUps, schedule, type ScheduledMatch } from '../tournament/schedule.js';
import { standings } from '../tournament/standings.js';
import { benchmarkPlayers } from '../tournament/benchmark-progress.js';
import { entryOf } from './match.js';
import { formatStandings, writeStandings } from '../tournament/tables.js';

/** `arena tournament`'s flags; `--game`, `--agents` and `--episodes` are required. */
export const tournamentOptions = {
  game: { type: 'string', arg: 'ID', defaultText: 'required', description: 'a game from arena games (one slot for solo, two for coop and pvp)' },
  agents: { type: 'string', arg: 'A,B,...', defaultText: 'required', description: 'the entrants: KIND, LABEL=KIND or LABEL=vlm@CONFIG.json, comma-separated (docs/tournament.md)' },
  episodes: { type: 'string', kind: 'integer', arg: 'N', defaultText: 'required', description: 'episodes per line-up' },
  seed: { type: 'string', kind: 'integer', arg: 'S', defaultText: '1', description: 'seed of episode 0' },
  clock: { type: 'string', arg: 'pdq|lcrt', defaultText: 'pdq', description: 'the clock mode of every match' },
  profile: { type: 'string', arg: 'default|omnigamearena', defaultText: 'default', description: "every match by our rules or the benchmark runner's (docs/omnigamearena.md)" },
  env: { type: 'string', arg: 'URL', defaultText: 'the built-in version', description: 'where the game runs: remote-input://HOST:PORT (a UE5 build) or ws://HOST:PORT' },
  maps: { type: 'string', arg: 'FILE', description: "with --profile omnigamearena on a build: the builds' maps config" },
  variant: { type: 'string', arg: 'ID', defaultText: "the game's first", description: 'a variant of that game' },
  latency: { type: 'string', arg: 'SRC', defaultText: 'wall', description: 'lcrt latency source of every agent' },
  ...limitFlags,
  parallel: { type: 'string', kind: 'integer', arg: 'N', defaultText: '1', description: 'matches played at once' },
  redis: { type: 'string', arg: 'URL', description: 'play the matches on arena workers through Redis (redis://host:port) instead of in this process' },
  pool: { type: 'string', arg: 'P', default: 'default', description: 'with --redis: the worker pool that plays them' },
  placement: { type: 'string', arg: 'fifo|affinity', default: 'fifo', description: 'with --redis: next match to the next free slot, or warm game and map first (docs/fleet.md)' },
  'runs-dir': { type: 'string', arg: 'DIR', defaultText: 'OUT/runs', description: 'where run directories go' },
  out: { type: 'string', arg: 'DIR', defaultText: 'tournaments/GAME-VARIANT-CLOCK', description: 'where results.jsonl and the tables go' },
  quiet: { type: 'boolean', description: 'no progress bar' },
} as const satisfies FlagTable;

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
  readonly profile?: string;
  readonly env?: string;
  readonly maps?: string;
  readonly latency?: string;
  readonly timeLimitMs?: number;
  readonly stepBudget?: number;
  readonly observationDelayMs?: number;
  readonly decisionTimeoutMs?: number;
}

/** The line in results.jsonl that says which setup a record was made under. */
function setupOf(s: Shared): string {
  const parts = [`${s.game}/${s.variant}`, s.clock];
  if (s.profile !== undefined) parts.push(`profile=${s.profile}`);
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

/** A scheduled match as a unit of batch work: its id from the setup and the match key, so a rerun finds its run directory. */
function matchJob(shared: Shared, setup: string, match: ScheduledMatch, entrants: ReadonlyMap<string, Entrant>, outDir: string, pool: string): EpisodeJob {
  const entry = getGame(shared.game);
  const config = matchConfig(shared, match, entrants);
  const cell = `${shared.game}.${shared.variant}.${shared.clock}.${digest({ setup, agents: match.agents }, 8)}`;
  return {
    id: `${cell}.e${match.episode}.s${match.seed}`,
    batch: `tournament-${shared.game}`,
    cell,
    cellInfo: { game: shared.game, variant: shared.variant, clock: shared.clock, latency: shared.latency ?? 'wall', lineup: [...match.agents] },
    episode: match.episode,
    seed: match.seed,
    pool,
    agents: config.agents.map((a, i) => ({ slot: entry.slots[i]!.slot, label: a.label ?? a.kind, kind: a.kind, ...(a.latency === undefined ? {} : { latency: a.latency }), ...(a.vlm === undefined ? {} : { vlm: a.vlm }) })),
    ...(shared.stepBudget === undefined ? {} : { stepBudget: shared.stepBudget }),
    ...(shared.timeLimitMs === undefined ? {} : { timeLimitMs: shared.timeLimitMs }),
    ...(shared.observationDelayMs === undefined ? {} : { observationDelayMs: shared.observationDelayMs }),
    ...(shared.decisionTimeoutMs === undefined ? {} : { decisionTimeoutMs: shared.decisionTimeoutMs }),
    ...(config.profile === undefined ? {} : { profile: config.profile }),
    ...(config.env === undefined ? {} : { env: config.env }),
    ...(config.maps === undefined ? {} : { maps: config.maps }),
    meta: { config, tournament: { out: outDir, key: match.key } },
  };
}

/**
 * The variant the tournament plays: one of the game's, or, under the profile on a build, one the build
 * declares (`origin` and the `var1..var3` its maps config names). UNKNOWN_VARIANT listing the allowed ones.
 */
function tournamentVariant(entry: GameEntry, values: TournamentFlags): string {
  const onBuild = (values.profile ?? 'default') === 'omnigamearena' && values.env !== undefined;
  const played = onBuild ? entryOf({ game: entry.id, env: values.env, maps: values.maps, profile: 'omnigamearena' }) : entry;
  const id = values.variant ?? played.variants[0]!.id;
  if (played.variants.some((v) => v.id === id)) return getVariant(played, id).id;
  const allowed = played.variants.map((v) => v.id).join(', ');
  const where = onBuild ? (values.maps === undefined ? 'under the profile without --maps' : `the build declares in ${values.maps}`) : `${entry.id} has`;
  const hint = onBuild && values.maps === undefined && (runnerGame(entry.id)?.variants ?? []).includes(id) ? `; ${id} is a map of the builds: give --maps FILE (their maps config) to play it` : '';
  throw new ArenaError(ErrorCode.UNKNOWN_VARIANT, `--variant ${id}: not a variant ${where}; allowed: ${allowed}${hint}`, { details: { variant: id, allowed: played.variants.map((v) => v.id) } });
}

/** Flags of `arena tournament`, parsed. */
export type TournamentFlags = FlagValues<typeof tournamentOptions>;

/**
 * Checks a tournament's flags as the command does (unknown game, variant or agent, bad counts: BAD_CONFIG and
 * the manifest's codes) and works out its schedule, before any match runs.
 */
export async function planTournament(values: TournamentFlags) {
  if (values.game === undefined) throw usage('arena tournament needs --game');
  if (values.agents === undefined) throw usage('arena tournament needs --agents A,B,...');
  const entry = getGame(values.game);
  const variant = tournamentVariant(entry, values);
  const clock = values.clock ?? 'pdq';
  if (clock !== 'pdq' && clock !== 'lcrt') throw usage(`--clock takes pdq or lcrt (got '${clock}')`);
  const episodes = count(values.episodes, 'episodes');
  if (!Number.isInteger(episodes) || episodes < 1) throw usage('--episodes takes a whole number of at least 1');
  const entrants = parseEntrants(values.agents);
  const needed = entry.regime === 'solo' || entry.regime === 'turn-based' ? 1 : 2;
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
    ...(values.profile === undefined ? {} : { profile: values.profile }),
    ...(values.env === undefined ? {} : { env: values.env }),
    ...(values.maps === undefined ? {} : { maps: values.maps }),
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
  for (const e of entrants) await makeAgent(e.kind, { game: entry.id, seed: 1, vlm: e.vlm }).close();

  return { entry, variant, clock, episodes, entrants, outDir, shared, setup, byLabel, labels, matches };
}

export async function tournamentCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('tournament', tournamentOptions, argv);
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

  const stop = new AbortController();
  const abort = new AbortController();
  // SIGINT, SIGTERM and SIGHUP: no new matches, and every match in flight ends as aborted with its record closed.
  const stopSignals = abortOnStopSignals(abort);
  abort.signal.addEventListener('abort', () => stop.abort(), { once: true });
  const bar = values.quiet || todo.length === 0 ? undefined : new ProgressBar(`tournament ${entry.id}`);
  const parallel = count(values.parallel, 'parallel', 1);
  const backend = batchBackend({ redis: values.redis, parallel, runsDir: shared.runsDir, batchDir: outDir, batch: `tournament-${entry.id}`, placement: placementFlag(values.placement) });
  const items = todo.map((m) => ({ job: matchJob(shared, setup, m, byLabel, outDir, values.pool), attempt: 0 }));
  const byKey = new Map(items.map((item, i) => [item.job.id, todo[i]!]));
  let finished = 0;
  let failed = 0;
  try {
    await backend.run(
      items,
      {
        onOutcome: ({ job }, result) => {
          const match = byKey.get(job.id)!;
          finished++;
          // An episode whose decisions mostly failed at the provider comes back failed: it is retried, not scored.
          if (result.status === 'complete') {
            const players = result.players.map((p) => ({ slot: p.slot, label: p.label, progress: p.progress, score: p.score, outcome: p.outcome }));
            // Under the profile the ratings and tables read the benchmark's score, unclamped.
            const bench = shared.profile === 'omnigamearena' ? benchmarkPlayers(players, join(shared.runsDir, job.id)) : undefined;
            if (bench && bench.outOfRange > 0) process.stderr.write(`\n${match.key}: ${bench.outOfRange} score reading(s) outside the declared range (events.jsonl: score_out_of_range), kept unclamped\n`);
            const record: MatchRecord = {
              key: match.key,
              setup,
              agents: [...match.agents],
              kinds: match.agents.map((l) => byLabel.get(l)!.kind),
              episode: match.episode,
              seed: match.seed,
              reason: result.reason,
              simMs: result.simMs,
              players: bench?.players ?? players,
              runId: job.id,
              dir: join(shared.runsDir, job.id),
              finishedAt: new Date().toISOString(),
            };
            appendRecord(log, record);
          } else {
            failed++;
            process.stderr.write(`\n${match.key}: INCOMPLETE ${result.failure?.code ?? ''} (${result.failure?.class ?? ''}): ${result.failure?.message ?? ''}; a rerun retries it\n`);
          }
          bar?.update(finished / todo.length, `${finished}/${todo.length} ${match.key}`);
        },
      },
      { stop: stop.signal, abort: abort.signal },
    );
  } finally {
    stopSignals();
    await backend.close();
  }
  bar?.done();

  const order = new Map(matches.map((m, i) => [m.key, i]));
  const records = new Map<string, MatchRecord>();
  for (const r of readRecords(log, setup).records) if (order.has(r.key) && !records.has(r.key)) records.set(r.key, r);
  const played = [...records.values()].sort((a, b) => order.get(a.key)! - order.get(b.key)!);
  const table = standings(entry.regime, labels, lineUps(entry.regime, labels), played);
  process.stdout.write(formatStandings(entry.regime, table));
  if (shared.profile === 'omnigamearena') process.stdout.write("progress above is the benchmark's score (result.benchmark: raw, a Coop team's sum), not clamped to [0, 1]\n");
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
  return failed > 0 || stop.signal.aborted ? 1 : 0;
}

/** `arena tournament` in the command table. */
export const tournamentCli: CommandSpec = {
  flags: tournamentOptions,
  examples: [
    'arena tournament --game sky_duel --agents scripted,random,idle --episodes 4 --steps 20',
    'arena tournament --game last_stand --agents scripted,random --episodes 3 --parallel 2',
  ],
  notes: ['Running the same command again resumes it from OUT/results.jsonl.'],
  run: tournamentCommand,
};
