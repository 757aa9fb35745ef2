/**
 * Per-agent aggregates over a set of runs, from their records: time to first token and decision latency
 * (p50/p95), tokens in and out, images and bytes sent, invalid-answer, timeout and completion rates, and game
 * time spent thinking (charged latency) vs acting (chunks running).
 */
import { runMeasure, seatValue, STALE_VERDICTS, summarizeLedger, type FrameVerdict, type RunRecord } from '../../gateway/index.js';
import { ArenaError, ErrorCode, formatNumber, SCORE_MEASURES, textTable, type ScoreMeasure, type TableDoc } from '../../protocol/index.js';

/** One agent's aggregates over the runs it played in. */
export interface AgentAggregate {
  readonly agent: string;
  readonly runs: number;
  readonly decisions: number;
  readonly ttftMs: { readonly p50: number | null; readonly p95: number | null; readonly n: number };
  readonly latencyMs: { readonly p50: number | null; readonly p95: number | null; readonly n: number };
  readonly tokensIn: number;
  readonly tokensOut: number;
  readonly images: number;
  readonly bytesSent: number;
  /** Shares of decisions: invalid answers, timed-out calls (provider or decision deadline). */
  readonly invalidRate: number;
  readonly timeoutRate: number;
  /** Share of this agent's runs that completed. */
  readonly completionRate: number;
  readonly thinkingMs: number;
  readonly actingMs: number;
  /** Mean of our progress over its runs (in [0, 1]). */
  readonly meanProgress: number;
  /** Under the omnigamearena profile: the mean of the benchmark's own score (`result.benchmark`, raw, unclamped), the score its tables read. */
  readonly meanBenchmark?: number;
  /** Share of the decisions with a frame verdict that were made on a stale frame (docs/frame-integrity.md); null when none has one (older runs). */
  readonly staleRate: number | null;
}

/** The `q`-quantile (0..1) by linear interpolation between closest ranks; null for no values. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

const TIMEOUTS = new Set(['PROVIDER_TIMEOUT', 'AGENT_TIMEOUT']);
const share = (n: number, of: number): number => (of === 0 ? 0 : n / of);

/** Stale decisions over the decisions that carry a frame verdict; null when none does. */
function staleRate(ds: RunRecord['decisions']): number | null {
  const judged = ds.flatMap((d) => (d.integrity === undefined ? [] : [d.integrity.verdict]));
  return judged.length === 0 ? null : judged.filter((v) => STALE_VERDICTS.has(v as FrameVerdict)).length / judged.length;
}

/** The one score measure of `records`; BAD_CONFIG when they mix runs under the benchmark's profile and ours. */
export function recordsMeasure(records: readonly RunRecord[]): ScoreMeasure {
  const measures = new Set(records.map((r) => runMeasure(r.run)));
  if (measures.size > 1) throw new ArenaError(ErrorCode.BAD_CONFIG, "these runs mix the omnigamearena profile's benchmark score with our progress; they are not one measure and are not pooled");
  return measures.values().next().value ?? 'progress';
}

/** Aggregates per agent label (slots played by the same label across runs pool together); runs of one measure only (`recordsMeasure`). */
export function aggregateAgents(records: readonly RunRecord[]): AgentAggregate[] {
  const measure = recordsMeasure(records);
  const by = new Map<string, { runs: number; complete: number; progress: number; score: number; thinkingMs: number; actingMs: number; decisions: RunRecord['decisions'] }>();
  for (const r of records) {
    const clock = summarizeLedger(r.ledger);
    for (const a of r.run.agents) {
      const acc = by.get(a.label) ?? { runs: 0, complete: 0, progress: 0, score: 0, thinkingMs: 0, actingMs: 0, decisions: [] };
      acc.runs++;
      if (r.run.status === 'complete') acc.complete++;
      acc.progress += r.run.result?.players.find((p) => p.slot === a.slot)?.progress ?? 0;
      acc.score += seatValue(r.run, a.slot) ?? 0;
      const c = clock.slots.find((s) => s.slot === a.slot);
      acc.thinkingMs += c?.thinkingMs ?? 0;
      acc.actingMs += c?.actingMs ?? 0;
      acc.decisions.push(...r.decisions.filter((d) => d.slot === a.slot));
      by.set(a.label, acc);
    }
  }
  return [...by].map(([agent, acc]) => {
    const ds = acc.decisions;
    const ttft = ds.flatMap((d) => (d.timings?.ttftMs === undefined ? [] : [d.timings.ttftMs]));
    const wall = ds.flatMap((d) => (d.timings?.wallMs === undefined ? [] : [d.timings.wallMs]));
    const sum = (f: (d: (typeof ds)[number]) => number | undefined): number => ds.reduce((s, d) => s + (f(d) ?? 0), 0);
    return {
      agent,
      runs: acc.runs,
      decisions: ds.length,
      ttftMs: { p50: quantile(ttft, 0.5), p95: quantile(ttft, 0.95), n: ttft.length },
      latencyMs: { p50: quantile(wall, 0.5), p95: quantile(wall, 0.95), n: wall.length },
      tokensIn: sum((d) => d.usage?.tokensIn),
      tokensOut: sum((d) => d.usage?.tokensOut),
      images: sum((d) => d.usage?.images),
      bytesSent: sum((d) => d.usage?.bytesSent),
      invalidRate: share(ds.filter((d) => d.status === 'invalid').length, ds.length),
      timeoutRate: share(ds.filter((d) => d.status === 'failed' && TIMEOUTS.has(d.error?.code ?? '')).length, ds.length),
      completionRate: share(acc.complete, acc.runs),
      thinkingMs: acc.thinkingMs,
      actingMs: acc.actingMs,
      meanProgress: share(acc.progress, acc.runs),
      ...(measure === 'benchmark' ? { meanBenchmark: share(acc.score, acc.runs) } : {}),
      staleRate: staleRate(ds),
    };
  });
}

/** The aggregates as a table a reader reads (the web pages take the same document). */
export function aggregateDoc(rows: readonly AgentAggregate[], title = ''): TableDoc {
  const pair = (a: number | null, b: number | null): string | null => (a === null && b === null ? null : `${formatNumber(a, 0)} / ${formatNumber(b, 0)}`);
  return {
    title,
    columns: [
      { header: 'agent', kind: 'text' },
      { header: 'runs', kind: 'count' },
      { header: 'decisions', kind: 'count' },
      { header: 'TTFT p50 / p95', unit: 'ms', kind: 'text' },
      { header: 'latency p50 / p95', unit: 'ms', kind: 'text' },
      { header: 'tokens in / out', kind: 'text' },
      { header: 'images', kind: 'count' },
      { header: 'bytes sent', kind: 'count' },
      { header: 'invalid', kind: 'share' },
      { header: 'timeout', kind: 'share' },
      { header: 'complete', kind: 'share' },
      { header: 'charged', unit: 's', kind: 'number', digits: 1, note: 'game time the clock charged for thinking (lcrt; 0 under pdq)' },
      { header: 'acting', unit: 's', kind: 'number', digits: 1 },
      { header: `mean ${SCORE_MEASURES[rows.some((r) => r.meanBenchmark !== undefined) ? 'benchmark' : 'progress'].name}`, kind: 'number', digits: 3 },
      { header: 'stale', kind: 'share' },
    ],
    rows: rows.map((r) => [r.agent, r.runs, r.decisions, pair(r.ttftMs.p50, r.ttftMs.p95), pair(r.latencyMs.p50, r.latencyMs.p95), `${r.tokensIn} / ${r.tokensOut}`, r.images, r.bytesSent, r.invalidRate, r.timeoutRate, r.completionRate, r.thinkingMs / 1000, r.actingMs / 1000, r.meanBenchmark ?? r.meanProgress, r.staleRate]),
  };
}

/** The aggregates as a text table. */
export function aggregateTable(rows: readonly AgentAggregate[]): string {
  return textTable(aggregateDoc(rows));
}
