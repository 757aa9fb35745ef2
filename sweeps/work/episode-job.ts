/** One unit of batch work: an episode to play, as plain data that crosses processes and hosts, and its outcome. */
import { z } from 'zod';
import { EpisodeOptions, PausedClockMode } from '../../gateway/index.js';

/** A player of an episode job. */
export const JobAgent = z.strictObject({
  slot: z.number().int().min(0),
  label: z.string().min(1),
  kind: z.string().min(1),
  /** lcrt latency source as text (`LATENCY_FORMS_TEXT`, gateway/clock/latency-sources.ts). */
  latency: z.string().optional(),
  /** Under the handicap fairness arm: xSCALE, +MS or xSCALE+MS (docs/pvp-fairness.md). */
  handicap: z.string().optional(),
  vlm: z.record(z.string(), z.unknown()).optional(),
  /** Endpoint whose limits this agent's decisions count against. */
  endpoint: z.string().optional(),
});
export type JobAgent = z.infer<typeof JobAgent>;

/** What one episode plays; the same data gives the same episode anywhere. */
export const EpisodeJob = z.strictObject({
  /** Deterministic id from the cell and the seed; also the run id and the run directory's name. */
  id: z.string().regex(/^[A-Za-z0-9_.+-]+$/),
  /** The batch this episode belongs to (a sweep or tournament name). */
  batch: z.string().min(1),
  /** The cell: every episode of it differs only by seed. */
  cell: z.string().min(1),
  /** What the cell is, for tables: game, variant, clock, latency, line-up, and the PvP fairness arm when one is declared. */
  cellInfo: z.strictObject({ game: z.string(), variant: z.string(), clock: PausedClockMode, latency: z.string(), lineup: z.array(z.string()), fairness: z.string().optional() }),
  episode: z.number().int().min(0),
  seed: z.number().int().min(0),
  /** The worker pool that has the game. */
  pool: z.string().min(1),
  agents: z.array(JobAgent).min(1),
  /** The match options (gateway/match/match-options.ts), as the match configuration this job becomes carries them. */
  ...EpisodeOptions.shape,
  /** Above this share of decisions on stale frames the episode is infrastructure (STALE_FRAME), replayed. */
  maxStaleShare: z.number().min(0).max(1).optional(),
  /** Where the run directory goes when every host mounts it; otherwise the worker copies it back. */
  shared: z.string().optional(),
  /** Extra fields for run.json. */
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type EpisodeJob = z.infer<typeof EpisodeJob>;

/** One player's part of an outcome, with its per-decision timings for latency tables. */
export const OutcomePlayer = z.strictObject({
  slot: z.number(),
  label: z.string(),
  progress: z.number(),
  score: z.number(),
  outcome: z.enum(['win', 'draw', 'loss', 'none']),
  decisions: z.number(),
  invalid: z.number(),
  failed: z.number(),
  wallMs: z.array(z.number()),
  ttftMs: z.array(z.number()),
  chargedMs: z.array(z.number()),
  tokensIn: z.number(),
  tokensOut: z.number(),
  /** Decisions that carry a frame verdict, and those made on a stale frame (docs/frame-integrity.md); absent in older outcomes. */
  judged: z.number().optional(),
  stale: z.number().optional(),
});
export type OutcomePlayer = z.infer<typeof OutcomePlayer>;

/** What an episode came to: a result of play, or a failure with its class. */
export const EpisodeOutcome = z.strictObject({
  id: z.string(),
  status: z.enum(['complete', 'failed']),
  reason: z.string(),
  episode: z.enum(['finished', 'budget', 'format']).optional(),
  failure: z.strictObject({ code: z.string(), class: z.string(), message: z.string() }).optional(),
  simMs: z.number(),
  players: z.array(OutcomePlayer),
  /** The benchmark score of each entry, for a match played under the omnigamearena profile. */
  benchmark: z.array(z.number()).optional(),
  /** The run's declared conditions (run.json `conditions`), so reports compare arms only under equal ones. */
  conditions: z.record(z.string(), z.unknown()).optional(),
  /** The run directory, relative to the batch folder (or absolute on a shared path). */
  dir: z.string(),
  /** Who played it: `local` or a worker's name. */
  worker: z.string(),
  wallMs: z.number(),
});
export type EpisodeOutcome = z.infer<typeof EpisodeOutcome>;

/** Failure classes a rerun with --retry-failed plays again (the others are results). */
export const RETRYABLE_CLASSES: readonly string[] = ['infrastructure', 'internal', 'aborted'];
