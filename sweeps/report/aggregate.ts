/** The tables of a sweep report, computed from the stored episodes. */
import { compareArms } from '../../gateway/index.js';
import type { StoredEpisode } from '../store/results-store.js';
import { armsDecomposition, type ArmsRow } from './arms-decomposition.js';
import { meanCi } from '../../plots/index.js';
import { diffCi, quantile } from './stats.js';
import { seatScore } from '../../games-manifest/index.js';
import { ArenaError, ErrorCode, measureOf } from '../../protocol/index.js';

/** Per agent x game x clock x latency: how well it played. */
export interface CellRow {
  readonly agent: string;
  readonly game: string;
  /** The clock, or the fairness arm when it is not a plain clock (`matched`, `handicap`...). */
  readonly clock: string;
  readonly latency: string;
  readonly episodes: number;
  readonly completed: number;
  readonly meanProgress: number;
  readonly ci95: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly actionsPerEpisode: number;
  readonly meanChargedMs: number;
  /** Share of the cell's judged decisions (completed episodes) made on a stale frame; null when none was judged (older outcomes). */
  readonly staleShare: number | null;
}

/** Per agent x game x lcrt latency: mean progress under pdq minus under lcrt. */
export interface DiffRow {
  readonly agent: string;
  readonly game: string;
  readonly latency: string;
  readonly pdq: number;
  readonly lcrt: number;
  readonly diff: number;
  readonly ci95: number;
  /** Set when the arms' declared conditions differ in more than the clock and were pooled on request: those fields. */
  readonly pooled?: readonly string[];
}

/** A comparison left out because its arms differ in more than the factor it studies. */
export interface RefusedRow {
  readonly comparison: 'pdq-lcrt';
  readonly agent: string;
  readonly game: string;
  readonly latency: string;
  /** The declared conditions the arms differ in besides the clock. */
  readonly confounds: readonly string[];
}

/** Per agent: timing, tokens and answer quality over all its decisions. */
export interface ModelRow {
  readonly agent: string;
  readonly episodes: number;
  readonly decisions: number;
  readonly latencyP50Ms: number;
  readonly latencyP95Ms: number;
  readonly ttftP50Ms: number;
  readonly ttftP95Ms: number;
  readonly chargedP50Ms: number;
  readonly chargedP95Ms: number;
  readonly tokensIn: number;
  readonly tokensOut: number;
  readonly invalidRate: number;
  readonly completionRate: number;
  readonly failures: Readonly<Record<string, number>>;
}

export interface SweepTables {
  readonly cells: CellRow[];
  readonly pdqLcrt: DiffRow[];
  /** Comparisons refused because their arms are confounded (empty when every one could be made). */
  readonly refused: RefusedRow[];
  readonly models: ModelRow[];
  /** Speed or skill: per agent x game x latency, mean progress under pdq, a matched arm and lcrt and its decomposition (empty unless the spec played all three). */
  readonly arms: ArmsRow[];
  readonly episodes: { readonly stored: number; readonly complete: number; readonly failed: number };
  /**
   * Set when the episodes were played under the omnigamearena profile: every mean, difference and component above
   * is of the benchmark's own score (raw `get_score`, unclamped; a Coop team's sum for each seat), not our progress.
   */
  readonly measure?: 'benchmark';
}

const round = (x: number, digits = 4): number => (Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : x);

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const i of items) {
    const k = key(i);
    const list = out.get(k);
    if (list) list.push(i);
    else out.set(k, [i]);
  }
  return out;
}

interface Sample {
  readonly agent: string;
  readonly game: string;
  readonly clock: string;
  readonly latency: string;
  readonly e: StoredEpisode;
  readonly p: StoredEpisode['outcome']['players'][number] | undefined;
}

/** One sample per player seat of every stored episode (a failed episode with no players: one per line-up seat). */
function samples(stored: readonly StoredEpisode[]): Sample[] {
  return stored.flatMap((e) => {
    const c = e.job.cellInfo;
    // A fairness arm other than the plain clocks (matched, handicap) is its own condition, never pooled with lcrt.
    const clock = c.fairness === undefined || c.fairness === c.clock ? c.clock : c.fairness;
    // Under the omnigamearena profile a seat's progress is its benchmark score, unclamped (a Coop team's sum).
    const bench = e.outcome.benchmark;
    const slots = e.outcome.players.map((p) => p.slot);
    return e.job.agents.map((a) => {
      const p = e.outcome.players.find((q) => q.slot === a.slot);
      return { agent: a.label, game: c.game, clock, latency: c.latency, e, p: p && bench ? { ...p, progress: seatScore(bench, slots, p.slot) ?? 0 } : p };
    });
  });
}

/** Stale over judged decisions of some players; null when none was judged. */
function staleShareOf(players: readonly StoredEpisode['outcome']['players'][number][]): number | null {
  const judged = players.reduce((n, p) => n + (p.judged ?? 0), 0);
  return judged === 0 ? null : round(players.reduce((n, p) => n + (p.stale ?? 0), 0) / judged);
}

/**
 * Every table of the report. Failed episodes count in rates, not in means of progress. A PDQ-minus-LCRT
 * difference is computed only between arms whose declared conditions differ in the clock alone; other arms
 * are listed as refused with the fields they differ in, or pooled and marked when `options.pool` says so.
 */
export function sweepTables(stored: readonly StoredEpisode[], options: { readonly pool?: boolean } = {}): SweepTables {
  // The two profiles read different scores (the benchmark's raw one, our progress): one batch holds one of them.
  const measures = new Set(stored.map((e) => measureOf(e.job.profile)));
  if (measures.size > 1) throw new ArenaError(ErrorCode.BAD_CONFIG, "the batch holds episodes under the omnigamearena profile, read by the benchmark's raw score, and under ours, read by progress; they are not one measure and are not pooled, even with --pool");
  const all = samples(stored);
  const byCell = groupBy(all, (s) => [s.agent, s.game, s.clock, s.latency].join('\u0000'));
  const cells: CellRow[] = [...byCell.values()].map((list) => {
    const done = list.filter((s) => s.e.outcome.status === 'complete' && s.p);
    const m = meanCi(done.map((s) => s.p!.progress));
    const charged = done.flatMap((s) => s.p!.chargedMs);
    const s0 = list[0]!;
    return {
      agent: s0.agent,
      game: s0.game,
      clock: s0.clock,
      latency: s0.latency,
      episodes: list.length,
      completed: done.length,
      meanProgress: round(m.mean),
      ci95: round(m.half),
      wins: done.filter((s) => s.p!.outcome === 'win').length,
      draws: done.filter((s) => s.p!.outcome === 'draw').length,
      losses: done.filter((s) => s.p!.outcome === 'loss').length,
      actionsPerEpisode: round(done.reduce((n, s) => n + s.p!.decisions, 0) / Math.max(1, done.length), 2),
      meanChargedMs: round(charged.reduce((a, b) => a + b, 0) / Math.max(1, charged.length), 1),
      staleShare: staleShareOf(done.map((s) => s.p!)),
    };
  });
  cells.sort((a, b) => a.agent.localeCompare(b.agent) || a.game.localeCompare(b.game) || a.clock.localeCompare(b.clock) || a.meanChargedMs - b.meanChargedMs || a.latency.localeCompare(b.latency));

  const arm = (agent: string, game: string, clock: string, latency?: string): Sample[] =>
    all.filter((s) => s.agent === agent && s.game === game && s.clock === clock && (latency === undefined || s.latency === latency) && s.e.outcome.status === 'complete' && s.p);
  const pdqLcrt: DiffRow[] = [];
  const refused: RefusedRow[] = [];
  for (const c of cells.filter((x) => x.clock === 'lcrt')) {
    const pdqArm = arm(c.agent, c.game, 'pdq');
    if (pdqArm.length === 0) continue;
    const lcrtArm = arm(c.agent, c.game, 'lcrt', c.latency);
    const verdict = compareArms(pdqArm.map((s) => s.e.outcome.conditions), lcrtArm.map((s) => s.e.outcome.conditions), 'clock', options.pool);
    if (verdict.verdict === 'refused') {
      refused.push({ comparison: 'pdq-lcrt', agent: c.agent, game: c.game, latency: c.latency, confounds: verdict.confounds });
      continue;
    }
    const pdq = meanCi(pdqArm.map((s) => s.p!.progress));
    const lcrt = meanCi(lcrtArm.map((s) => s.p!.progress));
    const d = diffCi(pdq, lcrt);
    pdqLcrt.push({ agent: c.agent, game: c.game, latency: c.latency, pdq: round(pdq.mean), lcrt: round(lcrt.mean), diff: round(d.diff), ci95: round(d.half), ...(verdict.verdict === 'pooled' ? { pooled: verdict.confounds } : {}) });
  }

  const models: ModelRow[] = [...groupBy(all, (s) => s.agent).values()].map((list) => {
    const players = list.flatMap((s) => (s.p ? [s.p] : []));
    const wall = players.flatMap((p) => p.wallMs);
    const ttft = players.flatMap((p) => p.ttftMs);
    const charged = players.flatMap((p) => p.chargedMs);
    const decisions = players.reduce((n, p) => n + p.decisions, 0);
    const failures: Record<string, number> = {};
    for (const s of list) if (s.e.outcome.failure) failures[s.e.outcome.failure.class] = (failures[s.e.outcome.failure.class] ?? 0) + 1;
    return {
      agent: list[0]!.agent,
      episodes: list.length,
      decisions,
      latencyP50Ms: round(quantile(wall, 0.5), 2),
      latencyP95Ms: round(quantile(wall, 0.95), 2),
      ttftP50Ms: round(quantile(ttft, 0.5), 2),
      ttftP95Ms: round(quantile(ttft, 0.95), 2),
      chargedP50Ms: round(quantile(charged, 0.5), 1),
      chargedP95Ms: round(quantile(charged, 0.95), 1),
      tokensIn: players.reduce((n, p) => n + p.tokensIn, 0),
      tokensOut: players.reduce((n, p) => n + p.tokensOut, 0),
      invalidRate: round(players.reduce((n, p) => n + p.invalid, 0) / Math.max(1, decisions)),
      completionRate: round(list.filter((s) => s.e.outcome.status === 'complete').length / Math.max(1, list.length)),
      failures,
    };
  });
  models.sort((a, b) => a.agent.localeCompare(b.agent));
  const complete = stored.filter((e) => e.outcome.status === 'complete').length;
  const arms = armsDecomposition(
    all.flatMap((s) => (s.e.outcome.status === 'complete' && s.p ? [{ agent: s.agent, game: s.game, arm: s.clock, latency: s.latency, seat: `${s.e.job.cellInfo.lineup.join(' vs ')}#${s.p.slot}`, episode: s.e.job.episode, progress: s.p.progress }] : [])),
  );
  return { cells, pdqLcrt, refused, models, arms, episodes: { stored: stored.length, complete, failed: stored.length - complete }, ...(measures.has('benchmark') ? { measure: 'benchmark' as const } : {}) };
}
