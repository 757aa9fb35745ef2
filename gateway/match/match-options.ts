/**
 * The match options: how a match is played, apart from which game, seed, clock and agents. One schema, embedded
 * wherever a match is described (a match configuration, a sweep spec's `match`, an episode job, a curve's and a
 * tournament's shared settings) and carried into `MatchSpec` by the one match resolver, so a new option is one
 * field here plus its use. It lives in the gateway because `MatchSpec` is its type and every layer that
 * describes a match (sweeps, reflection, plans) may import the gateway.
 */
import { z } from 'zod';
import { PROFILES } from '../../games-manifest/index.js';
import { STALE_FRAME_POLICIES, type StaleFramePolicy } from '../frame-integrity/stale-policy.js';

/** A frame size in pixels. */
export const FrameSize = z.strictObject({ width: z.number().int().min(16).max(4096), height: z.number().int().min(16).max(4096) });

/** Every match option; unset means the game's (or the profile's) own. See docs/cli.md for each field. */
export const MatchOptions = z.strictObject({
  /** Where the game runs: `remote-input://HOST:PORT` (a UE5 build) or `ws://HOST:PORT` (GameLink); unset: the built-in version. */
  env: z.string().min(1).max(2048).optional(),
  /** Under `omnigamearena` on a build: the builds' maps config (a runner checkout's `configs/maps.yaml`), read where the match runs. */
  maps: z.string().min(1).max(4096).optional(),
  /**
   * Whose rules the match plays by (default `default`, ours). `omnigamearena`: the published runner's chunk
   * grammar and timeline, chunk lengths, step budgets, its 2 s observation delay in pdq and lcrt, no game-time
   * limit, and an empty answer resent up to 5 times before the episode is skipped (docs/omnigamearena.md).
   */
  profile: z.enum(PROFILES).optional(),
  /** Play with the game's gamepad: the axes its manifest's `gamepad` declares join its control set (docs/agent-link.md). */
  gamepad: z.boolean().optional(),
  /** Most decisions per agent (default: the game's step budget). */
  stepBudget: z.number().int().positive().optional(),
  /** Game-time limit of the episode, ms (default: the game's). */
  timeLimitMs: z.number().int().positive().optional(),
  /** Game time run after each chunk before the next observation, ms under every clock (default 2000, the benchmark's). */
  observationDelayMs: z.number().min(0).optional(),
  /** Wall-clock deadline for one decision, ms (default 180 s); past it the decision fails with AGENT_TIMEOUT. */
  decisionTimeoutMs: z.number().int().positive().optional(),
  /**
   * What a failed decision becomes (`decisionErrorEnds`): by default a provider failure (PROVIDER_ERROR,
   * PROVIDER_TIMEOUT: every attempt failed) ends the episode as infrastructure and a decision past the deadline
   * (AGENT_TIMEOUT) is a recorded no-op; `end` ends it on either, `noop` plays the no-op on either. Declared in
   * run.json's conditions when given, so runs that played on are not compared with runs that ended.
   */
  onDecisionError: z.enum(['end', 'noop']).optional(),
  /** What an agent that disconnects or throws becomes: the end of the match, or a slot that plays no-ops. */
  onAgentFailure: z.enum(['end', 'noop']).optional(),
  /**
   * What a stale frame (a duplicate after input, late or cut short; docs/frame-integrity.md) does: `flag`
   * (default) records it, `retry` asks for the frame again (at most 3 times, 50 ms of wall time apart), `fail`
   * ends the episode with STALE_FRAME, an infrastructure failure that sweeps replay. Only `flag` under `omnigamearena`.
   */
  staleFrames: z.enum(STALE_FRAME_POLICIES as [StaleFramePolicy, ...StaleFramePolicy[]]).optional(),
  /** Tell an agent in its next observation why its previous answer was invalid (default true). */
  feedback: z.boolean().optional(),
  /** Frame size agents receive (default: the game's). */
  frame: FrameSize.optional(),
  /** `realtime` only: game speed and frame rate of the stream. */
  realtime: z.strictObject({ timeScale: z.number().positive().max(16).optional(), fps: z.number().positive().max(240).optional() }).optional(),
});
export type MatchOptions = z.infer<typeof MatchOptions>;

/**
 * The options of a batch episode (a sweep's, tournament's, curve's or audit's job): all but `realtime`, since a
 * job replays exactly and so runs on a paused clock.
 */
export const EpisodeOptions = MatchOptions.omit({ realtime: true });
export type EpisodeOptions = z.infer<typeof EpisodeOptions>;

/** The options that say where the game is and what it is (read when resolving its manifest entry), not how a match plays. */
const ENTRY_OPTIONS = ['env', 'maps', 'gamepad'] as const;

/** The options a `MatchSpec` carries: every option but those the resolver reads to find the game's entry. */
export type MatchPlayOptions = Omit<MatchOptions, (typeof ENTRY_OPTIONS)[number]>;

/** The keys of `MatchOptions`, in schema order. */
export const MATCH_OPTION_KEYS = Object.keys(MatchOptions.shape) as readonly (keyof MatchOptions)[];

/** The values of `source` set (not undefined) under `keys`, and nothing else of it. */
function setOnly(source: object, keys: readonly string[]): Record<string, unknown> {
  const from = source as Readonly<Record<string, unknown>>;
  return Object.fromEntries(keys.filter((k) => from[k] !== undefined).map((k) => [k, from[k]]));
}

/**
 * The match options `source` sets (a value of undefined is not set), from any object that embeds them
 * (a match configuration, an episode job, curve settings): nothing else of it.
 */
export function matchOptionsOf(source: MatchOptions): MatchOptions {
  return setOnly(source, MATCH_OPTION_KEYS);
}

/** The options of `source` an episode job carries (`matchOptionsOf` without `realtime`). */
export function episodeOptionsOf(source: MatchOptions): EpisodeOptions {
  return setOnly(source, Object.keys(EpisodeOptions.shape));
}

/** The options of `source` a `MatchSpec` carries (`matchOptionsOf` without the entry options). */
export function matchPlayOptionsOf(source: MatchOptions): MatchPlayOptions {
  return setOnly(source, MATCH_OPTION_KEYS.filter((k) => !(ENTRY_OPTIONS as readonly string[]).includes(k)));
}
