/** Sweep tables as aligned text for the terminal and as CSV files. */
import type { SweepTables } from './aggregate.js';

const num = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : '-');

function align(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

/** Header and rows of each table, as strings. */
export function tableRows(t: SweepTables): Record<'cells' | 'pdqLcrt' | 'models', string[][]> {
  return {
    cells: [
      ['agent', 'game', 'clock', 'latency', 'episodes', 'completed', 'mean_progress', 'ci95', 'wins', 'draws', 'losses', 'actions_per_episode', 'mean_charged_ms', 'stale_share'],
      ...t.cells.map((c) => [c.agent, c.game, c.clock, c.latency, String(c.episodes), String(c.completed), num(c.meanProgress), num(c.ci95), String(c.wins), String(c.draws), String(c.losses), num(c.actionsPerEpisode, 1), num(c.meanChargedMs, 0), c.staleShare === null ? '-' : num(c.staleShare)]),
    ],
    pdqLcrt: [['agent', 'game', 'lcrt_latency', 'pdq_progress', 'lcrt_progress', 'pdq_minus_lcrt', 'ci95'], ...t.pdqLcrt.map((d) => [d.agent, d.game, d.latency, num(d.pdq), num(d.lcrt), num(d.diff), num(d.ci95)])],
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

/** The report as text: the three tables with titles. */
export function formatTables(t: SweepTables): string {
  const r = tableRows(t);
  return [
    `episodes: ${t.episodes.stored} stored, ${t.episodes.complete} complete, ${t.episodes.failed} failed`,
    '',
    'progress per agent x game x clock (mean with 95% interval; W/D/L; actions per episode)',
    align(r.cells),
    '',
    'PDQ minus LCRT mean progress per agent x game x latency (95% interval)',
    r.pdqLcrt.length > 1 ? align(r.pdqLcrt) : '(no agent and game with both pdq and lcrt cells)',
    '',
    'per agent: decision latency and TTFT (ms), tokens, invalid answers, completion',
    align(r.models),
    '',
  ].join('\n');
}

const csvCell = (c: string): string => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

/** A table as CSV text. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\n')}\n`;
}
