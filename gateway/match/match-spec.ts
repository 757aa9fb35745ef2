/** What a match is made of: the game, the clock, and an agent per player slot. */
import type { Agent } from '../../protocol/index.js';
import type { GameEntry, Profile, RunnerScore } from '../../games-manifest/index.js';
import type { GameEndpoint } from '../../env-bridge/index.js';
import type { ClockMode } from '../clock/clock-mode.js';
import type { FairnessArm, Handicap } from '../clock/fairness.js';
import type { LatencySource } from '../clock/latency.js';
import type { StaleFramePolicy } from '../frame-integrity/stale-policy.js';
import type { MatchObserver } from './match-observer.js';
import type { RecordQueueLimits } from '../records/record-queue.js';

export interface MatchSlot {
  readonly slot: number;
  readonly agent: Agent;
  /** Where `lcrt` takes each decision's charged latency from (default `wall`). */
  readonly latency?: LatencySource;
  /** Under the `handicap` fairness arm: this slot's charged latency scaled and offset (default x1+0). */
  readonly handicap?: Handicap;
  /** A label for records and tables (default: the agent's kind). */
  readonly label?: string;
}

/** Progress of a running match, for progress bars and dashboards. */
export type MatchEvent =
  | { readonly type: 'started'; readonly runId: string; readonly dir: string; readonly stepBudget: number; readonly timeLimitMs: number }
  | { readonly type: 'decision'; readonly slot: number; readonly step: number; readonly simMs: number; readonly valid: boolean; readonly progress: number }
  | { readonly type: 'advanced'; readonly simMs: number };

export interface MatchSpec {
  /** Manifest id of the game. */
  readonly game: string;
  readonly variant?: string;
  readonly seed?: number;
  readonly clock?: ClockMode;
  /**
   * The PvP fairness arm (docs/pvp-fairness.md): `pdq` and `lcrt` are those clocks; `matched` charges every
   * agent of a round the same latency; `handicap` scales or offsets each slot's own. It sets the clock when
   * `clock` is not given; BAD_CONFIG when they disagree.
   */
  readonly fairness?: FairnessArm;
  readonly slots: readonly MatchSlot[];
  /** Game time run after each chunk before the next observation, ms under every clock (default 2000, the benchmark's). */
  readonly observationDelayMs?: number;
  /**
   * Whose rules the match plays by (default `default`, ours). `omnigamearena`: the published runner's chunk
   * grammar and timeline, chunk lengths, step budgets, its 2 s observation delay in pdq and lcrt, no game-time
   * limit, and an empty answer resent up to 5 times before the episode is skipped (docs/omnigamearena.md).
   */
  readonly profile?: Profile;
  /** Most decisions per agent (default: the game's step budget). */
  readonly stepBudget?: number;
  /** Game-time limit of the episode, ms (default: the game's). */
  readonly timeLimitMs?: number;
  /** Frame size agents receive (default: the game's). */
  readonly frame?: { readonly width: number; readonly height: number };
  /** JPEG quality for agents that take JPEG and for recorded frames (default 85). */
  readonly jpegQuality?: number;
  /**
   * What a stale frame (a duplicate after input, late or cut short; docs/frame-integrity.md) does: `flag`
   * (default) records it, `retry` asks for the frame again (at most 3 times, 50 ms of wall time apart), `fail`
   * ends the episode with STALE_FRAME, an infrastructure failure that sweeps replay. Only `flag` under `omnigamearena`.
   */
  readonly staleFrames?: StaleFramePolicy;
  /**
   * What a failed decision becomes (`decisionErrorEnds`): by default a provider failure (PROVIDER_ERROR,
   * PROVIDER_TIMEOUT: every attempt failed) ends the episode as infrastructure and a decision past the deadline
   * (AGENT_TIMEOUT) is a recorded no-op; `end` ends it on either, `noop` plays the no-op on either. Declared in
   * run.json's conditions when given, so runs that played on are not compared with runs that ended.
   */
  readonly onDecisionError?: 'noop' | 'end';
  /** What an agent that disconnects or throws becomes: the end of the match, or a slot that plays no-ops. */
  readonly onAgentFailure?: 'end' | 'noop';
  /** Wall-clock deadline for one decision, ms (default 180 s); past it the decision fails with AGENT_TIMEOUT. */
  readonly decisionTimeoutMs?: number;
  /** Tell an agent in its next observation why its previous answer was invalid (default true). */
  readonly feedback?: boolean;
  /** `realtime` only: game speed and frame rate of the stream. */
  readonly realtime?: { readonly timeScale?: number | undefined; readonly fps?: number | undefined };
  /**
   * How much of the record may wait to be written before the recorder drops (default 16 decision frames,
   * 4096 lines): the match never waits on its record, and run.json's `recorder` says what was dropped.
   */
  readonly recordQueue?: RecordQueueLimits;
  /** Where run directories go (default `runs`). */
  readonly runsDir?: string;
  readonly runId?: string;
  /** Extra fields stored in run.json (the CLI puts its command line here). */
  readonly meta?: Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: MatchEvent) => void;
  /** Watches the match as it is recorded (spectator streams); never slows or changes it. */
  readonly observer?: MatchObserver;
  /** A manifest entry to use instead of looking `game` up (tests and external games). */
  readonly entry?: GameEntry;
  /**
   * Starts the game another way (tests, benchmarks). Default: the entry's launch recipe. `options.privileged`
   * says whether an agent of the match reads state, so whether the game should be asked for it;
   * `options.perception` that the recorder wants a reference game's tracked state (state.jsonl).
   */
  readonly launch?: (entry: GameEntry, options: { readonly privileged: boolean; readonly perception?: boolean }) => Promise<GameEndpoint>;
}

export interface PlayerResult {
  readonly slot: number;
  readonly label: string;
  readonly progress: number;
  readonly score: number;
  readonly outcome: 'win' | 'draw' | 'loss' | 'none';
  readonly decisions: number;
  readonly invalid: number;
  readonly failed: number;
  /** Observations replaced by newer ones before the agent's socket took them (remote agents only). */
  readonly framesDropped?: number;
  /** Frames the game dropped for the gateway (realtime, gateway behind), when there were any. */
  readonly gameFramesDropped?: number;
}

/** What an episode's score means; see `episodeClass`. Only `finished` and `budget` are results of play. */
export type EpisodeClass = 'finished' | 'budget' | 'format' | 'failed' | 'incomplete';

/** Whether an episode's score is a result of play (`finished` or `budget`); the other classes say why it is not. */
export function isResultOfPlay(episode: EpisodeClass): boolean {
  return episode === 'finished' || episode === 'budget';
}

export interface MatchResult {
  readonly runId: string;
  readonly dir: string;
  readonly status: 'complete' | 'incomplete';
  /** Why the episode ended: the game's reason, `time_limit`, `step_budget`, or an error code. */
  readonly reason: string;
  /** How the episode ended, for what its score means: the game finished it, a budget ran out, or answers were mostly invalid. */
  readonly episode: EpisodeClass;
  readonly simMs: number;
  readonly players: readonly PlayerResult[];
  readonly error?: { readonly code: string; readonly message: string; readonly class: string };
  /** Under the `omnigamearena` profile: the score as the benchmark's runner reports it. */
  readonly benchmark?: RunnerScore;
}
