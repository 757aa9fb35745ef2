/** What a match is made of: the game, the clock, and an agent per player slot. */
import type { Agent } from '../../protocol/index.js';
import type { GameEntry, RunnerScore } from '../../games-manifest/index.js';
import type { GameEndpoint } from '../../env-bridge/index.js';
import type { ClockMode } from '../clock/clock-mode.js';
import type { FairnessArm, Handicap } from '../clock/fairness.js';
import type { LatencySource } from '../clock/latency.js';
import type { MatchObserver } from './match-observer.js';
import type { MatchPlayOptions } from './match-options.js';
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

/** A match: the game, its seed and clock, a player per slot, and how it plays (`MatchPlayOptions`, the match options' schema). */
export interface MatchSpec extends Readonly<MatchPlayOptions> {
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
  /** JPEG quality for agents that take JPEG and for recorded frames (default 85). */
  readonly jpegQuality?: number;
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
