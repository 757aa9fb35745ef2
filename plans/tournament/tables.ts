/** The standings as text tables for the terminal and as CSV and JSON files. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Regime } from '../../games-manifest/index.js';
import { SCORE_MEASURES, type ScoreMeasure } from '../../protocol/index.js';
import type { Standings } from './standings.js';

/** Columns padded to their widest cell, the first left-aligned, the rest right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

const fixed = (v: number, digits: number): string => (Number.isFinite(v) ? v.toFixed(digits) : '-');

/** Both tables as text; under the omnigamearena profile (`measure` benchmark) the score columns are the benchmark's raw score. */
export function formatStandings(regime: Regime, s: Standings, measure: ScoreMeasure = 'progress'): string {
  const pvp = regime === 'pvp';
  const alone = regime === 'solo' || regime === 'turn-based';
  const name = SCORE_MEASURES[measure].name;
  const ups = table(
    [alone ? 'agent' : 'line-up (slot 0 vs slot 1)', 'games', ...(pvp ? ['W-D-L (slot 0)'] : []), ...(alone ? [name] : [`${name} 0`, `${name} 1`])],
    s.lineUps.map((r) => [r.agents.join(' vs '), String(r.games), ...(pvp ? [`${r.wins}-${r.draws}-${r.losses}`] : []), ...r.meanProgress.map((p) => fixed(p, 3))]),
  );
  const digits = pvp ? 0 : 3;
  const ratings = table(
    ['rank', 'agent', pvp ? 'rating' : `mean ${name}`, '95% interval', 'games', ...(pvp ? ['W-D-L', 'score'] : []), name],
    s.ratings.map((r) => [
      String(r.rank),
      r.agent,
      fixed(r.rating, digits),
      `[${fixed(r.lo, digits)}, ${fixed(r.hi, digits)}]`,
      String(r.games),
      ...(pvp ? [`${r.wins}-${r.draws}-${r.losses}`, fixed(r.games > 0 ? (r.wins + r.draws / 2) / r.games : NaN, 3)] : []),
      fixed(r.meanProgress, 3),
    ]),
  );
  return `${ups}\n\n${ratings}\n\nrating: ${s.method}\n`;
}

/** Rows as CSV: numbers as written (non-finite ones empty), strings quoted when they must be. */
export const csv = (rows: readonly (readonly (string | number)[])[]): string =>
  rows.map((r) => r.map((c) => (typeof c === 'number' ? (Number.isFinite(c) ? String(c) : '') : /[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n') + '\n';

/** Writes line-ups.csv, ratings.csv and standings.json into `outDir`; under the omnigamearena profile the score columns say `benchmark_score` and the JSON `measure: benchmark`. */
export function writeStandings(outDir: string, s: Standings, meta: Readonly<Record<string, unknown>>, measure: ScoreMeasure = 'progress'): void {
  const col = SCORE_MEASURES[measure].column;
  writeFileSync(
    join(outDir, 'line-ups.csv'),
    csv([['agent0', 'agent1', 'games', 'wins0', 'draws', 'losses0', `mean_${col}0`, `mean_${col}1`], ...s.lineUps.map((r) => [r.agents[0] ?? '', r.agents[1] ?? '', r.games, r.wins, r.draws, r.losses, r.meanProgress[0] ?? NaN, r.meanProgress[1] ?? NaN])]),
  );
  writeFileSync(
    join(outDir, 'ratings.csv'),
    csv([['rank', 'agent', 'rating', 'ci_low', 'ci_high', 'games', 'wins', 'draws', 'losses', `mean_${col}`], ...s.ratings.map((r) => [r.rank, r.agent, r.rating, r.lo, r.hi, r.games, r.wins, r.draws, r.losses, r.meanProgress])]),
  );
  const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);
  const json = {
    ...meta,
    // Under the profile every meanProgress below is the benchmark's raw score (result.benchmark), unclamped.
    ...(measure === 'benchmark' ? { measure } : {}),
    method: s.method,
    lineUps: s.lineUps.map((r) => ({ ...r, meanProgress: r.meanProgress.map(finite) })),
    ratings: s.ratings.map((r) => ({ ...r, rating: finite(r.rating), lo: finite(r.lo), hi: finite(r.hi), meanProgress: finite(r.meanProgress) })),
  };
  writeFileSync(join(outDir, 'standings.json'), `${JSON.stringify(json, null, 2)}\n`);
}
