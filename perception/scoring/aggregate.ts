/**
 * Aggregation as Video-Arena reports it: per-case values averaged with equal weight within each game, then the
 * game means macro-averaged; case-bootstrap intervals resample cases with replacement within each game
 * (seeded, percentile interval).
 */
import { Prng } from '../../protocol/index.js';

/** One case's value for a metric, undefined where the case has none (a tier without labels). */
export interface CaseValue {
  readonly game: string;
  readonly value: number | undefined;
}

/** Game means and their macro mean. */
export interface Aggregate {
  readonly games: Readonly<Record<string, number | undefined>>;
  readonly macro: number | undefined;
}

const mean = (xs: readonly number[]): number | undefined => (xs.length === 0 ? undefined : xs.reduce((a, b) => a + b, 0) / xs.length);

function byGame(values: readonly CaseValue[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const v of values) {
    const list = groups.get(v.game) ?? [];
    if (v.value !== undefined) list.push(v.value);
    groups.set(v.game, list);
  }
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function macroOf(groups: ReadonlyMap<string, readonly number[]>): number | undefined {
  return mean([...groups.values()].map(mean).filter((m): m is number => m !== undefined));
}

/** Per-game means and their macro mean. */
export function aggregate(values: readonly CaseValue[]): Aggregate {
  const groups = byGame(values);
  return { games: Object.fromEntries([...groups.entries()].map(([g, xs]) => [g, mean(xs)])), macro: macroOf(groups) };
}

/** A percentile interval. */
export interface Interval {
  readonly lo: number;
  readonly hi: number;
}

function percentile(sortedXs: readonly number[], q: number): number {
  const i = Math.min(sortedXs.length - 1, Math.max(0, Math.round(q * (sortedXs.length - 1))));
  return sortedXs[i]!;
}

/**
 * Case-bootstrap 95% intervals of every game mean and of the macro mean: `replicates` resamples, each drawing
 * as many cases as a game has, with replacement, within every game. The same seed gives the same intervals.
 */
export function bootstrap(values: readonly CaseValue[], replicates: number, seed: number): { games: Readonly<Record<string, Interval>>; macro: Interval | undefined } {
  const groups = byGame(values);
  const rng = new Prng(seed, 18);
  const gameDraws = new Map<string, number[]>([...groups.keys()].map((g) => [g, []]));
  const macroDraws: number[] = [];
  for (let r = 0; r < replicates; r++) {
    const resampled = new Map<string, number[]>();
    for (const [g, xs] of groups) {
      const draw = xs.length === 0 ? [] : Array.from({ length: xs.length }, () => xs[rng.int(xs.length)]!);
      resampled.set(g, draw);
      const m = mean(draw);
      if (m !== undefined) gameDraws.get(g)!.push(m);
    }
    const macro = macroOf(resampled);
    if (macro !== undefined) macroDraws.push(macro);
  }
  const interval = (xs: number[]): Interval | undefined => {
    if (xs.length === 0) return undefined;
    const s = [...xs].sort((a, b) => a - b);
    return { lo: percentile(s, 0.025), hi: percentile(s, 0.975) };
  };
  const games: Record<string, Interval> = {};
  for (const [g, xs] of gameDraws) {
    const i = interval(xs);
    if (i) games[g] = i;
  }
  return { games, macro: interval(macroDraws) };
}
