/**
 * The match configuration file (`arena match --config FILE`) and the flags that build or override it.
 * See docs/cli.md for every field; examples/ has files that run as written.
 */
import { z } from 'zod';

export { parseConfig, readConfigFile } from '../../protocol/index.js';
import type { FairnessArm, Handicap, LatencySource } from '../../gateway/index.js';
import { ClockMode, parseFairness, parseHandicap, parseLatencySource } from '../../gateway/index.js';
import { PROFILES } from '../../games-manifest/index.js';

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

export const MatchConfig = z.strictObject({
  game: z.string().min(1).default('last_stand'),
  /** Where the game runs: remote-input://HOST:PORT or ws://HOST:PORT (default: the built-in version). */
  env: z.string().min(1).optional(),
  variant: z.string().min(1).optional(),
  seed: z.number().int().min(0).default(1),
  clock: ClockMode.default('pdq'),
  /** The PvP fairness arm: pdq, lcrt, matched[:STAT[:WINDOW]] or handicap (docs/pvp-fairness.md); it sets the clock it runs on. */
  fairness: z.string().optional(),
  /** Whose rules the match plays by: `default` (ours) or `omnigamearena` (the benchmark's runner; docs/omnigamearena.md). */
  profile: z.enum(PROFILES).optional(),
  /** `omnigamearena` on a RemoteInput build: the builds' maps config (`configs/maps.yaml` of a runner checkout), read at run time. */
  maps: z.string().min(1).optional(),
  /** Play with the game's gamepad: the axes its manifest's `gamepad` declares join its control set (docs/agent-link.md). */
  gamepad: z.boolean().optional(),
  agents: z.array(AgentConfig).min(1).default([{ kind: 'scripted' }]),
  observationDelayMs: z.number().min(0).optional(),
  stepBudget: z.number().int().positive().optional(),
  timeLimitMs: z.number().int().positive().optional(),
  decisionTimeoutMs: z.number().int().positive().optional(),
  onAgentFailure: z.enum(['end', 'noop']).optional(),
  onDecisionError: z.enum(['end', 'noop']).optional(),
  /** What a stale frame does (docs/frame-integrity.md): flag (default), retry or fail. */
  staleFrames: z.enum(['flag', 'retry', 'fail']).optional(),
  feedback: z.boolean().optional(),
  realtime: z.strictObject({ timeScale: z.number().positive().max(16).optional(), fps: z.number().positive().max(240).optional() }).optional(),
  frame: z.strictObject({ width: z.number().int().min(16).max(4096), height: z.number().int().min(16).max(4096) }).optional(),
  runsDir: z.string().default('runs'),
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
