/** The sweep specification (`arena sweep SPEC.yaml`): a matrix of games, agents, clocks, latencies and seeds. */
import { z } from 'zod';
import { EpisodeOptions, PausedClockMode } from '../../gateway/index.js';

const Name = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'use letters, digits, _ . - (at most 64)');

/** A game of the matrix: its id alone, or with the variants, pool and line-ups to play. */
export const GameItem = z.union([
  z.string().min(1),
  z.strictObject({
    game: z.string().min(1),
    /** Variants to play (default: the origin variant). */
    variants: z.array(z.string().min(1)).min(1).optional(),
    /** The worker pool that has this game (default `default`). */
    pool: Name.optional(),
    /** Line-ups for a multi-player game, agent labels in slot order (default: the spec's `lineups`). */
    lineups: z.array(z.array(Name).min(1)).min(1).optional(),
  }),
]);
export type GameItem = z.infer<typeof GameItem>;

/** One agent of the matrix, named by its label in tables. */
export const AgentItem = z.strictObject({
  label: Name,
  /** Agent kind: scripted, random, idle, vlm. */
  kind: z.string().min(1),
  /** The VLM agent's configuration (docs/agents.md). */
  vlm: z.record(z.string(), z.unknown()).optional(),
  /** The endpoint (a key of `endpoints`) whose limits this agent's decisions count against. */
  endpoint: Name.optional(),
  /** Under the `handicap` fairness arm: this agent's charged latency scaled or offset (`x2`, `+300`, `x1.5+200`). */
  handicap: z.string().min(1).optional(),
});
export type AgentItem = z.infer<typeof AgentItem>;

/**
 * Match settings every episode of the sweep shares: the match options (`EpisodeOptions`, the one schema of
 * gateway/match/match-options.ts), `steps` as this file's name for `stepBudget`, and the sweep's own `maxStaleShare`.
 */
export const MatchSettings = z
  .strictObject({
    ...EpisodeOptions.shape,
    /** Most decisions per agent: the spec's name for `stepBudget` (give one of them). */
    steps: z.number().int().positive().optional(),
    /** An episode whose share of decisions on stale frames is above this is left out as infrastructure (STALE_FRAME) and replayed. */
    maxStaleShare: z.number().min(0).max(1).optional(),
  })
  .refine((m) => m.steps === undefined || m.stepBudget === undefined, { message: 'give steps or stepBudget, not both', path: ['steps'] });
export type MatchSettings = z.infer<typeof MatchSettings>;

/** Limits of one model endpoint, across every worker of the sweep. */
export const EndpointLimits = z.strictObject({
  /** Most decisions in flight at once. */
  concurrency: z.number().int().min(1).optional(),
  /** Most decisions started per minute. */
  ratePerMinute: z.number().int().min(1).optional(),
});
export type EndpointLimits = z.infer<typeof EndpointLimits>;

export const SweepSpec = z.strictObject({
  name: Name,
  games: z.array(GameItem).min(1),
  agents: z.array(AgentItem).min(1),
  /** Line-ups for multi-player games (default: every ordered pair of distinct agents for pvp, each agent with itself for coop). */
  lineups: z.array(z.array(Name).min(1)).min(1).optional(),
  clocks: z.array(PausedClockMode).min(1).default(['pdq']),
  /**
   * PvP fairness arms (pdq, lcrt, matched[:STAT[:ROUNDS]], handicap; docs/pvp-fairness.md) in place of
   * `clocks`: pdq cells take no latency, the others one cell per latency condition.
   */
  fairness: z.array(z.string().min(1)).min(1).optional(),
  /** lcrt latency conditions, each a latency source (`LATENCY_FORMS_TEXT`, gateway/clock/latency-sources.ts). pdq cells take none (the game waits). */
  latencies: z.array(z.string().min(1)).min(1).default(['wall']),
  episodes: z.number().int().min(1),
  /** Seed of the first episode; episode e plays seed + e in every cell. */
  seed: z.number().int().min(0).default(1),
  match: MatchSettings.default({}),
  endpoints: z.record(Name, EndpointLimits).default({}),
  budgets: z
    .strictObject({
      /** Most episodes the sweep plays (over all its runs); past it the sweep stops cleanly. */
      episodes: z.number().int().min(1, 'a budget of 0 plays nothing; leave it out for no limit').optional(),
      /** Most model tokens (in + out) the sweep spends. */
      tokens: z.number().int().min(1, 'a budget of 0 plays nothing; leave it out for no limit').optional(),
    })
    .default({}),
  /**
   * Where and when episodes run on a fleet, never what they play (so not part of any cell id): `fifo`, the next
   * episode to the next free slot; `affinity`, warm game and map first, then least expected finish time. Written
   * to batch.json with the spec.
   */
  placement: z.enum(['fifo', 'affinity']).default('fifo'),
  records: z
    .strictObject({
      /** A folder every worker and the coordinator mount at the same path: run records go there, not copied back. */
      shared: z.string().min(1).optional(),
    })
    .default({}),
});
export type SweepSpec = z.infer<typeof SweepSpec>;
