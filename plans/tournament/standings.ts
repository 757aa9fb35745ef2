/** Tables from finished matches: a row per line-up (win/draw/loss, mean progress) and a rating per agent with its interval. */
import type { Regime } from '../../games-manifest/index.js';
import { SCORE_MEASURES, type ScoreMeasure } from '../../protocol/index.js';
import { bradleyTerry, meanInterval, RATING_BASE, RATING_PRIOR_GAMES, type BootstrapOptions, type PairGame } from './rating.js';
import type { MatchRecord } from './results-log.js';

export interface LineUpRow {
  /** Labels in slot order. */
  readonly agents: readonly string[];
  readonly games: number;
  /** Results of the agent in slot 0 (PvP only; zero otherwise). */
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Mean progress of each slot. */
  readonly meanProgress: readonly number[];
}

export interface RatingRow {
  readonly rank: number;
  readonly agent: string;
  /** PvP: Elo-scale Bradley-Terry rating; Solo and Coop: mean progress. */
  readonly rating: number;
  readonly lo: number;
  readonly hi: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Mean progress of the agent over its games (its own slot's progress). */
  readonly meanProgress: number;
}

export interface Standings {
  readonly method: string;
  readonly lineUps: readonly LineUpRow[];
  readonly ratings: readonly RatingRow[];
}

/**
 * Slot 0's result in a two-player record: the game's verdict, or, for a match the gateway stopped (time
 * limit or step budget) before the game gave one, the higher progress wins and equal progress draws.
 */
export function slot0Score(record: MatchRecord): number {
  const [a, b] = [...record.players].sort((x, y) => x.slot - y.slot);
  if (a === undefined || b === undefined) return 0.5;
  if (a.outcome !== 'none') return a.outcome === 'win' ? 1 : a.outcome === 'draw' ? 0.5 : 0;
  return a.progress > b.progress ? 1 : a.progress < b.progress ? 0 : 0.5;
}

const mean = (values: readonly number[]): number => (values.length === 0 ? NaN : values.reduce((s, v) => s + v, 0) / values.length);
const bySlot = (r: MatchRecord): MatchRecord['players'] => [...r.players].sort((x, y) => x.slot - y.slot);

/** Standings over `records` (already filtered to this tournament, in schedule order). */
export function standings(regime: Regime, labels: readonly string[], lineUps: readonly (readonly string[])[], records: readonly MatchRecord[], options: BootstrapOptions & { readonly measure?: ScoreMeasure } = {}): Standings {
  const rows: LineUpRow[] = lineUps.map((agents) => {
    const mine = records.filter((r) => r.agents.join('\n') === agents.join('\n'));
    const scores = regime === 'pvp' ? mine.map(slot0Score) : [];
    return {
      agents,
      games: mine.length,
      wins: scores.filter((s) => s === 1).length,
      draws: scores.filter((s) => s === 0.5).length,
      losses: scores.filter((s) => s === 0).length,
      meanProgress: agents.map((_, slot) => mean(mine.map((r) => bySlot(r)[slot]?.progress ?? 0))),
    };
  });
  const tally = (agent: string): Pick<RatingRow, 'games' | 'wins' | 'draws' | 'losses' | 'meanProgress'> => {
    let wins = 0;
    let draws = 0;
    let losses = 0;
    const progress: number[] = [];
    let games = 0;
    for (const r of records) {
      const slots = r.agents.flatMap((a, i) => (a === agent ? [i] : []));
      if (slots.length === 0) continue;
      games++;
      for (const slot of slots) progress.push(bySlot(r)[slot]?.progress ?? 0);
      if (regime !== 'pvp') continue;
      const s = slots[0] === 0 ? slot0Score(r) : 1 - slot0Score(r);
      if (s === 1) wins++;
      else if (s === 0) losses++;
      else draws++;
    }
    return { games, wins, draws, losses, meanProgress: mean(progress) };
  };
  let rated: Omit<RatingRow, 'rank'>[];
  let method: string;
  if (regime === 'pvp') {
    const games: PairGame[] = records.map((r) => ({ a: r.agents[0]!, b: r.agents[1]!, score: slot0Score(r) }));
    const fit = bradleyTerry(labels, games);
    rated = labels.map((agent) => ({ agent, rating: fit.rating.get(agent)!, ...fit.interval.get(agent)!, ...tally(agent) }));
    method = `Bradley-Terry on the Elo scale (mean ${RATING_BASE}, 400 = 10:1 odds; draws half a win; ${RATING_PRIOR_GAMES} virtual draw per pair of agents); 95% interval from the likelihood's curvature`;
  } else {
    rated = labels.map((agent) => {
      // A Coop team's progress is shared: each match counts once for each agent in it.
      const values = records.filter((r) => r.agents.includes(agent)).map((r) => mean(r.players.map((p) => p.progress)));
      const m = meanInterval(values, options);
      return { agent, rating: m.mean, lo: m.lo, hi: m.hi, ...tally(agent) };
    });
    method = `mean ${regime === 'coop' ? 'team ' : ''}${options.measure === 'benchmark' ? `${SCORE_MEASURES.benchmark.name} (raw, unclamped)` : 'progress'} of the agent's matches; 95% percentile bootstrap over matches`;
  }
  const ranked = [...rated].sort((a, b) => (Number.isNaN(b.rating) ? -Infinity : b.rating) - (Number.isNaN(a.rating) ? -Infinity : a.rating) || a.agent.localeCompare(b.agent));
  return { method, lineUps: rows, ratings: ranked.map((r, i) => ({ rank: i + 1, ...r })) };
}
