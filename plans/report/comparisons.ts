/**
 * Comparisons between condition groups of finished runs: PDQ minus LCRT (groups that differ in the clock),
 * variant against variant (groups of one game that differ in the variant), per agent, and model against model
 * (groups of one game, variant and clock whose seats another agent played), per seat, as mean progress
 * differences with Welch 95% intervals. A pair is compared only when its declared conditions differ in the
 * studied factor alone; any other difference is named and the pair is refused, or pooled and marked when asked.
 */
import { compareArms, runMeasure, seatValue, type StudiedFactor } from '../../gateway/index.js';
import { meanCi } from '../../plots/index.js';
import { SCORE_MEASURES, formatInterval, formatNumber } from '../../protocol/index.js';
import { diffCi } from '../../sweeps/index.js';
import type { ConditionGroup } from './condition-groups.js';
import { describeConditionKeys } from './condition-words.js';

/** One comparison of an agent between two groups. */
export interface Comparison {
  readonly factor: StudiedFactor;
  readonly agent: string;
  readonly game: string;
  /** What each arm is: its clock and latency, or its variant. */
  readonly a: string;
  readonly b: string;
  readonly verdict: 'clean' | 'pooled' | 'refused';
  readonly confounds: readonly string[];
  /** Mean progress of each arm, their difference a - b and its 95% half width (absent when refused). */
  readonly meanA?: number;
  readonly meanB?: number;
  readonly diff?: number;
  readonly ci95?: number;
  readonly n: readonly [number, number];
  /** Set when both arms were played under the omnigamearena profile: the means are of the benchmark's raw score, not our progress. */
  readonly measure?: 'benchmark';
}

/** The score each complete run gives `agent`: our progress, or the benchmark's raw score under its profile. */
const progressOf = (g: ConditionGroup, agent: string): number[] =>
  g.records.flatMap((r) => (r.run.status === 'complete' ? r.run.agents.filter((a) => a.label === agent).map((a) => seatValue(r.run, a.slot) ?? 0) : []));

/** `{ measure: 'benchmark' }` when every run of both groups was read by the benchmark's score. */
const measureOf = (a: ConditionGroup, b: ConditionGroup): { measure?: 'benchmark' } =>
  [...a.records, ...b.records].every((r) => runMeasure(r.run) === 'benchmark') ? { measure: 'benchmark' } : {};

const armName = (g: ConditionGroup, factor: StudiedFactor): string => {
  const c = g.records[0]!.run.conditions;
  if (factor === 'variant') return g.variant;
  const latency = c?.agents.map((a) => a.latency).filter((l) => l !== 'none');
  return `${c?.clock ?? g.records[0]!.run.clock}${latency && latency.length > 0 ? ` ${[...new Set(latency)].join(',')}` : ''}`;
};

/** Which factor a pair of groups studies: the clock (same game and variant, other clocks), the variant (same game, other variants). */
function factorOf(a: ConditionGroup, b: ConditionGroup): StudiedFactor | undefined {
  if (a.game !== b.game) return undefined;
  if (a.variant !== b.variant) return 'variant';
  const clocks = [a, b].map((g) => g.records[0]!.run.conditions?.clock ?? g.records[0]!.run.clock);
  if (clocks[0] !== clocks[1]) return 'clock';
  return lineup(a) !== lineup(b) ? 'agent' : undefined;
}

/** Who sat where, as one string: the labels by slot. */
const lineup = (g: ConditionGroup): string => g.records[0]!.run.agents.map((x) => `${x.slot}:${x.label}`).join(' ');

/** The score of the agent in `slot` over a group's complete runs (as `progressOf`). */
const slotProgress = (g: ConditionGroup, slot: number): number[] => g.records.flatMap((r) => (r.run.status === 'complete' ? [seatValue(r.run, slot) ?? 0] : []));

/** Model against model: the same seat played by another agent, under conditions that differ in the agent alone. */
function compareAgents(a: ConditionGroup, b: ConditionGroup, verdict: ReturnType<typeof compareArms>): Comparison[] {
  return a.records[0]!.run.agents.flatMap((x) => {
    const y = b.records[0]!.run.agents.find((s) => s.slot === x.slot);
    if (!y || y.label === x.label) return [];
    const pa = meanCi(slotProgress(a, x.slot));
    const pb = meanCi(slotProgress(b, x.slot));
    const base = { factor: 'agent' as const, agent: `slot ${x.slot}`, game: a.game, a: x.label, b: y.label, verdict: verdict.verdict, confounds: verdict.confounds, n: [pa.n, pb.n] as const, ...measureOf(a, b) };
    if (verdict.verdict === 'refused' || pa.n === 0 || pb.n === 0) return [base];
    const d = diffCi(pa, pb);
    return [{ ...base, meanA: pa.mean, meanB: pb.mean, diff: d.diff, ci95: d.half }];
  });
}

/** Every comparison the groups allow, pdq before lcrt and in order of first appearance. */
export function compareGroups(groups: readonly ConditionGroup[], pool = false): Comparison[] {
  const out: Comparison[] = [];
  for (let i = 0; i < groups.length; i++) {
    for (let j = i + 1; j < groups.length; j++) {
      let [a, b] = [groups[i]!, groups[j]!];
      const factor = factorOf(a, b);
      if (factor === undefined) continue;
      if (factor === 'clock' && (b.records[0]!.run.conditions?.clock ?? b.records[0]!.run.clock) === 'pdq') [a, b] = [b, a];
      const verdict = compareArms(a.records.map((r) => r.run.conditions), b.records.map((r) => r.run.conditions), factor, pool);
      if (factor === 'agent') {
        out.push(...compareAgents(a, b, verdict));
        continue;
      }
      const agents = [...new Set(a.records.flatMap((r) => r.run.agents.map((x) => x.label)))].filter((l) => b.records.some((r) => r.run.agents.some((x) => x.label === l)));
      for (const agent of agents) {
        const pa = meanCi(progressOf(a, agent));
        const pb = meanCi(progressOf(b, agent));
        const base = { factor, agent, game: a.game, a: armName(a, factor), b: armName(b, factor), verdict: verdict.verdict, confounds: verdict.confounds, n: [pa.n, pb.n] as const, ...measureOf(a, b) };
        if (verdict.verdict === 'refused' || pa.n === 0 || pb.n === 0) {
          out.push(base);
          continue;
        }
        const d = diffCi(pa, pb);
        out.push({ ...base, meanA: pa.mean, meanB: pb.mean, diff: d.diff, ci95: d.half });
      }
    }
  }
  return out;
}

const f3 = (x: number | undefined): string => formatNumber(x, 3);

/** The comparisons as text: a table of those made, a line per pair with an arm of no complete run, then one line per refused pair naming what differs (each line once). */
export function comparisonText(list: readonly Comparison[]): string {
  if (list.length === 0) return '';
  // An arm with no complete run (an aborted or failed one) has no mean to compare: said apart, not as `= -`.
  const empty = list.filter((c) => c.verdict !== 'refused' && (c.n[0] === 0 || c.n[1] === 0));
  const made = list.filter((c) => c.verdict !== 'refused' && !empty.includes(c));
  const refused = list.filter((c) => c.verdict === 'refused');
  const lines: string[] = [];
  for (const measure of ['progress', 'benchmark'] as const) {
    const these = made.filter((c) => (c.measure ?? 'progress') === measure);
    if (these.length === 0) continue;
    lines.push(`comparisons (mean ${measure === 'progress' ? 'progress' : `${SCORE_MEASURES.benchmark.name}, raw and unclamped under the omnigamearena profile`}, a minus b, 95% interval):`);
    for (const c of these) {
      lines.push(`  ${c.agent} ${c.game}: ${c.a} ${f3(c.meanA)} (n ${c.n[0]}) minus ${c.b} ${f3(c.meanB)} (n ${c.n[1]}) = ${formatInterval({ mean: c.diff ?? null, half: c.ci95 ?? null }, 3)}${c.ci95 === undefined || !Number.isFinite(c.ci95) ? ' (no interval: too few episodes)' : ''}${c.verdict === 'pooled' ? ` POOLED over ${describeConditionKeys(c.confounds)}` : ''}`);
    }
  }
  const once = (texts: string[]): string[] => [...new Set(texts)];
  if (empty.length > 0) {
    lines.push(`not compared: ${empty.length} pair(s) with an arm of no complete run (aborted or failed runs have no result to compare):`);
    lines.push(...once(empty.map((c) => `  ${c.agent} ${c.game}: ${c.a} (n ${c.n[0]}) vs ${c.b} (n ${c.n[1]}) (${c.factor})`)));
  }
  if (refused.length > 0) {
    const said = once(refused.map((c) => `  ${c.agent} ${c.game}: ${c.a} vs ${c.b} (${c.factor}): the arms also differ in ${describeConditionKeys(c.confounds)}`));
    lines.push(`refused: ${said.length} comparison(s) whose arms differ in more than the factor studied (--pool compares them anyway, marked${refused.some((c) => c.confounds.includes('profile')) ? '; never across profiles, whose scores differ' : ''}):`);
    lines.push(...said);
  }
  return lines.join('\n');
}
