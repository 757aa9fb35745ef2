/**
 * The one place a match configuration becomes a runnable `MatchSpec`: `arena match`, `arena watch`, the service's
 * match jobs, and every episode a sweep, tournament, curve or audit plays (plans/sweep/episode-spec.ts) go through
 * `resolveMatch`, so a new match field is added here once.
 */
import type { Agent } from '../../protocol/index.js';
import { usage } from '../../protocol/index.js';
import type { GameEntry } from '../../games-manifest/index.js';
import { matchPlayOptionsOf, type MatchSpec } from '../../gateway/index.js';
import type { AgentFactory } from '../../sweeps/index.js';
import { makeAgent } from './agent-factory.js';
import { fairnessOf, handicapOf, latencyOf, type AgentConfig, type MatchConfig } from './match-config.js';
import { entryOf } from './match-entry.js';

/** What a caller adds to a configuration: how agents are seated or wrapped, another agent factory, another entry (tests). */
export interface ResolveParts {
  /** Seats every agent itself (a curve's player, made with the round's skill); the configured kinds are then not made. */
  readonly seat?: (slot: number, config: AgentConfig) => Agent;
  /** A manifest entry to play instead of the one the configuration names (tests and external games). */
  readonly entry?: GameEntry;
  /** Seats a `remote` agent at a slot (AgentLink); without it `remote` is made by the factory (UNKNOWN_AGENT). */
  readonly makeRemote?: (slot: number) => Agent;
  /** Makes the other agents; default the built-in kinds with the games' scripted policies. */
  readonly makeAgent?: AgentFactory;
  /** Wraps each made agent, given its configuration and slot-order index (the work layer's endpoint limits, plans/sweep/episode-spec.ts). */
  readonly wrapAgent?: (agent: Agent, config: AgentConfig, index: number) => Agent;
}

/** The configuration as a spec: entry resolved, agents made and seated in slot order, every option carried over. */
export function resolveMatch(config: MatchConfig, parts: ResolveParts = {}): MatchSpec {
  const entry = parts.entry ?? entryOf(config);
  if (config.agents.length > entry.slots.length) {
    throw usage(`${entry.id} has ${entry.slots.length} player slot${entry.slots.length > 1 ? 's' : ''}; ${config.agents.length} agents were given`);
  }
  const factory = parts.makeAgent ?? makeAgent;
  return {
    game: entry.id,
    entry,
    ...(config.variant ? { variant: config.variant } : {}),
    seed: config.seed,
    clock: config.clock,
    ...(config.fairness === undefined ? {} : { fairness: fairnessOf(config)! }),
    slots: config.agents.map((a, i) => {
      const latency = latencyOf(a);
      const handicap = handicapOf(a);
      const slot = entry.slots[i]!.slot;
      const made = parts.seat ? parts.seat(slot, a) : a.kind === 'remote' && parts.makeRemote ? parts.makeRemote(slot) : factory(a.kind, { game: entry.id, seed: config.seed, ...(a.vlm === undefined ? {} : { vlm: a.vlm }) });
      const agent = parts.wrapAgent ? parts.wrapAgent(made, a, i) : made;
      // No configured label: the slot is named by its agent (a remote agent by its hello's name, run-match's slotLabel).
      return { slot, agent, ...(a.label === undefined ? {} : { label: a.label }), ...(latency ? { latency } : {}), ...(handicap ? { handicap } : {}) };
    }),
    runsDir: config.runsDir,
    // Every match option the spec carries, by the schema's own keys: a new option needs no line here.
    ...matchPlayOptionsOf(config),
    meta: { config },
  };
}
