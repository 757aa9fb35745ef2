/** The score report as a readable table: one block per system (games, then the macro row), controls, failures. */
import type { Metric, ScoreReport } from './score-report.js';

const num = (x: number | undefined): string => (x === undefined ? '-' : x.toFixed(3));

function pad(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd());
}

function f1Cell(m: Metric, game: string | undefined): string {
  const value = game === undefined ? m.macro : m.games[game];
  const ci = game === undefined ? m.intervals?.macro : m.intervals?.games[game];
  return ci === undefined ? num(value) : `${num(value)} [${num(ci.lo)}, ${num(ci.hi)}]`;
}

/** The report as text for a terminal. */
export function scoreTable(r: ScoreReport): string {
  const out: string[] = [`video-arena scores: ${r.controls.cases.length} cases in ${r.games.length} game(s) of ${r.casesDir}; results ${r.resultsDir}`];
  out.push(r.bootstrap > 0 ? `strict F1 with 95% case-bootstrap intervals (${r.bootstrap} replicates, seed ${r.seed}); T2/T3: accuracy over T1-localised events` : 'strict F1 (no bootstrap); T2/T3: accuracy over T1-localised events');
  for (const s of r.systems) {
    out.push('', `${s.model} / ${s.protocol}: ${Object.entries(s.outcomes).map(([k, n]) => `${k} ${n}`).join(', ')}${s.missing.length > 0 ? `; no result: ${s.missing.join(', ')}` : ''}`);
    const rows: string[][] = [['game', 'cases', 'strict F1', 'P', 'R', 'T1 F1', 'T2 acc', 'T3 acc']];
    for (const game of [...r.games, undefined]) {
      const n = game === undefined ? s.cases.length : s.cases.filter((c) => c.game === game).length;
      const m = s.metrics;
      const at = (x: Metric): string => num(game === undefined ? x.macro : x.games[game]);
      rows.push([game ?? '(macro)', String(n), f1Cell(m.f1, game), at(m.precision), at(m.recall), at(m.t1), at(m.t2), at(m.t3)]);
    }
    out.push(...pad(rows).map((l) => `  ${l}`));
    if (s.failures.length > 0) {
      out.push('  infrastructure failures (not in the means):');
      for (const f of s.failures) out.push(`    ${f.caseId} (${f.game}): ${f.infraClass}: ${f.message}`);
    }
  }
  const c = r.controls;
  out.push('', 'controls (offline, seeded): strict F1 of random tuples, of set-time random tuples; native sampling ceiling (share of events reachable), actual and uniform');
  const rows: string[][] = [['game', 'cases', 'random', 'set-time random', 'ceiling actual', 'ceiling uniform']];
  for (const game of [...r.games, undefined]) {
    const at = (a: { games: Readonly<Record<string, number | undefined>>; macro: number | undefined }): string => num(game === undefined ? a.macro : a.games[game]);
    rows.push([game ?? '(macro)', String(game === undefined ? c.cases.length : c.cases.filter((x) => x.game === game).length), at(c.random), at(c.setTimeRandom), at(c.ceilingActual), at(c.ceilingUniform)]);
  }
  out.push(...pad(rows).map((l) => `  ${l}`));
  return `${out.join('\n')}\n`;
}
