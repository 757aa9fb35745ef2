/** The 95% Student-t interval every plotted mean carries (and the sweep tables print). */

const T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

/** Two-sided 95% Student-t critical value for `df` degrees of freedom. */
export function t95(df: number): number {
  if (df < 1) return Number.NaN;
  return T95[Math.min(df, T95.length) - 1] ?? 1.96;
}

/** Mean and its 95% interval (half width; NaN with fewer than two values). */
export interface MeanCi {
  readonly n: number;
  readonly mean: number;
  readonly half: number;
  readonly sd: number;
}

/** The mean of `values` with its 95% t-interval's half width and the standard deviation. */
export function meanCi(values: readonly number[]): MeanCi {
  const n = values.length;
  if (n === 0) return { n, mean: Number.NaN, half: Number.NaN, sd: Number.NaN };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { n, mean, half: Number.NaN, sd: Number.NaN };
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  return { n, mean, half: (t95(n - 1) * sd) / Math.sqrt(n), sd };
}
