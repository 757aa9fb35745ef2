/**
 * An attempt of a curve's episode as a match configuration, and the resolver the curve engine is given for the
 * attempts it plays in this process (reflection's `AttemptResolver`): every attempt, wherever it is played, goes
 * through the one match resolver.
 */
import { matchOptionsOf } from '../../gateway/index.js';
import type { AttemptResolver, CurveSettings, EpisodeRequest } from '../../reflection/index.js';
import { MatchConfig, parseConfig, type AgentConfig } from '../match/match-config.js';
import { resolveMatch } from '../match/resolve-match.js';

/** The match configuration of one attempt: `agent` in each of the game's `slots`, the curve's match options. */
export function attemptConfig(settings: CurveSettings, request: EpisodeRequest, slots: number, agent: AgentConfig): MatchConfig {
  return parseConfig(
    { game: settings.game, variant: request.variant, seed: request.seed, clock: settings.clock, agents: Array.from({ length: slots }, () => agent), ...matchOptionsOf(settings.match), runsDir: request.runsDir },
    MatchConfig,
    `curve episode ${request.runId}`,
  );
}

/**
 * Resolves an attempt with the curve's player seated by `seat` in every slot (the kind in the configuration,
 * `player`, names no agent factory: the seat makes each agent, with the round's skill).
 */
export const resolveAttempt: AttemptResolver = (settings, entry, request, seat) => {
  const latency = settings.match.latency;
  const config = attemptConfig(settings, request, entry.slots.length, { kind: 'player', label: 'player', ...(latency === undefined ? {} : { latency }) });
  return resolveMatch(config, { entry, seat: (slot) => seat(slot) });
};
