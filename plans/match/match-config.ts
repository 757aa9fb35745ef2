/**
 * The match configuration file (`arena match --config FILE`) and the flags that build or override it.
 * See docs/cli.md for every field; examples/ has files that run as written.
 */
import { z } from 'zod';

export { parseConfig, readConfigFile } from '../../protocol/index.js';
import type { FairnessArm, Handicap, LatencySource } from '../../gateway/index.js';
import { ClockMode, MatchOptions, parseFairness, parseHandicap, parseLatencySource } from '../../gateway/index.js';

export const AgentConfig = z.strictObject({
  /** Agent kind: scripted, random, idle, vlm. */
  kind: z.string().min(1),
  label: z.string().min(1).max(64).optional(),
  /** lcrt latency source (`LATENCY_FORMS_TEXT`, gateway/clock/latency-sources.ts). */
  latency: z.string().optional(),
  /** The VLM agent's configuration (see docs/agents.md). */
  vlm: z.record(z.string(), z.unknown()).optional(),
  /** Under `fairness: handicap`: this agent's charged latency scaled and offset, `x2`, `+300` or `x1.5+200` (docs/pvp-fairness.md). */
  handicap: z.string().optional(),
});
export type AgentConfig = z.infer<typeof AgentConfig>;

/**
 * A match configuration: which game, seed, clock and agents, with every match option (`MatchOptions`,
 * gateway/match/match-options.ts) at the top level beside them.
 */
export const MatchConfig = z.strictObject({
  game: z.string().min(1).default('last_stand'),
  variant: z.string().min(1).optional(),
  seed: z.number().int().min(0).default(1),
  clock: ClockMode.default('pdq'),
  /** The PvP fairness arm: pdq, lcrt, matched[:STAT[:WINDOW]] or handicap (docs/pvp-fairness.md); it sets the clock it runs on. */
  fairness: z.string().optional(),
  agents: z.array(AgentConfig).min(1).default([{ kind: 'scripted' }]),
  runsDir: z.string().default('runs'),
  ...MatchOptions.shape,
});
export type MatchConfig = z.infer<typeof MatchConfig>;

export function latencyOf(agent: AgentConfig): LatencySource | undefined {
  return agent.latency === undefined ? undefined : parseLatencySource(agent.latency);
}

export function handicapOf(agent: AgentConfig): Handicap | undefined {
  return agent.handicap === undefined ? undefined : parseHandicap(agent.handicap);
}

/** The configuration's fairness arm, parsed (BAD_CONFIG for an unknown one). */
export function fairnessOf(config: Pick<MatchConfig, 'fairness'>): FairnessArm | undefined {
  return config.fairness === undefined ? undefined : parseFairness(config.fairness);
}

/** The clock a fairness arm runs on: pdq for `pdq`, lcrt for the others. */
export function clockOfArm(arm: FairnessArm): 'pdq' | 'lcrt' {
  return arm.arm === 'pdq' ? 'pdq' : 'lcrt';
}
