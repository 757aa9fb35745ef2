/**
 * A curve's artefacts beside `curve.json`: `curve.csv` (one row per episode, rounds and held-out arms),
 * `summary.txt` (the text tables the CLI prints), `curve.svg` and `curve.png` (the plot). The table of the last
 * `arena transfer` (`transfer.json`), when there is one, is in the summary and the plot too.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CurvePaths } from './curve-paths.js';
import { curveSvg, svgToPng } from './curve-plot.js';
import type { CurveState, EpisodeRecord } from './curve-state.js';
import { readTransferTable, type TransferTable } from './transfer-table.js';
import { roundConfounds, transferConfounds } from './curve-confounds.js';
import { runnerRoundNotes, runnerSummaryLines } from './runner-style/summary.js';
import { SCORE_MEASURES } from '../protocol/index.js';

/** Under the omnigamearena profile, the line that says what the summary's scores are. */
const benchmarkNote = (profile: string | undefined): string[] => (profile === 'omnigamearena' ? [`scores: each episode's ${SCORE_MEASURES.benchmark.axis} (result.benchmark; a Coop team's sum), as the benchmark's runner reports it`] : []);

/** Columns of `curve.csv`, in order. */
export const CSV_COLUMNS = ['phase', 'round', 'variant', 'arm', 'episode', 'seed', 'score', 'status', 'end_reason', 'sim_s', 'decisions', 'invalid', 'failed', 'round_mean', 'rollback_to', 'best_round', 'run_dir'] as const;

const cell = (v: string | number | undefined): string => {
  if (v === undefined) return '';
  const s = typeof v === 'number' ? String(Math.round(v * 1e6) / 1e6) : v;
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The CSV text: a header, then one row per episode. */
export function curveCsv(state: CurveState): string {
  const rows: (string | number | undefined)[][] = [];
  const episodeCells = (e: EpisodeRecord): (string | number)[] => [e.episode, e.seed, e.score, e.status, e.reason, e.simMs / 1000, e.decisions, e.invalid, e.failed];
  for (const r of state.rounds) {
    for (const e of r.episodes) {
      rows.push(['round', r.round, state.variant, '', ...episodeCells(e), r.mean, r.rollback?.toRound, state.best?.round === r.round ? r.round : undefined, e.dir]);
    }
  }
  for (const v of state.transfer?.variants ?? []) {
    for (const arm of ['empty', 'best'] as const) {
      for (const e of v[arm].episodes) rows.push(['heldout', arm === 'best' ? state.transfer!.bestRound : undefined, v.variant, arm, ...episodeCells(e), v[arm].mean, undefined, undefined, e.dir]);
    }
  }
  return [CSV_COLUMNS.join(','), ...rows.map((r) => r.map(cell).join(','))].join('\n') + '\n';
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const n3 = (v: number | undefined): string => (v === undefined ? '-' : v.toFixed(3));
const signed = (v: number | undefined): string => (v === undefined ? '-' : `${v >= 0 ? '+' : ''}${v.toFixed(3)}`);

/** The text table of an `arena transfer`: per variant, no skill vs the best skill and the gain. */
export function transferSummary(t: TransferTable, profile?: string): string {
  const seeds = t.episodes === 1 ? `seed ${t.seed}` : `seeds ${t.seed}-${t.seed + t.episodes - 1}`;
  const head = `transfer of curve ${t.curve} (${t.game}, learned on ${t.learnedOn}): skill of round ${t.bestRound} (mean ${n3(t.bestMean)}) vs no skill, ${t.episodes} episode(s) per arm, ${seeds}${t.finished ? '' : ' (unfinished)'}`;
  const rows = t.variants.map((v) => [v.variant, n3(v.empty.mean), n3(v.best.mean), signed(v.gain), `${v.empty.episodes.length + v.best.episodes.length}/${2 * t.episodes}`]);
  return `${[head, ...benchmarkNote(profile)].join('\n')}\n${table(['variant', 'no skill', 'best skill', 'gain', 'episodes'], rows)}\n`;
}

/** What a curve's comparisons are confounded by: rounds against round 0, held-out arms against each other. */
export interface CurveConfounds {
  readonly rounds: ReadonlyMap<number, readonly string[]>;
  readonly variants: ReadonlyMap<string, readonly string[]>;
}

/** The confounds of the curve in `dir` (runs whose declared conditions differ in more than the skill). */
export function curveConfounds(dir: string, state: CurveState): CurveConfounds {
  return { rounds: roundConfounds(dir, state), variants: transferConfounds(dir, state) };
}

/**
 * The text summary: the curve table, the best round, the held-out transfer table and the last `arena
 * transfer`'s. A round or variant whose runs differ in more than the skill has no gain stated: the fields it
 * differs in are named instead.
 */
export function curveSummary(state: CurveState, transfer?: TransferTable, confounds?: CurveConfounds): string {
  const s = state.settings;
  const out: string[] = [];
  const stop = state.stop ? (state.stop.reason === 'success' ? `stopped early at round ${state.stop.round} (success threshold ${s.successThreshold})` : `all rounds played`) : 'not finished';
  out.push(`curve ${state.id}: ${s.game}/${state.variant}, ${s.rounds} reflection round(s) x ${s.episodes} episode(s), ${s.clock} clock, reflector ${s.reflector.model}; ${state.status}, ${stop}${state.error ? `; error ${state.error.code}: ${state.error.message}` : ''}`);
  out.push(...benchmarkNote(s.match.profile), '');
  const rows = state.rounds.map((r) => {
    const scores = r.episodes.map((e) => e.score);
    const refl = r.reflection;
    const reflection = refl ? (refl.outcome === 'accepted' ? `accepted (${refl.toolCalls} calls, ${refl.submissions} submit)` : `kept: ${refl.keepReason ?? ''}`) : '-';
    const confounded = confounds?.rounds.get(r.round);
    const notes = [state.best?.round === r.round ? 'best' : '', r.rollback ? `rollback to ${r.rollback.toRound}` : '', r.finished ? '' : 'unfinished', confounded ? `differs from round 0 in ${confounded.join(' ')}` : '', ...runnerRoundNotes(r)].filter((x) => x).join(', ');
    return [String(r.round), n3(r.mean), scores.length ? n3(Math.min(...scores)) : '-', scores.length ? n3(Math.max(...scores)) : '-', `${scores.length}/${s.episodes}`, r.source, String(r.skillTokens), reflection, notes];
  });
  out.push(table(['round', 'mean', 'min', 'max', 'episodes', 'skill', 'tokens', 'reflection', 'notes'], rows));
  const r0 = state.rounds[0]?.mean;
  const bestConfounds = state.best ? confounds?.rounds.get(state.best.round) : undefined;
  const gain = r0 === undefined ? '' : bestConfounds ? ` (no gain over round 0 stated: its runs differ from round 0's in ${bestConfounds.join(', ')}, not only in the skill)` : ` (${signed(state.best!.mean - r0)} over round 0)`;
  if (state.best) out.push('', `best: round ${state.best.round}, mean ${n3(state.best.mean)}${gain}`);
  const runner = runnerSummaryLines(state);
  if (runner.length > 0) out.push(...(state.best ? [] : ['']), ...runner);
  if (state.transfer) {
    out.push('', `held-out transfer: skill of round ${state.transfer.bestRound} vs no skill, ${s.episodes} episode(s) per arm${state.transfer.finished ? '' : ' (unfinished)'}`);
    out.push(table(['variant', 'no skill', 'best skill', 'gain'], state.transfer.variants.map((v) => {
      const differs = confounds?.variants.get(v.variant);
      return [v.variant, n3(v.empty.mean), n3(v.best.mean), differs ? `refused: arms differ in ${differs.join(', ')}` : signed(v.gain)];
    })));
  }
  if (transfer) out.push('', transferSummary(transfer, s.match.profile).trimEnd());
  return `${out.join('\n')}\n`;
}

/** Writes `curve.csv`, `summary.txt`, `curve.svg` and `curve.png` into the curve directory. */
export async function writeCurveArtefacts(dir: string, state: CurveState): Promise<void> {
  const transfer = readTransferTable(new CurvePaths(dir).transferTable);
  writeFileSync(join(dir, 'curve.csv'), curveCsv(state));
  writeFileSync(join(dir, 'summary.txt'), curveSummary(state, transfer, curveConfounds(dir, state)));
  const svg = curveSvg(state, transfer);
  writeFileSync(join(dir, 'curve.svg'), svg);
  writeFileSync(join(dir, 'curve.png'), await svgToPng(svg));
}
