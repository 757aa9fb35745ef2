/** The runner style's lines in a curve's summary and plot: its metrics beside ours, and each round's lints and verdicts. */
import type { CurveState, RoundRecord } from '../curve-state.js';
import { runnerMetrics, type RunnerMetrics } from './metrics.js';

const signed = (v: number): string => `${v >= 0 ? '+' : ''}${v.toFixed(3)}`;

/** The runner's metrics over the curve's finished rounds; undefined before round 0 has a mean. */
export function curveRunnerMetrics(state: CurveState): RunnerMetrics | undefined {
  return runnerMetrics(state.rounds.filter((r) => r.mean !== undefined).map((r) => r.mean!));
}

/** One line with the runner's metrics. */
export function metricsLine(m: RunnerMetrics): string {
  return `runner metrics (rounds 0-${m.rounds - 1}): final gain ${signed(m.finalGain)}, AUC gain ${signed(m.aucGain)}, regression rate ${m.regressionRate.toFixed(3)}`;
}

/** The summary's lines for a runner-style curve (none for ours). */
export function runnerSummaryLines(state: CurveState): string[] {
  if (!state.settings.runner) return [];
  const cold = state.rounds[0]?.coldStart;
  const lines = [`style: the benchmark runner's (no early stop; round 0 ${cold ? `is ${cold.runs.length} cold-start run(s) from ${cold.from}` : `from ${state.settings.runner.roundZero}`})`];
  const m = curveRunnerMetrics(state);
  if (m) lines.push(metricsLine(m));
  return lines;
}

/** Notes of one round in the summary table: the lints its reflection saw and the validator's verdicts. */
export function runnerRoundNotes(round: RoundRecord): string[] {
  const r = round.runner;
  if (!r) return [];
  const notes: string[] = [];
  if (r.lints.length > 0) notes.push(`lints ${r.lints.map((l) => l.id).join('+')}`);
  if (r.validations.length > 0) notes.push(`validator ${r.validations.map((v) => v.verdict).join('/')}`);
  if (r.diagnoses.length === 0) notes.push('no diagnosis');
  if (r.attempts > 1) notes.push(`${r.attempts} reflections`);
  return notes;
}
