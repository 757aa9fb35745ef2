/** Sweep tables as reader's tables (the terminal and the web pages, through protocol's table formatter) and as CSV files. */
import { SCORE_MEASURES, textTable, type IntervalValue, type TableDoc } from '../../protocol/index.js';
import type { SweepTables } from './aggregate.js';
import { ARMS_BOOTSTRAP, type ArmEstimate } from './arms-decomposition.js';

const num = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : '-');

/** The words of the tables' score: our progress, or the benchmark's raw score under the omnigamearena profile. */
export function measureWords(t: SweepTables): { name: string; title: string; column: string; range: string } {
  return t.measure === 'benchmark'
    ? { name: SCORE_MEASURES.benchmark.name, title: 'Benchmark score (raw, unclamped; omnigamearena profile)', column: SCORE_MEASURES.benchmark.column, range: 'raw, unclamped' }
    : { name: 'progress', title: 'Progress', column: 'progress', range: '0..1' };
}

/** Header and rows of each table, as strings. */
export function tableRows(t: SweepTables): Record<'cells' | 'pdqLcrt' | 'models' | 'arms', string[][]> {
  const est = (e: ArmEstimate): string[] => [num(e.value), num(e.lo), num(e.hi)];
  const m = measureWords(t).column;
  return {
    arms: [
      ['agent', 'game', 'latency', 'matched_arm', 'episodes', 'seats', `pdq_${m}`, `matched_${m}`, `lcrt_${m}`, 'skill', 'skill_ci_low', 'skill_ci_high', 'reacting', 'reacting_ci_low', 'reacting_ci_high', 'speed', 'speed_ci_low', 'speed_ci_high'],
      ...t.arms.map((r) => [r.agent, r.game, r.latency, r.matchedArm, String(r.episodes), String(r.seats), num(r.pdq), num(r.matched), num(r.lcrt), ...est(r.skill), ...est(r.reacting), ...est(r.speed)]),
    ],
    cells: [
      ['agent', 'game', 'clock', 'latency', 'episodes', 'completed', `mean_${m}`, 'ci95', 'wins', 'draws', 'losses', 'actions_per_episode', 'mean_charged_ms', 'stale_share'],
      ...t.cells.map((c) => [c.agent, c.game, c.clock, c.latency, String(c.episodes), String(c.completed), num(c.meanProgress), num(c.ci95), String(c.wins), String(c.draws), String(c.losses), num(c.actionsPerEpisode, 1), num(c.meanChargedMs, 0), c.staleShare === null ? '-' : num(c.staleShare)]),
    ],
    pdqLcrt: [['agent', 'game', 'lcrt_latency', `pdq_${m}`, `lcrt_${m}`, 'pdq_minus_lcrt', 'ci95', 'pooled_over'], ...t.pdqLcrt.map((d) => [d.agent, d.game, d.latency, num(d.pdq), num(d.lcrt), num(d.diff), num(d.ci95), d.pooled ? d.pooled.join(' ') : '-'])],
    models: [
      ['agent', 'episodes', 'decisions', 'latency_p50_ms', 'latency_p95_ms', 'ttft_p50_ms', 'ttft_p95_ms', 'charged_p50_ms', 'charged_p95_ms', 'tokens_in', 'tokens_out', 'invalid_rate', 'completion_rate', 'failures'],
      ...t.models.map((m) => [
        m.agent,
        String(m.episodes),
        String(m.decisions),
        num(m.latencyP50Ms, 1),
        num(m.latencyP95Ms, 1),
        num(m.ttftP50Ms, 1),
        num(m.ttftP95Ms, 1),
        num(m.chargedP50Ms, 0),
        num(m.chargedP95Ms, 0),
        String(m.tokensIn),
        String(m.tokensOut),
        num(m.invalidRate),
        num(m.completionRate),
        Object.entries(m.failures).map(([k, v]) => `${k}:${v}`).join(' ') || '-',
      ]),
    ],
  };
}

/** The three tables as a reader reads them (headers with units, intervals, em dash for empty), for the terminal and the web pages alike. */
export function sweepTableDocs(t: SweepTables): TableDoc[] {
  const iv = (mean: number, half: number, n?: number): IntervalValue => ({ mean: Number.isFinite(mean) ? mean : null, half: Number.isFinite(half) ? half : null, ...(n === undefined ? {} : { n }) });
  const ms = (x: number): number | null => (Number.isFinite(x) ? x : null);
  const m = measureWords(t);
  return [
    {
      id: 'cells',
      title: `${m.title} per agent x game x clock`,
      columns: [
        { header: 'agent', kind: 'text' },
        { header: 'game', kind: 'text' },
        { header: 'clock', kind: 'text' },
        { header: 'latency', kind: 'text' },
        { header: 'episodes', kind: 'count' },
        { header: 'completed', kind: 'count' },
        { header: `mean ${m.name}`, unit: '95% CI', kind: 'interval', digits: 3, note: `mean final ${m.name} (${m.range}) with the half-width of its 95% interval over the episodes` },
        { header: 'W / D / L', kind: 'text' },
        { header: 'actions per episode', kind: 'number', digits: 1 },
        { header: 'mean charged latency', unit: 'ms', kind: 'number', digits: 0, note: 'game time lcrt charged per decision' },
        { header: 'stale frames', kind: 'share', note: 'share of the judged decisions made on a stale frame (docs/frame-integrity.md); empty when none was judged' },
      ],
      rows: t.cells.map((c) => [c.agent, c.game, c.clock, c.latency, c.episodes, c.completed, iv(c.meanProgress, c.ci95, c.episodes), `${c.wins} / ${c.draws} / ${c.losses}`, c.actionsPerEpisode, ms(c.meanChargedMs), c.staleShare]),
    },
    {
      id: 'pdqLcrt',
      title: `PDQ minus LCRT mean ${m.name} per agent x game x latency`,
      columns: [
        { header: 'agent', kind: 'text' },
        { header: 'game', kind: 'text' },
        { header: 'lcrt latency', kind: 'text' },
        { header: `pdq ${m.name}`, kind: 'number', digits: 3 },
        { header: `lcrt ${m.name}`, kind: 'number', digits: 3 },
        { header: 'pdq - lcrt', unit: '95% CI', kind: 'interval', digits: 3 },
        { header: 'pooled over', kind: 'text', note: 'set only with --pool: the declared conditions the arms also differ in' },
      ],
      rows: t.pdqLcrt.map((d) => [d.agent, d.game, d.latency, d.pdq, d.lcrt, iv(d.diff, d.ci95), d.pooled ? d.pooled.join(', ') : null]),
      ...(t.pdqLcrt.length === 0 ? { note: '(no agent and game with both pdq and lcrt cells)' } : {}),
    },
    ...(t.refused.length === 0
      ? []
      : [
          {
            id: 'refused',
            title: 'Refused: PDQ minus LCRT between arms that differ in more than the clock (--pool compares them anyway, marked)',
            columns: [
              { header: 'agent', kind: 'text' as const },
              { header: 'game', kind: 'text' as const },
              { header: 'lcrt latency', kind: 'text' as const },
              { header: 'the arms also differ in', kind: 'text' as const },
            ],
            rows: t.refused.map((r) => [r.agent, r.game, r.latency, r.confounds.join(', ')]),
          },
        ]),
    ...(t.arms.length === 0 ? [] : [armsDoc(t)]),
    {
      id: 'models',
      title: 'Per agent: decision latency, time to first token, tokens, answers',
      columns: [
        { header: 'agent', kind: 'text' },
        { header: 'episodes', kind: 'count' },
        { header: 'decisions', kind: 'count' },
        { header: 'latency p50', unit: 'ms', kind: 'number', digits: 1 },
        { header: 'latency p95', unit: 'ms', kind: 'number', digits: 1 },
        { header: 'TTFT p50', unit: 'ms', kind: 'number', digits: 1 },
        { header: 'TTFT p95', unit: 'ms', kind: 'number', digits: 1 },
        { header: 'charged p50', unit: 'ms', kind: 'number', digits: 0 },
        { header: 'charged p95', unit: 'ms', kind: 'number', digits: 0 },
        { header: 'tokens in', kind: 'count' },
        { header: 'tokens out', kind: 'count' },
        { header: 'invalid', kind: 'share' },
        { header: 'completed', kind: 'share' },
        { header: 'failures', kind: 'text' },
      ],
      rows: t.models.map((m) => [m.agent, m.episodes, m.decisions, ms(m.latencyP50Ms), ms(m.latencyP95Ms), ms(m.ttftP50Ms), ms(m.ttftP95Ms), ms(m.chargedP50Ms), ms(m.chargedP95Ms), m.tokensIn, m.tokensOut, m.invalidRate, m.completionRate, m.failures]),
    },
  ];
}

/** An estimate with its (asymmetric) bootstrap interval: `0.120 (0.050 to 0.190)`. */
const estText = (e: ArmEstimate): string => `${num(e.value)} (${num(e.lo)} to ${num(e.hi)})`;

/** Speed or skill: each agent's mean progress under pdq, matched and lcrt, and its three components with intervals. */
function armsDoc(t: SweepTables): TableDoc {
  const ci = `${Math.round(ARMS_BOOTSTRAP.level * 100)}% interval`;
  const m = measureWords(t);
  return {
    id: 'arms',
    title: `Speed or skill: mean ${m.name} under each fairness arm, taken apart`,
    columns: [
      { header: 'agent', kind: 'text' },
      { header: 'game', kind: 'text' },
      { header: 'latency', kind: 'text' },
      { header: 'matched arm', kind: 'text' },
      { header: 'episodes', kind: 'count', note: 'episode indices played under all three arms (n of the bootstrap)' },
      { header: `pdq ${m.name}`, kind: 'number', digits: 3 },
      { header: `matched ${m.name}`, kind: 'number', digits: 3 },
      { header: `lcrt ${m.name}`, kind: 'number', digits: 3 },
      { header: 'skill (pdq)', unit: ci, kind: 'text' },
      { header: 'cost of reacting (matched - pdq)', unit: ci, kind: 'text' },
      { header: 'speed advantage (lcrt - matched)', unit: ci, kind: 'text' },
    ],
    rows: t.arms.map((r) => [r.agent, r.game, r.latency, r.matchedArm, r.episodes, r.pdq, r.matched, r.lcrt, estText(r.skill), estText(r.reacting), estText(r.speed)]),
    note: `components of mean ${m.name} (${m.range}); ${Math.round(ARMS_BOOTSTRAP.level * 100)}% percentile bootstrap over episodes (${ARMS_BOOTSTRAP.samples} resamples, seed ${ARMS_BOOTSTRAP.seed}), every arm resampled with the same episodes (docs/pvp-fairness.md)`,
  };
}

/** The report as text: the three tables with titles. */
export function formatTables(t: SweepTables): string {
  return [`episodes: ${t.episodes.stored} stored, ${t.episodes.complete} complete, ${t.episodes.failed} failed`, '', ...sweepTableDocs(t).flatMap((d) => [textTable(d), ''])].join('\n');
}

const csvCell = (c: string): string => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

/** A table as CSV text. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\n')}\n`;
}
