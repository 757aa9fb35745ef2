/**
 * The benchmark runner's curve metrics over the round means S0..SR: final gain SR - S0, the area under the
 * gain curve as the mean of Si - S0 over rounds 1..R (0 for a curve of round 0 alone), and the regression
 * rate, the share of rounds whose mean is below the round before.
 */

/** The runner's metrics of one curve. */
export interface RunnerMetrics {
  readonly s0: number;
  readonly sFinal: number;
  readonly finalGain: number;
  readonly aucGain: number;
  readonly regressionRate: number;
  /** Round means the metrics were computed from. */
  readonly rounds: number;
}

/** The metrics of the given round means (round 0 first); undefined for no rounds. */
export function runnerMetrics(means: readonly number[]): RunnerMetrics | undefined {
  if (means.length === 0) return undefined;
  const s0 = means[0]!;
  const sFinal = means[means.length - 1]!;
  const gains = means.slice(1).map((m) => m - s0);
  const regressions = means.slice(1).filter((m, i) => m < means[i]!).length;
  return {
    s0,
    sFinal,
    finalGain: sFinal - s0,
    aucGain: gains.length === 0 ? 0 : gains.reduce((s, g) => s + g, 0) / gains.length,
    regressionRate: regressions / Math.max(1, means.length - 1),
    rounds: means.length,
  };
}
