/**
 * Speed or skill: a PvP rating taken apart by fairness arm. Every line-up plays the same seeds under each
 * arm; per agent, its rating under each arm (Bradley-Terry, likelihood interval) and three components with
 * percentile-bootstrap intervals over episodes (an episode index is resampled with all its matches in every
 * arm, so the arms stay paired): skill = pdq - base (the world waits; relative to the field's mean), cost of
 * reacting = matched - pdq (thinking costs time, equally for both), speed advantage = lcrt - matched (being
 * faster than the rival). The same for every two agents' difference.
 */
import { Prng } from '../../protocol/index.js';
import { bradleyTerry, quantile, RATING_BASE, type BootstrapOptions, type Interval, type PairGame } from './rating.js';
import type { MatchRecord } from './results-log.js';
import { slot0Score } from './standings.js';

/** The components, each the difference of two arms' ratings (skill: pdq against the field's mean). */
export const COMPONENTS = [
  { name: 'skill', label: 'skill (pdq)', plus: 'pdq', minus: undefined },
  { name: 'reacting', label: 'cost of reacting (matched - pdq)', plus: 'matched', minus: 'pdq' },
  { name: 'speed', label: 'speed advantage (lcrt - matched)', plus: 'lcrt', minus: 'matched' },
] as const;
export type ComponentName = (typeof COMPONENTS)[number]['name'];

/** One estimate with its interval. */
export interface Estimate extends Interval {
  readonly value: number;
}

export interface AgentDecomposition {
  readonly agent: string;
  /** Rating under each arm (arm kind: pdq, matched, lcrt, handicap) with the likelihood interval. */
  readonly arms: Readonly<Record<string, Estimate>>;
  /** Components the arms played allow, with bootstrap intervals. */
  readonly components: Partial<Readonly<Record<ComponentName, Estimate>>>;
}

export interface PairDecomposition {
  readonly a: string;
  readonly b: string;
  /** a's component minus b's, with bootstrap intervals. */
  readonly components: Partial<Readonly<Record<ComponentName, Estimate>>>;
}

export interface Decomposition {
  readonly arms: readonly string[];
  /** Episodes present under every arm, which the bootstrap resamples. */
  readonly episodes: number;
  readonly samples: number;
  readonly seed: number;
  readonly level: number;
  readonly agents: readonly AgentDecomposition[];
  readonly pairs: readonly PairDecomposition[];
  readonly method: string;
}

const games = (records: readonly MatchRecord[]): PairGame[] => records.map((r) => ({ a: r.agents[0]!, b: r.agents[1]!, score: slot0Score(r) }));

/** Each agent's value of every component the arms allow, from one rating per arm. */
function components(labels: readonly string[], ratings: ReadonlyMap<string, ReadonlyMap<string, number>>): Map<string, Map<ComponentName, number>> {
  const out = new Map<string, Map<ComponentName, number>>();
  for (const agent of labels) {
    const mine = new Map<ComponentName, number>();
    for (const c of COMPONENTS) {
      const plus = ratings.get(c.plus)?.get(agent);
      const minus = c.minus === undefined ? RATING_BASE : ratings.get(c.minus)?.get(agent);
      if (plus !== undefined && minus !== undefined) mine.set(c.name, plus - minus);
    }
    out.set(agent, mine);
  }
  return out;
}

/**
 * The decomposition of a PvP tournament played under several arms. `byArm` maps an arm kind (pdq, matched,
 * lcrt, handicap) to its records; episodes missing from any arm are left out of the bootstrap (and of the
 * point estimates, so both stand on the same matches).
 */
export function decompose(labels: readonly string[], byArm: ReadonlyMap<string, readonly MatchRecord[]>, options: BootstrapOptions = {}): Decomposition {
  const arms = [...byArm.keys()];
  const samples = options.samples ?? 1000;
  const seed = options.seed ?? 1;
  const level = options.level ?? 0.95;
  const tail = (1 - level) / 2;
  const perArm = [...byArm.values()].map((rs) => new Set(rs.map((r) => r.episode)));
  const episodes = [...(perArm[0] ?? new Set<number>())].filter((e) => perArm.every((s) => s.has(e))).sort((x, y) => x - y);
  const byEpisode = new Map(arms.map((arm) => [arm, new Map(episodes.map((e) => [e, byArm.get(arm)!.filter((r) => r.episode === e)]))]));
  const fitAll = (chosen: readonly number[]): Map<string, Map<string, number>> =>
    new Map(arms.map((arm) => [arm, bradleyTerry(labels, games(chosen.flatMap((e) => byEpisode.get(arm)!.get(e)!))).rating]));
  const point = new Map(arms.map((arm) => [arm, bradleyTerry(labels, games(episodes.flatMap((e) => byEpisode.get(arm)!.get(e)!)), undefined, level)]));
  const pointComponents = components(labels, new Map([...point].map(([arm, fit]) => [arm, fit.rating])));
  const pairs = labels.flatMap((a, i) => labels.slice(i + 1).map((b) => [a, b] as const));
  // Bootstrap: resample episode indices; every arm takes the same draw.
  const rng = new Prng(seed, 11);
  const drawn = new Map<string, number[]>();
  const push = (key: string, v: number): void => {
    const list = drawn.get(key);
    if (list) list.push(v);
    else drawn.set(key, [v]);
  };
  for (let s = 0; s < samples && episodes.length > 0; s++) {
    const chosen = Array.from({ length: episodes.length }, () => episodes[rng.int(episodes.length)]!);
    const comps = components(labels, fitAll(chosen));
    for (const agent of labels) for (const [c, v] of comps.get(agent)!) push(`${agent}\n${c}`, v);
    for (const [a, b] of pairs) for (const [c, v] of comps.get(a)!) push(`${a}\n${b}\n${c}`, v - comps.get(b)!.get(c)!);
  }
  const estimate = (key: string, value: number): Estimate => {
    const sorted = [...(drawn.get(key) ?? [])].sort((x, y) => x - y);
    return { value, lo: quantile(sorted, tail), hi: quantile(sorted, 1 - tail) };
  };
  const agents = labels.map((agent): AgentDecomposition => ({
    agent,
    arms: Object.fromEntries([...point].map(([arm, fit]) => [arm, { value: fit.rating.get(agent)!, ...fit.interval.get(agent)! }])),
    components: Object.fromEntries([...pointComponents.get(agent)!].map(([c, v]) => [c, estimate(`${agent}\n${c}`, v)])),
  }));
  const pairRows = pairs.map(([a, b]): PairDecomposition => ({
    a,
    b,
    components: Object.fromEntries([...pointComponents.get(a)!].map(([c, v]) => [c, estimate(`${a}\n${b}\n${c}`, v - pointComponents.get(b)!.get(c)!)])),
  }));
  const method = `ratings: Bradley-Terry on the Elo scale per arm (mean ${RATING_BASE}), ${Math.round(level * 100)}% likelihood interval; components: ${COMPONENTS.map((c) => c.label).join(', ')}; ${Math.round(level * 100)}% percentile bootstrap over ${episodes.length} episodes (${samples} resamples, seed ${seed}, every arm resampled with the same episodes)`;
  return { arms, episodes: episodes.length, samples, seed, level, agents, pairs: pairRows, method };
}
