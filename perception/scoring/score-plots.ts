/** One small SVG per game: each system's strict F1 as a bar with its interval, the controls and the actual ceiling as lines, on the plots layer's axes. */
import { colour, drawAxes, errorBar, esc, svgDoc } from '../../plots/index.js';
import type { ScoreReport } from './score-report.js';

/** The SVG text of `game`'s plot. */
export function gameScoreSvg(r: ScoreReport, game: string): string {
  const systems = r.systems;
  const barW = 46;
  const w = Math.max(320, 90 + systems.length * (barW + 14) + 150);
  const h = 290;
  const ox = 64;
  const oy = 40;
  const ph = 170;
  const { Y: toY, svg } = drawAxes({ x0: ox, y0: oy, x1: w - 150, y1: oy + ph }, { lo: 0, hi: 1, label: 'system (protocol, model)', categorical: true }, { lo: 0, hi: 1, label: 'strict tuple F1 (0..1)' });
  const Y = (v: number): number => toY(Math.max(0, Math.min(1, v)));
  const body: string[] = [...svg];
  systems.forEach((s, i) => {
    const x = ox + 14 + i * (barW + 14);
    const v = s.metrics.f1.games[game];
    if (v !== undefined) body.push(`<rect x="${x}" y="${Y(v).toFixed(1)}" width="${barW}" height="${(oy + ph - Y(v)).toFixed(1)}" fill="${colour(i)}"/>`);
    const ci = s.metrics.f1.intervals?.games[game];
    if (ci) body.push(errorBar(x + barW / 2, Math.max(0, ci.lo), Math.min(1, ci.hi), Y));
    body.push(`<text x="${x + barW / 2}" y="${oy + ph + 14}" text-anchor="middle" font-size="9">${esc(s.protocol)}</text>`, `<text x="${x + barW / 2}" y="${oy + ph + 26}" text-anchor="middle" font-size="9">${esc(s.model.slice(0, 12))}</text>`);
  });
  const lines: [string, number | undefined, string][] = [
    ['random', r.controls.random.games[game], '#888'],
    ['set-time random', r.controls.setTimeRandom.games[game], '#555'],
    ['native ceiling', r.controls.ceilingActual.games[game], '#2ca02c'],
  ];
  lines.forEach(([label, v, stroke], i) => {
    if (v !== undefined) body.push(`<line x1="${ox}" x2="${w - 150}" y1="${Y(v).toFixed(1)}" y2="${Y(v).toFixed(1)}" stroke="${stroke}" stroke-dasharray="4 3"/>`);
    body.push(`<line x1="${w - 140}" x2="${w - 120}" y1="${oy + 10 + i * 16}" y2="${oy + 10 + i * 16}" stroke="${stroke}" stroke-dasharray="4 3"/>`, `<text x="${w - 115}" y="${oy + 14 + i * 16}">${label}</text>`);
  });
  const cases = r.controls.cases.filter((c) => c.game === game).length;
  const n = `n = ${cases} ${cases === 1 ? 'case' : 'cases'}; ${r.systems[0]?.metrics.f1.intervals ? 'bars: 95% case-bootstrap interval' : 'no intervals (score with --bootstrap N)'}`;
  body.push(`<text x="${w - 150}" y="${h - 8}" text-anchor="end" font-size="9" fill="#666">${esc(n)}</text>`);
  return svgDoc(w, h, `${game}: strict tuple F1`, body);
}
