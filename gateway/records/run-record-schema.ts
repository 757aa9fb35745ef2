/**
 * The one schema of a run directory: `run.json` (with the declared conditions), `decisions.jsonl`,
 * `ledger.jsonl`, `events.jsonl`, `progress.jsonl` and, for the reference games, `state.jsonl`. The recorder writes these shapes; `arena report`,
 * reflection, the tournament, re-simulation and video read them through here. Objects are loose: a reader
 * keeps fields it does not know, so older and newer records both parse.
 */
import { z } from 'zod';

const Outcome = z.enum(['win', 'draw', 'loss', 'none']);

/** One player's result as `run.json` and `arena match --json` state it. */
export const PlayerResultRecord = z.looseObject({
  slot: z.number().int(),
  label: z.string(),
  progress: z.number(),
  score: z.number().default(0),
  outcome: Outcome.default('none'),
  decisions: z.number().int().default(0),
  invalid: z.number().int().default(0),
  failed: z.number().int().default(0),
});
export type PlayerResultRecord = z.infer<typeof PlayerResultRecord>;

/** The settings of one agent that its results depend on (the VLM agent's model route, history, image, ...). */
export const AgentSettings = z.record(z.string(), z.unknown());
export type AgentSettings = z.infer<typeof AgentSettings>;

/** One slot's declared conditions: who played it and how its latency was charged. */
export const AgentConditions = z.looseObject({
  slot: z.number().int(),
  kind: z.string(),
  label: z.string(),
  /** The latency source as written (`wall`, `synthetic:300`...), `none` outside lcrt. */
  latency: z.string(),
  /** What the charged latency means, in words. */
  latencyMeaning: z.string(),
  frameEncoding: z.string(),
  /** The JPEG quality and size the agent asked for, when it takes JPEG. */
  jpeg: z.looseObject({ quality: z.number().optional() }).optional(),
  privileged: z.boolean(),
  /** The agent's effective settings, when it declares them (scripted and random agents have none). */
  settings: AgentSettings.optional(),
});
export type AgentConditions = z.infer<typeof AgentConditions>;

/** Everything a result depends on, declared in `run.json` so runs are compared only under equal conditions. */
export const Conditions = z.looseObject({
  clock: z.string(),
  observationDelayMs: z.number(),
  stepBudget: z.number(),
  timeLimitMs: z.number(),
  decisionTimeoutMs: z.number(),
  /**
   * The time limit the game was told at reset, ms (a game with a timer plays to it where it is shorter than
   * its variant's). Absent in runs recorded before games were told: those played to the variant's own.
   */
  gameTimerMs: z.number().optional(),
  /** Frames as the game renders them for the gateway (`rgb`, or `jpeg` at `quality` when every agent takes the match's JPEG), and how the recorder stores them. */
  /** `jpegTables`: the Huffman tables of every JPEG the run made (the game's and the record's); absent in records from before it was declared, which used `fitted`. */
  frame: z.looseObject({ width: z.number(), height: z.number(), encoding: z.string(), quality: z.number().optional(), recordedEncoding: z.string(), jpegQuality: z.number(), jpegTables: z.string().optional() }),
  /** The gateway tells an agent why its previous answer was invalid. */
  feedback: z.boolean(),
  /** A named set of settings the run was made under (`custom` when none was named). */
  profile: z.string(),
  /** The game build that ran, once it said hello. */
  build: z.looseObject({ game: z.string(), build: z.string(), tickMs: z.number() }).optional(),
  gateway: z.looseObject({ version: z.string(), commit: z.string() }),
  agents: z.array(AgentConditions),
});
export type Conditions = z.infer<typeof Conditions>;

/** A decision's frame integrity: `fresh`, `still`, `duplicate`, `near_duplicate`, `late` or `truncated`. */
export const FrameIntegrityRecord = z.looseObject({ verdict: z.string(), distance: z.number().optional(), ageMs: z.number(), wallAgeMs: z.number().optional(), retried: z.number().int().optional(), detail: z.string().optional() });
export type FrameIntegrityRecord = z.infer<typeof FrameIntegrityRecord>;

/** Counts of frame verdicts (run.json's `frameIntegrity.totals` and per slot). */
export const IntegrityCountsRecord = z.looseObject({ observations: z.number().int(), verdicts: z.record(z.string(), z.number()), retried: z.number().int().default(0), staleShare: z.number() });
export type IntegrityCountsRecord = z.infer<typeof IntegrityCountsRecord>;

/** `run.json`. */
export const RunJson = z.looseObject({
  runId: z.string(),
  game: z.string(),
  variant: z.string(),
  seed: z.number(),
  clock: z.string(),
  status: z.enum(['running', 'complete', 'incomplete']),
  startedAt: z.string().optional(),
  endedAt: z.string().optional(),
  limits: z.looseObject({ stepBudget: z.number(), timeLimitMs: z.number(), observationDelayMs: z.number(), decisionTimeoutMs: z.number() }).optional(),
  frame: z.looseObject({ width: z.number(), height: z.number() }).optional(),
  versions: z.looseObject({ gateway: z.string(), node: z.string() }).optional(),
  build: z.looseObject({ game: z.string(), build: z.string(), tickMs: z.number() }).optional(),
  agents: z
    .array(
      z.looseObject({
        slot: z.number(),
        kind: z.string(),
        label: z.string(),
        latency: z.string(),
        /** An agent in another process (AgentLink): the name its hello gave and the client library it ran on. */
        joined: z.strictObject({ name: z.string(), client: z.strictObject({ name: z.string(), version: z.string() }).optional() }).optional(),
      }),
    )
    .default([]),
  conditions: Conditions.optional(),
  result: z
    .looseObject({
      reason: z.string(),
      episode: z.enum(['finished', 'budget', 'format', 'failed', 'incomplete']).optional(),
      simMs: z.number(),
      players: z.array(PlayerResultRecord).default([]),
      /** Under the omnigamearena profile: the score as the benchmark's runner reports it (raw, per player or a Coop team's sum), and the readings outside the declared range. */
      benchmark: z.looseObject({ scores: z.array(z.number()), outOfRange: z.array(z.looseObject({ slot: z.number(), value: z.number() })).default([]) }).optional(),
    })
    .optional(),
  failure: z.looseObject({ code: z.string(), message: z.string(), class: z.string() }).optional(),
  /** The frame check's thresholds and verdict counts, in total and per slot (runs before it have none). */
  frameIntegrity: z.looseObject({ totals: IntegrityCountsRecord, slots: z.record(z.string(), IntegrityCountsRecord).default({}) }).optional(),
  /**
   * How the record's queue went (docs/records.md): its limits, how deep it got, how often and how long a paused
   * match waited for it, the first failed write, and after a stall the decisions not written. Runs from before
   * backpressure have it only when the queue dropped (`framesDropped`, `linesDropped`).
   */
  recorder: z
    .looseObject({
      limits: z.looseObject({ frames: z.number().int(), lines: z.number().int(), stallMs: z.number().optional() }),
      deepest: z.number().int(),
      deepestFrames: z.number().int().optional(),
      waits: z.number().int().optional(),
      waitedMs: z.number().optional(),
      framesDropped: z.number().int().optional(),
      linesDropped: z.number().int().optional(),
      writeError: z.string().optional(),
      compactError: z.string().optional(),
      unwritten: z.array(z.looseObject({ slot: z.number().int().optional(), step: z.number().int().optional(), frame: z.string().optional() })).optional(),
    })
    .optional(),
});
export type RunJson = z.infer<typeof RunJson>;

/** An action chunk as recorded: a look delta and the keys held in each step. */
/** A chunk as recorded; a look the benchmark profile read as `nan` or `inf` degrees is written as null (its `unsent` entry says what was asked). */
export const ChunkRecord = z.looseObject({ look: z.looseObject({ dx: z.number().nullable(), dy: z.number().nullable() }), steps: z.array(z.array(z.string())) });

/** One executed input, ms from its chunk's start. */
export const InputRecord = z.looseObject({ at: z.number(), slot: z.number().int() });
export type InputRecord = z.infer<typeof InputRecord>;

/** One line of `decisions.jsonl`. */
export const DecisionRecord = z.looseObject({
  slot: z.number().int(),
  agent: z.string().optional(),
  step: z.number().int(),
  observedAtMs: z.number(),
  frame: z.string().optional(),
  /** Runs from before backpressure only: the recorder's queue was full and this decision's frame was not written. */
  frameDropped: z.literal(true).optional(),
  frameSeq: z.number().int().optional(),
  /** SHA-256 of the observed frame's bytes as the game sent them (raw RGB for the reference games). */
  frameDigest: z.string().optional(),
  status: z.enum(['valid', 'invalid', 'failed']),
  invalidReason: z.string().optional(),
  invalidDetail: z.string().optional(),
  error: z.looseObject({ code: z.string(), message: z.string().optional() }).optional(),
  answer: z.string().optional(),
  reasoning: z.string().optional(),
  promptDigest: z.string().optional(),
  usage: z.looseObject({ tokensIn: z.number().optional(), tokensOut: z.number().optional(), reasoningTokens: z.number().optional(), images: z.number().optional(), bytesSent: z.number().optional() }).optional(),
  note: z.string().optional(),
  chunk: ChunkRecord.optional(),
  inputs: z.array(InputRecord).default([]),
  timings: z.looseObject({ wallMs: z.number().optional(), ttftMs: z.number().optional(), providerMs: z.number().optional(), gatewayWallMs: z.number().optional() }).optional(),
  latencySource: z.string().optional(),
  chargedMs: z.number().default(0),
  /** The observed frame's integrity (docs/frame-integrity.md): its verdict, distance from the slot's previous frame, age, retries. */
  integrity: FrameIntegrityRecord.optional(),
  /** Under the matched and handicap fairness arms: the latency measured from the slot's source, before the arm's rule. */
  measuredMs: z.number().optional(),
  /** The fairness arm that turned `measuredMs` into `chargedMs` (docs/pvp-fairness.md). */
  fairness: z.string().optional(),
});
export type DecisionRecord = z.infer<typeof DecisionRecord>;

/** A ledger line placing a chunk on the virtual timeline (`pdq`, `lcrt`; `measuredMs` and `fairness` under the matched and handicap arms). */
export const PlacementRecord = z.looseObject({ kind: z.literal('placement'), slot: z.number().int(), step: z.number().int(), observedAtMs: z.number(), chargedMs: z.number(), measuredMs: z.number().optional(), fairness: z.string().optional(), chunkStartMs: z.number(), chunkEndMs: z.number(), nextObservationMs: z.number() });
export type PlacementRecord = z.infer<typeof PlacementRecord>;
/** A ledger line for one advance of a paused game. */
export const AdvanceRecord = z.looseObject({ kind: z.literal('advance'), fromMs: z.number(), requestedMs: z.number(), actualMs: z.number(), simMs: z.number(), ended: z.boolean(), inputs: z.number(), observers: z.array(z.number().int()) });
export type AdvanceRecord = z.infer<typeof AdvanceRecord>;
/** Any line of `ledger.jsonl` (placement, advance, resume, action, realtime, agent_failure); see docs/clock.md. */
export const LedgerRecord = z.looseObject({ kind: z.string() });
export type LedgerRecord = z.infer<typeof LedgerRecord>;

/** One line of `events.jsonl`: a game event or the episode's end. */
export const EventRecord = z.looseObject({
  type: z.enum(['event', 'episode_end']),
  simMs: z.number(),
  slot: z.number().int().optional(),
  name: z.string().optional(),
  reason: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  outcomes: z.array(z.looseObject({ slot: z.number().int(), result: Outcome })).optional(),
});
export type EventRecord = z.infer<typeof EventRecord>;

/** One line of `progress.jsonl`. */
export const ProgressRecord = z.looseObject({ simMs: z.number(), players: z.array(z.looseObject({ slot: z.number().int(), progress: z.number(), score: z.number().default(0) })) });
export type ProgressRecord = z.infer<typeof ProgressRecord>;

/** A tracked task-relevant value in `state.jsonl`. */
const TrackedValueRecord = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** The tracked task-relevant state of a reference game, slot-independent. */
export const TrackedRecord = z.record(z.string(), TrackedValueRecord);
export type TrackedRecord = z.infer<typeof TrackedRecord>;

/**
 * One line of `state.jsonl`, the privileged perception stream of a reference game (never shown to agents):
 * `state` when the tracked state changed (at the exact game time of the tick), `event` for a critical event
 * (at its exact game time, before the `state` line of the same tick), `step` at each decision (the tracked
 * state as last reported, for the slot deciding).
 */
export const StateLineRecord = z.discriminatedUnion('kind', [
  z.looseObject({ kind: z.literal('state'), simMs: z.number(), tracked: TrackedRecord }),
  z.looseObject({ kind: z.literal('event'), simMs: z.number(), name: z.string(), slot: z.number().int().optional(), data: z.record(z.string(), z.unknown()).optional() }),
  z.looseObject({ kind: z.literal('step'), simMs: z.number(), slot: z.number().int(), step: z.number().int(), tracked: TrackedRecord }),
]);
export type StateLineRecord = z.infer<typeof StateLineRecord>;
