/** Small statistics for sweep tables: differences of means with Welch 95% intervals, percentiles (the means' own intervals are the plots', `plots/mean-ci.ts`). */
import { t95, type MeanCi } from '../../plots/index.js';

/** Difference of two means with a Welch 95% interval. */
export function diffCi(a: MeanCi, b: MeanCi): { diff: number; half: number } {
  const diff = a.mean - b.mean;
  if (a.n < 2 || b.n < 2) return { diff, half: Number.NaN };
  const va = a.sd ** 2 / a.n;
  const vb = b.sd ** 2 / b.n;
  const se = Math.sqrt(va + vb);
  if (se === 0) return { diff, half: 0 };
  const df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
  return { diff, half: t95(Math.max(1, Math.floor(df))) * se };
}

/** The q-quantile (0..1) by linear interpolation; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo]! + (s[hi]! - s[lo]!) * (at - lo);
}
