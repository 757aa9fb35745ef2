/** Who plays whom: the pairings a regime calls for and the matches of a tournament, in a fixed order. */
import type { Regime } from '../../games-manifest/index.js';

/** One match of the schedule: agent labels in slot order, the episode and its seed. */
export interface ScheduledMatch {
  readonly key: string;
  readonly agents: readonly string[];
  readonly episode: number;
  readonly seed: number;
}

/**
 * The line-ups of a regime, labels in slot order. Solo: each agent alone. PvP: every ordered pair of two
 * different agents, so each plays each side against each other (side advantage cancels). Turn-based
 * boards: each agent alone against the board's own opponent. Coop: every
 * ordered pair including an agent with itself (self-play and mixed teams).
 */
export function lineUps(regime: Regime, labels: readonly string[]): string[][] {
  switch (regime) {
    case 'solo':
    case 'turn-based':
      return labels.map((a) => [a]);
    case 'pvp':
      return labels.flatMap((a) => labels.filter((b) => b !== a).map((b) => [a, b]));
    case 'coop':
      return labels.flatMap((a) => labels.map((b) => [a, b]));
  }
}

/** The key a match is stored under in results.jsonl: line-up, episode and seed. */
export function matchKey(agents: readonly string[], episode: number, seed: number): string {
  return `${agents.join(' vs ')}#${episode}#${seed}`;
}

/** A match as a reader names it: the line-up, its episode and seed (`random vs scripted, episode 0, seed 1`). */
export function matchLabel(m: ScheduledMatch): string {
  return `${m.agents.join(' vs ')}, episode ${m.episode}, seed ${m.seed}`;
}

/** Every match, episode by episode (so a stopped tournament has covered every line-up evenly); episode e plays seed baseSeed + e. */
export function schedule(regime: Regime, labels: readonly string[], episodes: number, baseSeed: number): ScheduledMatch[] {
  const ups = lineUps(regime, labels);
  const matches: ScheduledMatch[] = [];
  for (let episode = 0; episode < episodes; episode++) {
    const seed = baseSeed + episode;
    for (const agents of ups) matches.push({ key: matchKey(agents, episode, seed), agents, episode, seed });
  }
  return matches;
}
