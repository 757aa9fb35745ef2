/**
 * Plays one episode of a curve through the gateway, or adopts it when its run directory already holds a
 * finished run of the same seed, variant and skill (a resumed curve never replays a finished episode).
 * Only a result of play is scored: an episode classed `failed` (at least half of a player's decisions failed at
 * the provider or timed out) or `incomplete` (an infrastructure or agent failure) is replayed up to the curve's
 * `episodeRetries` and then stops the curve with its code; an abort or an internal failure stops it at once.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { ArenaError, ErrorCode, type Agent } from '../protocol/index.js';
import type { GameEntry } from '../games-manifest/index.js';
import { RunJson, episodeClass, runMatch, type MatchSpec } from '../gateway/index.js';
import type { CurveSettings } from './curve-settings.js';
import type { EpisodeRecord } from './curve-state.js';

/** Which episode a player is made for. */
export interface PlayerContext {
  readonly phase: 'round' | 'heldout';
  /** The round, for round episodes. */
  readonly round?: number;
  /** The arm, for held-out episodes. */
  readonly arm?: 'best' | 'empty';
  readonly variant: string;
  readonly episode: number;
  readonly seed: number;
  readonly slot: number;
}

/** Makes the agent for one player slot of one episode, playing `skill` ('' for no skill). */
export type PlayerFactory = (skill: string, context: PlayerContext) => Agent;

/**
 * Turns an attempt into the match it plays, its curve's player seated in every slot by `seat`: the plans layer's
 * one match resolver (plans/curve/curve-attempt.ts), injected because reflection cannot import plans.
 */
export type AttemptResolver = (settings: CurveSettings, entry: GameEntry, request: EpisodeRequest, seat: (slot: number) => Agent) => MatchSpec;

/** What every episode of a curve shares. */
export interface EpisodeContext {
  readonly curveDir: string;
  readonly settings: CurveSettings;
  readonly entry: GameEntry;
  readonly slots: readonly number[];
  readonly makePlayer: PlayerFactory;
  readonly signal: AbortSignal | undefined;
  /** Starts the game another way (tests); default the entry's launch recipe. */
  readonly launch: MatchSpec['launch'] | undefined;
  readonly meta: Readonly<Record<string, unknown>>;
  /** Turns an attempt into the match it plays in this process (plans' one match resolver, injected). */
  readonly resolve: AttemptResolver;
  /** Plays each attempt another way (through a work backend); default a match in this process with `makePlayer`, resolved by `resolve`. */
  readonly play?: EpisodePlay | undefined;
  /** Episodes of a round (or of a held-out arm) played at once; default 1. */
  readonly parallel?: number | undefined;
}

/** One attempt of an episode as plain data, for a play hook that plays it elsewhere. */
export interface EpisodeRequest {
  /** Directory that holds the run directory. */
  readonly runsDir: string;
  /** The run id (`e<k>`), also the run directory's name. */
  readonly runId: string;
  readonly episode: number;
  readonly seed: number;
  readonly variant: string;
  /** The skill the players play ('' for none). */
  readonly skill: string;
  /** 0 for the first attempt, counting up with each replay. */
  readonly attempt: number;
  readonly player: EpisodePlan['player'];
  /** What goes into run.json (the curve's fields and the skill's digest, by which a resume adopts the run). */
  readonly meta: Readonly<Record<string, unknown>>;
}

/** How an attempt ended, as a play hook reports it: the players' lines, and the failure when it is no result of play. */
export interface PlayedEpisode {
  readonly status: 'complete' | 'incomplete';
  readonly reason: string;
  /** The episode class (finished, budget, format, failed, incomplete), when known. */
  readonly episode: string | undefined;
  readonly simMs: number;
  readonly players: readonly PlayerLine[];
  readonly failure: { readonly class: string; readonly code: string; readonly message: string } | undefined;
  /** The benchmark score of each entry under the omnigamearena profile, when the player reports it. */
  readonly benchmark?: readonly number[] | undefined;
}

/** Plays one attempt of an episode; ends as ABORTED or with the failure's code when it cannot report an outcome. */
export type EpisodePlay = (request: EpisodeRequest, signal: AbortSignal | undefined) => Promise<PlayedEpisode>;

/** One episode to play: where its run directory goes and what it plays. */
export interface EpisodePlan {
  /** Directory that holds the run directory. */
  readonly runsDir: string;
  readonly episode: number;
  readonly seed: number;
  readonly variant: string;
  readonly skill: string;
  readonly player: Omit<PlayerContext, 'slot' | 'episode' | 'seed' | 'variant'>;
}

/** A stored run.json as the run-record schema reads it, with the curve's own field and the benchmark score. */
const StoredRun = RunJson.extend({
  curveEpisode: z.looseObject({ skillSha256: z.string().optional() }).optional(),
  result: RunJson.shape.result.unwrap().extend({ benchmark: z.looseObject({ scores: z.array(z.number()) }).optional() }).optional(),
});

/** One player's part of an outcome, as the curve scores it. */
export interface PlayerLine {
  readonly slot: number;
  readonly progress: number;
  readonly decisions: number;
  readonly invalid: number;
  readonly failed: number;
}

/** How a run ended, from a live result or from a stored run.json. */
interface Outcome {
  readonly status: 'complete' | 'incomplete';
  readonly reason: string;
  /** The episode class; absent in run.json files written before it was recorded. */
  readonly episode: string | undefined;
  readonly simMs: number;
  readonly players: readonly PlayerLine[];
  readonly failureClass: string | undefined;
  readonly failureCode: string | undefined;
  readonly failureMessage: string | undefined;
  /** The benchmark score of each entry (`result.benchmark`, under the omnigamearena profile). */
  readonly benchmark: readonly number[] | undefined;
}

/** Whether an outcome is a result of play: a complete run not classed `failed` (recomputed when not recorded). */
function isPlay(o: Pick<Outcome, 'status' | 'reason' | 'episode' | 'players'>): boolean {
  if (o.status !== 'complete') return false;
  const players = o.players.map((p) => ({ ...p, label: '', score: 0, outcome: 'none' as const }));
  const cls = o.episode ?? episodeClass(o.reason, players);
  return cls !== 'failed' && cls !== 'incomplete';
}

/** The episode's score: under the profile the benchmark score (a Coop team's sum), unclamped; else the mean progress of the curve's slots. */
function scoreOf(o: Outcome, own: readonly PlayerLine[]): number {
  if (o.benchmark !== undefined && o.benchmark.length > 0) return o.benchmark.reduce((s, x) => s + x, 0) / o.benchmark.length;
  return own.length === 0 ? 0 : own.reduce((s, p) => s + p.progress, 0) / own.length;
}

function record(plan: Pick<EpisodePlan, 'episode' | 'seed'>, dir: string, curveDir: string, slots: readonly number[], o: Outcome, attempts = 1): EpisodeRecord {
  const own = o.players.filter((p) => slots.includes(p.slot));
  const sum = (f: (p: PlayerLine) => number): number => own.reduce((s, p) => s + f(p), 0);
  return {
    episode: plan.episode,
    seed: plan.seed,
    dir: relative(curveDir, dir),
    score: scoreOf(o, own),
    status: o.status,
    reason: o.reason,
    simMs: o.simMs,
    decisions: sum((p) => p.decisions),
    invalid: sum((p) => p.invalid),
    failed: sum((p) => p.failed),
    ...(attempts > 1 ? { attempts } : {}),
  };
}

/** The first 16 hex digits of the skill's SHA-256, stored with each episode so a run of another skill is never adopted. */
const skillDigest = (skill: string): string => createHash('sha256').update(skill).digest('hex').slice(0, 16);

/**
 * A finished run of this plan found on disk that is a result of play. A run classed `failed` or `incomplete`
 * is not, nor is a run of another seed, variant or skill (say, the best arm of a transfer after the best round
 * changed).
 */
function readStored(dir: string): { parsed: z.infer<typeof StoredRun>; outcome: Outcome } | undefined {
  const path = join(dir, 'run.json');
  if (!existsSync(path)) return undefined;
  let parsed: z.infer<typeof StoredRun>;
  try {
    parsed = StoredRun.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return undefined;
  }
  if (parsed.status !== 'complete' || !parsed.result) return undefined;
  const r = parsed.result;
  const outcome: Outcome = { status: 'complete', reason: r.reason, episode: r.episode, simMs: r.simMs, players: r.players, failureClass: parsed.failure?.class, failureCode: parsed.failure?.code, failureMessage: parsed.failure?.message, benchmark: r.benchmark?.scores };
  return isPlay(outcome) ? { parsed, outcome } : undefined;
}

function storedOutcome(dir: string, plan: EpisodePlan): Outcome | undefined {
  const found = readStored(dir);
  if (!found) return undefined;
  const { parsed, outcome } = found;
  const stored = parsed.curveEpisode?.skillSha256;
  if (parsed.seed !== plan.seed || parsed.variant !== plan.variant || (stored !== undefined && stored !== skillDigest(plan.skill))) return undefined;
  return outcome;
}

/** The record of a finished run in `dir` adopted as episode `episode` (a cold-start run); undefined when it is no result of play. */
export function adoptedRecord(dir: string, episode: number, curveDir: string, slots: readonly number[]): EpisodeRecord | undefined {
  const found = readStored(dir);
  return found ? record({ episode, seed: found.parsed.seed }, dir, curveDir, slots, found.outcome) : undefined;
}

/** The run id of episode k: `e<k>`, so a resumed curve finds it again. */
export const episodeRunId = (episode: number): string => `e${episode}`;

const toOutcome = (p: PlayedEpisode): Outcome => ({ status: p.status, reason: p.reason, episode: p.episode, simMs: p.simMs, players: p.players, failureClass: p.failure?.class, failureCode: p.failure?.code, failureMessage: p.failure?.message, benchmark: p.benchmark });

/** Plays one attempt as a match in this process, resolved by the injected resolver with the players `ctx.makePlayer` makes. */
async function playHere(r: EpisodeRequest, ctx: EpisodeContext): Promise<Outcome> {
  const seat = (slot: number): Agent => ctx.makePlayer(r.skill, { ...r.player, variant: r.variant, episode: r.episode, seed: r.seed, slot });
  const spec = ctx.resolve(ctx.settings, ctx.entry, r, seat);
  const result = await runMatch({ ...spec, runId: r.runId, meta: r.meta, ...(ctx.signal ? { signal: ctx.signal } : {}), ...(ctx.launch ? { launch: ctx.launch } : {}) });
  return { ...result, failureClass: result.error?.class, failureCode: result.error?.code, failureMessage: result.error?.message, benchmark: result.benchmark?.scores };
}

/**
 * Plays the episode, or adopts its finished run. Returns its record and whether it was played now.
 * Throws ABORTED when the curve's signal aborts, and the failure's own code when an infrastructure failure
 * outlasts the retries or the match failed internally.
 */
export async function playEpisode(plan: EpisodePlan, ctx: EpisodeContext): Promise<{ record: EpisodeRecord; played: boolean }> {
  const runId = episodeRunId(plan.episode);
  const dir = join(plan.runsDir, runId);
  const stored = storedOutcome(dir, plan);
  if (stored) return { record: record(plan, dir, ctx.curveDir, ctx.slots, stored), played: false };
  for (let attempt = 0; ; attempt++) {
    if (ctx.signal?.aborted) throw new ArenaError(ErrorCode.ABORTED, 'the curve was stopped', { cause: ctx.signal.reason });
    // A run directory left by a crash or a failed attempt is replaced: its JSONL files would otherwise be appended to.
    rmSync(dir, { recursive: true, force: true });
    const meta = { ...ctx.meta, curveEpisode: { ...plan.player, episode: plan.episode, attempt, skillSha256: skillDigest(plan.skill) } };
    const request: EpisodeRequest = { runsDir: plan.runsDir, runId, episode: plan.episode, seed: plan.seed, variant: plan.variant, skill: plan.skill, attempt, player: plan.player, meta };
    const outcome = ctx.play ? toOutcome(await ctx.play(request, ctx.signal)) : await playHere(request, ctx);
    if (isPlay(outcome)) return { record: record(plan, dir, ctx.curveDir, ctx.slots, outcome, attempt + 1), played: true };
    if (outcome.failureClass === 'aborted' || ctx.signal?.aborted) throw new ArenaError(ErrorCode.ABORTED, 'the curve was stopped', { cause: ctx.signal?.reason });
    // A run classed `failed` (its decisions mostly failed, played on under onDecisionError noop; runs before
    // this was recorded as a failure say `complete`): no result of play.
    const decisionsFailed = outcome.episode === 'failed' || outcome.status === 'complete';
    const failureClass = decisionsFailed ? 'infrastructure' : outcome.failureClass;
    if ((failureClass === 'infrastructure' || failureClass === 'agent') && attempt < ctx.settings.episodeRetries) continue;
    const failureCode = decisionsFailed ? (outcome.failureCode ?? ErrorCode.PROVIDER_ERROR) : outcome.failureCode;
    const message = decisionsFailed ? `at least half of a player's decisions failed at the provider or timed out (episode class ${outcome.episode}), so it is not scored` : (outcome.failureMessage ?? outcome.reason);
    const code = (Object.values(ErrorCode) as string[]).includes(failureCode ?? '') ? (failureCode as ErrorCode) : ErrorCode.INTERNAL;
    throw new ArenaError(code, `episode ${plan.episode} (${relative(ctx.curveDir, dir)}) failed after ${attempt + 1} attempt(s): ${message}`, { details: { dir, episodeClass: outcome.episode } });
  }
}
