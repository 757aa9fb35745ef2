/**
 * A tournament's plan: its flags checked as the command checks them (unknown game, variant or agent, bad counts:
 * BAD_CONFIG and the manifest's codes), its schedule per arm, and each scheduled match as an episode job whose
 * match configuration the one match resolver plays (plans/sweep/episode-spec.ts). See docs/tournament.md.
 */
import { join } from 'node:path';
import { getGame, getVariant, RunDefaults, runnerGame, type GameEntry } from '../../games-manifest/index.js';
import { describeFairness, EpisodeOptions, episodeOptionsOf, isPausedClock, parseFairness, parseHandicap, parseLatencySource, PausedClockMode, type FairnessArm } from '../../gateway/index.js';
import { ArenaError, ErrorCode, orList, usage, type FlagValues } from '../../protocol/index.js';
import { digest, type EpisodeJob } from '../../sweeps/index.js';
import { makeAgent } from '../match/agent-factory.js';
import { clockOfArm, MatchConfig, parseConfig } from '../match/match-config.js';
import { entryOf } from '../match/match-entry.js';
import { vlmEndpointOf } from '../sweep/vlm-endpoints.js';
import { parseEntrants, type Entrant } from './entrants.js';
import { readRecords, type MatchRecord } from './results-log.js';
import { schedule, type ScheduledMatch } from './schedule.js';
import type { tournamentOptions } from './tournament-flags.js';

export function count(value: string | undefined, flag: string, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) throw usage(`arena tournament needs --${flag}`);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw usage(`--${flag} takes a non-negative number (got '${value}')`);
  return n;
}

/**
 * Everything a match of this tournament shares, as MatchConfig fields: which game and clock, the latency
 * sources and handicaps, and the match options (the one schema, gateway/match/match-options.ts).
 */
export interface Shared extends Readonly<EpisodeOptions> {
  readonly game: string;
  readonly variant: string;
  readonly clock: PausedClockMode;
  /** The fairness arm as written (matched, matched:mean, handicap...), when one is declared. */
  readonly fairness?: string;
  readonly runsDir: string;
  readonly latency?: string;
  /** Per-label latency sources and handicaps (`--latency LABEL=SRC,...`, `--handicap LABEL=H,...`). */
  readonly latencies?: Readonly<Record<string, string>>;
  readonly handicaps?: Readonly<Record<string, string>>;
}

/** The line in results.jsonl that says which setup a record was made under. */
function setupOf(s: Shared): string {
  const parts = [`${s.game}/${s.variant}`, s.clock];
  if (s.fairness !== undefined && s.fairness !== s.clock) parts.push(`fairness=${s.fairness}`);
  if (s.profile !== undefined) parts.push(`profile=${s.profile}`);
  if (s.latency !== undefined) parts.push(`latency=${s.latency}`);
  for (const [label, src] of Object.entries(s.latencies ?? {})) parts.push(`latency.${label}=${src}`);
  for (const [label, h] of Object.entries(s.handicaps ?? {})) parts.push(`handicap.${label}=${h}`);
  if (s.timeLimitMs !== undefined) parts.push(`time-limit=${s.timeLimitMs}ms`);
  if (s.stepBudget !== undefined) parts.push(`steps=${s.stepBudget}`);
  if (s.observationDelayMs !== undefined) parts.push(`obs-delay=${s.observationDelayMs}ms`);
  return parts.join(' ');
}

function matchConfig(shared: Shared, match: ScheduledMatch, entrants: ReadonlyMap<string, Entrant>): MatchConfig {
  const { latency: every, latencies, handicaps, ...rest } = shared;
  const agents = match.agents.map((label) => {
    const e = entrants.get(label)!;
    const latency = latencies?.[label] ?? every;
    const handicap = handicaps?.[label];
    return { kind: e.kind, label, ...(latency === undefined ? {} : { latency }), ...(handicap === undefined ? {} : { handicap }), ...(e.vlm === undefined ? {} : { vlm: e.vlm }) };
  });
  return parseConfig({ ...rest, seed: match.seed, agents }, MatchConfig, 'tournament');
}

/** A scheduled match as a unit of batch work: its id from the setup and the match key, so a rerun finds its run directory. */
export function matchJob(shared: Shared, setup: string, match: ScheduledMatch, entrants: ReadonlyMap<string, Entrant>, outDir: string, pool: string): EpisodeJob {
  const entry = getGame(shared.game);
  const config = matchConfig(shared, match, entrants);
  const arm = shared.fairness === undefined || shared.fairness === shared.clock ? '' : `${shared.fairness.replace(/:/g, '-')}.`;
  const cell = `${shared.game}.${shared.variant}.${shared.clock}.${arm}${digest({ setup, agents: match.agents }, 8)}`;
  return {
    id: `${cell}.e${match.episode}.s${match.seed}`,
    batch: `tournament-${shared.game}`,
    cell,
    cellInfo: { game: shared.game, variant: shared.variant, clock: shared.clock, latency: shared.latency ?? 'wall', lineup: [...match.agents], ...(shared.fairness === undefined ? {} : { fairness: shared.fairness }) },
    episode: match.episode,
    seed: match.seed,
    pool,
    agents: config.agents.map((a, i) => ({ slot: entry.slots[i]!.slot, label: a.label ?? a.kind, kind: a.kind, ...(a.latency === undefined ? {} : { latency: a.latency }), ...(a.handicap === undefined ? {} : { handicap: a.handicap }), ...(a.vlm === undefined ? {} : { vlm: a.vlm }), ...vlmEndpointOf(a.vlm) })),
    // Every match option of the configuration, by the schema's own keys.
    ...episodeOptionsOf(config),
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

/** One arm of a tournament: its shared settings, the setup its records are made under and where they go. */
export interface ArmPlan {
  /** The arm as written (`matched`, `matched:mean`...); undefined for a tournament without arms. */
  readonly arm: string | undefined;
  /** The arm's kind, for the decomposition. */
  readonly kind: FairnessArm['arm'] | undefined;
  readonly shared: Shared;
  readonly setup: string;
  readonly outDir: string;
}

/** `--latency SRC` (every agent) or `--latency LABEL=SRC,...`, and `--handicap LABEL=H,...`, checked against the entrants. */
function perLabel(text: string | undefined, flag: string, labels: readonly string[], check: (value: string) => unknown): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const item of text.split(',').map((x) => x.trim()).filter((x) => x.length > 0)) {
    const eq = item.indexOf('=');
    if (eq < 0) throw usage(`--${flag} takes LABEL=VALUE items (got '${item}')`);
    const label = item.slice(0, eq);
    if (!labels.includes(label)) throw usage(`--${flag} names '${label}', which is not an agent of this tournament (${labels.join(', ')})`);
    check(item.slice(eq + 1));
    out[label] = item.slice(eq + 1);
  }
  return out;
}

/** The arms of `--arms` (or the one of `--fairness`): each parsed, one of each kind. */
function armsOf(values: TournamentFlags): FairnessArm[] | undefined {
  if (values.arms !== undefined && values.fairness !== undefined) throw usage('give either --fairness ARM (one arm) or --arms A,B,... (several), not both');
  if (values.arms !== undefined && values.clock !== undefined) throw usage('--arms sets each arm\'s clock; leave --clock out');
  const text = values.arms ?? values.fairness;
  if (text === undefined) return undefined;
  const arms = text.split(',').map((a) => a.trim()).filter((a) => a.length > 0).map(parseFairness);
  if (arms.length === 0) throw usage('--arms takes at least one arm, e.g. pdq,matched,lcrt');
  const kinds = arms.map((a) => a.arm);
  const twice = kinds.find((k, i) => kinds.indexOf(k) !== i);
  if (twice !== undefined) throw usage(`--arms has two ${twice} arms; play another statistic in another tournament (--out)`);
  if (values.fairness !== undefined && values.clock !== undefined && values.clock !== clockOfArm(arms[0]!)) throw usage(`--fairness ${values.fairness} runs on the ${clockOfArm(arms[0]!)} clock, not ${values.clock}`);
  return arms;
}

/**
 * Checks a tournament's flags as the command does (unknown game, variant or agent, bad counts: BAD_CONFIG and
 * the manifest's codes) and works out its schedule, before any match runs.
 */
export async function planTournament(values: TournamentFlags) {
  if (values.game === undefined) throw usage('arena tournament needs --game');
  if (values.agents === undefined) throw usage('arena tournament needs --agents A,B,...');
  const entry = getGame(values.game);
  const variant = tournamentVariant(entry, values);
  const arms = armsOf(values);
  const clock = values.clock ?? (arms?.[0] === undefined ? 'pdq' : clockOfArm(arms[0]));
  if (!isPausedClock(clock)) throw usage(`--clock takes ${orList(PausedClockMode.options)} (got '${clock}')`);
  const episodes = count(values.episodes, 'episodes');
  if (!Number.isInteger(episodes) || episodes < 1) throw usage('--episodes takes a whole number of at least 1');
  const entrants = parseEntrants(values.agents);
  const needed = entry.regime === 'solo' || entry.regime === 'turn-based' ? 1 : 2;
  if (entry.slots.length !== needed) throw usage(`tournaments take games with ${needed} slot${needed > 1 ? 's' : ''} for ${entry.regime}; ${entry.id} has ${entry.slots.length}`);
  if (entrants.length < (entry.regime === 'pvp' ? 2 : 1)) throw usage(`a ${entry.regime} tournament needs at least ${entry.regime === 'pvp' ? 2 : 1} agents`);
  if (values.arms !== undefined && entry.regime !== 'pvp') throw usage(`--arms takes a pvp game; ${entry.id} is ${entry.regime}`);
  const several = values.arms !== undefined;
  // Under runs/, which git ignores, so a tournament run from a checkout leaves no untracked folder.
  const outDir = values.out ?? join('runs', 'tournaments', `${entry.id}-${variant}-${several ? 'arms' : clock}`);
  const limit = values['time-limit'] === undefined ? undefined : Math.round(count(values['time-limit'], 'time-limit') * 1000);
  const steps = values.steps === undefined ? undefined : count(values.steps, 'steps');
  const given = values['obs-delay'] === undefined ? undefined : count(values['obs-delay'], 'obs-delay');
  // The arms of one study differ only in their charge: one observation delay for all of them, whatever the
  // clock's default (under the benchmark's profile, its own delay holds in every arm already).
  const delay = several && given === undefined && (values.profile ?? 'default') === 'default' ? RunDefaults.observationDelayMs : given;
  const timeout = values['decision-timeout'] === undefined ? undefined : count(values['decision-timeout'], 'decision-timeout');
  const labels = entrants.map((e) => e.label);
  const perAgent = values.latency?.includes('=') === true;
  const latencies = perAgent ? perLabel(values.latency, 'latency', labels, parseLatencySource) : undefined;
  const handicaps = perLabel(values.handicap, 'handicap', labels, parseHandicap);
  // The match options the flags give, checked by the one schema (BAD_CONFIG naming the field).
  const options = parseConfig(
    {
      ...(values.profile === undefined ? {} : { profile: values.profile }),
      ...(values.env === undefined ? {} : { env: values.env }),
      ...(values.maps === undefined ? {} : { maps: values.maps }),
      ...(limit === undefined ? {} : { timeLimitMs: limit }),
      ...(steps === undefined ? {} : { stepBudget: steps }),
      ...(delay === undefined ? {} : { observationDelayMs: delay }),
      ...(timeout === undefined ? {} : { decisionTimeoutMs: timeout }),
    },
    EpisodeOptions,
    'tournament flags',
  );
  const base: Shared = {
    game: entry.id,
    variant,
    clock,
    runsDir: values['runs-dir'] ?? join(outDir, 'runs'),
    ...episodeOptionsOf(options),
    ...(values.latency === undefined || perAgent ? {} : { latency: values.latency }),
    ...(latencies === undefined ? {} : { latencies }),
  };
  const armPlans: ArmPlan[] = (arms ?? [undefined]).map((arm) => {
    const name = arm === undefined ? undefined : describeFairness(arm);
    const shared: Shared = arm === undefined ? base : { ...base, clock: clockOfArm(arm), fairness: name!, ...(arm.arm === 'handicap' && handicaps !== undefined ? { handicaps } : {}) };
    if (arm?.arm === 'handicap' && handicaps === undefined) throw usage('the handicap arm needs --handicap LABEL=H,... (e.g. fast=x2)');
    return { arm: name, kind: arm?.arm, shared, setup: setupOf(shared), outDir: several ? join(outDir, name!.replace(/:/g, '-')) : outDir };
  });
  if (handicaps !== undefined && !armPlans.some((a) => a.kind === 'handicap')) throw usage('--handicap needs the handicap arm (--fairness handicap or --arms ...,handicap)');
  const { shared, setup } = armPlans[0]!;
  const byLabel = new Map(entrants.map((e) => [e.label, e]));
  const scheduled = schedule(entry.regime, labels, episodes, count(values.seed, 'seed', 1));
  const matches = armPlans.flatMap(() => scheduled);
  // Fail on an agent that cannot be made before any match runs.
  for (const e of entrants) await makeAgent(e.kind, { game: entry.id, seed: 1, vlm: e.vlm }).close();

  return { entry, variant, clock, episodes, entrants, outDir, shared, setup, byLabel, labels, matches, scheduled, arms: armPlans };
}

/** The records of one arm found in its results.jsonl, in schedule order; BAD_CONFIG for a label that changed kind. */
export function armRecords(plan: ArmPlan, scheduled: readonly ScheduledMatch[], byLabel: ReadonlyMap<string, Entrant>): { records: MatchRecord[]; skipped: number } {
  const log = join(plan.outDir, 'results.jsonl');
  const read = readRecords(log, plan.setup);
  for (const r of read.records) {
    r.agents.forEach((label, i) => {
      const e = byLabel.get(label);
      if (e !== undefined && e.kind !== r.kinds[i]) throw usage(`${log} has '${label}' as a ${r.kinds[i]} agent, not ${e.kind}; use another label or --out`);
    });
  }
  const order = new Map(scheduled.map((m, i) => [m.key, i]));
  const records = new Map<string, MatchRecord>();
  for (const r of read.records) if (order.has(r.key) && !records.has(r.key)) records.set(r.key, r);
  return { records: [...records.values()].sort((a, b) => order.get(a.key)! - order.get(b.key)!), skipped: read.skipped };
}

