/**
 * Ratings from finished games. PvP: a Bradley-Terry fit (draws count half a win to each side) on the Elo
 * scale, with one virtual draw between every two agents so an agent that wins every game still gets a
 * finite rating; a 95% interval from the curvature of the fitted log-likelihood (a normal approximation,
 * which stays honest for a handful of unanimous games where a bootstrap over games collapses to a point).
 * Solo and Coop: mean progress with a percentile-bootstrap interval.
 */
import { Prng } from '../../protocol/index.js';

/** One PvP game: `score` is a's result, 1 win, 0.5 draw, 0 loss. */
export interface PairGame {
  readonly a: string;
  readonly b: string;
  readonly score: number;
}

export interface Interval {
  readonly lo: number;
  readonly hi: number;
}

export interface BootstrapOptions {
  /** Resamples drawn; default 1000. */
  readonly samples?: number;
  /** Seed of the resampling PRNG; default 1 (the same inputs always give the same interval). */
  readonly seed?: number;
  /** Interval coverage; default 0.95. */
  readonly level?: number;
}

/** Mean of the ratings; an Elo-scale rating of BASE is an average agent. */
export const RATING_BASE = 1000;
/** Virtual draws added between every two agents. */
export const RATING_PRIOR_GAMES = 1;

/** Elo points per natural-log unit of the Bradley-Terry strength. */
const ELO_PER_LOG = 400 / Math.LN10;

export interface RatingFit {
  /** Elo-scale rating per agent, mean RATING_BASE. */
  readonly rating: Map<string, number>;
  /** 95% normal-approximation interval per agent. */
  readonly interval: Map<string, Interval>;
}

/** Bradley-Terry ratings on the Elo scale (400 points = 10:1 odds), mean RATING_BASE, fitted by Hunter's MM iteration, with intervals. */
export function bradleyTerry(agents: readonly string[], games: readonly PairGame[], priorGames = RATING_PRIOR_GAMES, level = 0.95): RatingFit {
  const k = agents.length;
  const index = new Map(agents.map((a, i) => [a, i]));
  const wins = new Float64Array(k);
  const played = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j) continue;
      played[i * k + j] = priorGames;
      wins[i]! += priorGames / 2;
    }
  }
  for (const g of games) {
    const i = index.get(g.a);
    const j = index.get(g.b);
    if (i === undefined || j === undefined || i === j) continue;
    played[i * k + j]! += 1;
    played[j * k + i]! += 1;
    wins[i]! += g.score;
    wins[j]! += 1 - g.score;
  }
  let gamma = new Float64Array(k).fill(1);
  for (let iter = 0; iter < 10_000; iter++) {
    const next = new Float64Array(k);
    for (let i = 0; i < k; i++) {
      let denom = 0;
      for (let j = 0; j < k; j++) if (i !== j) denom += played[i * k + j]! / (gamma[i]! + gamma[j]!);
      next[i] = denom > 0 ? wins[i]! / denom : 1;
    }
    // Fix the scale: geometric mean 1.
    const logMean = next.reduce((s, g) => s + Math.log(g), 0) / Math.max(1, k);
    let change = 0;
    for (let i = 0; i < k; i++) {
      next[i] = next[i]! / Math.exp(logMean);
      change = Math.max(change, Math.abs(Math.log(next[i]!) - Math.log(gamma[i]!)));
    }
    gamma = next;
    if (change < 1e-10) break;
  }
  // Information matrix in log-strengths: a graph Laplacian weighted by n p (1 - p); its pseudo-inverse is the
  // covariance of the ratings measured from their mean.
  const info: number[][] = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j) continue;
      const p = gamma[i]! / (gamma[i]! + gamma[j]!);
      const w = played[i * k + j]! * p * (1 - p);
      info[i]![j]! -= w;
      info[i]![i]! += w;
    }
  }
  const cov = pseudoInverse(info);
  const z = normalQuantile(1 - (1 - level) / 2);
  const rating = new Map<string, number>();
  const interval = new Map<string, Interval>();
  agents.forEach((a, i) => {
    const r = RATING_BASE + ELO_PER_LOG * Math.log(gamma[i]!);
    const half = z * ELO_PER_LOG * Math.sqrt(Math.max(0, cov[i]![i]!));
    rating.set(a, r);
    interval.set(a, { lo: r - half, hi: r + half });
  });
  return { rating, interval };
}

/** Pseudo-inverse of a symmetric matrix whose rows sum to zero (a connected graph Laplacian): (L + J/k)^-1 - J/k. */
function pseudoInverse(laplacian: readonly (readonly number[])[]): number[][] {
  const k = laplacian.length;
  const a = laplacian.map((row, i) => [...row.map((v) => v + 1 / k), ...Array.from({ length: k }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < k; c++) {
    let pivot = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    const lead = a[c]![c]!;
    if (Math.abs(lead) < 1e-300) continue;
    for (let j = 0; j < 2 * k; j++) a[c]![j]! /= lead;
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      if (f !== 0) for (let j = 0; j < 2 * k; j++) a[r]![j]! -= f * a[c]![j]!;
    }
  }
  return a.map((row) => row.slice(k).map((v) => v - 1 / k));
}

/** The standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const poly = (coef: readonly number[], x: number): number => coef.reduce((acc, v) => acc * x + v, 0);
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - 0.02425) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

/** The `q` quantile of sorted `values`, linearly interpolated. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** Draws `n` items from `items` with replacement. */
function resample<T>(items: readonly T[], rng: Prng): T[] {
  return Array.from({ length: items.length }, () => items[rng.int(items.length)]!);
}

/** The mean of `values` and its percentile-bootstrap interval (NaN for no values). */
export function meanInterval(values: readonly number[], options: BootstrapOptions = {}): { mean: number } & Interval {
  if (values.length === 0) return { mean: NaN, lo: NaN, hi: NaN };
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const samples = options.samples ?? 1000;
  const tail = (1 - (options.level ?? 0.95)) / 2;
  const rng = new Prng(options.seed ?? 1, 7);
  const means: number[] = [];
  for (let s = 0; s < samples; s++) means.push(resample(values, rng).reduce((sum, v) => sum + v, 0) / values.length);
  means.sort((x, y) => x - y);
  return { mean, lo: quantile(means, tail), hi: quantile(means, 1 - tail) };
}
