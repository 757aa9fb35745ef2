/**
 * An episode job (a sweep's, tournament's, curve's or audit's, played here or by a worker) as a match
 * configuration, resolved by the one match resolver: a worker plays a job exactly as `arena match --config`
 * plays the same configuration.
 */
import { matchOptionsOf } from '../../gateway/index.js';
import type { AgentFactory, EpisodeJob, EpisodeResolver } from '../../sweeps/index.js';
import { MatchConfig, parseConfig } from '../match/match-config.js';
import { resolveMatch } from '../match/resolve-match.js';

/** The match configuration an episode job plays (agents in slot order, as the job lists them). */
export function episodeConfig(job: EpisodeJob): MatchConfig {
  return parseConfig(
    {
      game: job.cellInfo.game,
      variant: job.cellInfo.variant,
      seed: job.seed,
      clock: job.cellInfo.clock,
      ...(job.cellInfo.fairness === undefined ? {} : { fairness: job.cellInfo.fairness }),
      agents: [...job.agents].sort((a, b) => a.slot - b.slot).map((a) => ({ kind: a.kind, label: a.label, ...(a.latency === undefined ? {} : { latency: a.latency }), ...(a.handicap === undefined ? {} : { handicap: a.handicap }), ...(a.vlm === undefined ? {} : { vlm: a.vlm }) })),
      // Every match option the job carries, by the schema's own keys.
      ...matchOptionsOf(job),
    },
    MatchConfig,
    `episode ${job.id}`,
  );
}

/**
 * Resolves episode jobs through `resolveMatch`, with the built-in agents or another factory (tests); the work
 * layer's wrap (endpoint limits) goes through the resolver's `wrapAgent` hook, each agent with its job player.
 */
export function episodeResolver(makeAgent?: AgentFactory): EpisodeResolver {
  return (job, wrap) => {
    const players = [...job.agents].sort((a, b) => a.slot - b.slot);
    const spec = resolveMatch(episodeConfig(job), { ...(makeAgent ? { makeAgent } : {}), ...(wrap ? { wrapAgent: (agent, _config, i) => wrap(agent, players[i]!) } : {}) });
    const slots = new Set(job.agents.map((a) => a.slot));
    const seated = spec.slots.map((s) => s.slot);
    if (seated.some((s) => !slots.has(s))) throw new Error(`episode ${job.id} seats slots ${[...slots].join(', ')} but ${spec.game} has slots ${seated.join(', ')}`);
    return spec;
  };
}
