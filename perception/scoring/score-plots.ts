/** One small SVG per game: each system's strict F1 as a bar with its interval, the controls and the actual ceiling as lines. */
import type { ScoreReport } from './score-report.js';

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf'];
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SVG text of `game`'s plot. */
export function gameScoreSvg(r: ScoreReport, game: string): string {
  const systems = r.systems;
  const barW = 46;
  const w = Math.max(320, 90 + systems.length * (barW + 14) + 150);
  const h = 260;
  const ox = 50;
  const oy = 40;
  const ph = 170;
  const Y = (v: number): number => oy + ph - Math.max(0, Math.min(1, v)) * ph;
  const body: string[] = [
    `<rect x="${ox}" y="${oy}" width="${w - ox - 150}" height="${ph}" fill="none" stroke="#999"/>`,
    `<text x="${ox - 6}" y="${oy + 4}" text-anchor="end">1</text><text x="${ox - 6}" y="${oy + ph + 4}" text-anchor="end">0</text>`,
  ];
  systems.forEach((s, i) => {
    const x = ox + 14 + i * (barW + 14);
    const v = s.metrics.f1.games[game];
    const colour = COLOURS[i % COLOURS.length]!;
    if (v !== undefined) body.push(`<rect x="${x}" y="${Y(v).toFixed(1)}" width="${barW}" height="${(oy + ph - Y(v)).toFixed(1)}" fill="${colour}"/>`);
    const ci = s.metrics.f1.intervals?.games[game];
    if (ci) body.push(`<line x1="${x + barW / 2}" x2="${x + barW / 2}" y1="${Y(ci.lo).toFixed(1)}" y2="${Y(ci.hi).toFixed(1)}" stroke="black"/>`);
    body.push(`<text x="${x + barW / 2}" y="${oy + ph + 14}" text-anchor="middle" font-size="9">${esc(s.protocol)}</text>`, `<text x="${x + barW / 2}" y="${oy + ph + 26}" text-anchor="middle" font-size="9">${esc(s.model.slice(0, 12))}</text>`);
  });
  const lines: [string, number | undefined, string][] = [
    ['random', r.controls.random.games[game], '#888'],
    ['set-time random', r.controls.setTimeRandom.games[game], '#555'],
    ['native ceiling', r.controls.ceilingActual.games[game], '#2ca02c'],
  ];
  lines.forEach(([label, v, colour], i) => {
    if (v !== undefined) body.push(`<line x1="${ox}" x2="${w - 150}" y1="${Y(v).toFixed(1)}" y2="${Y(v).toFixed(1)}" stroke="${colour}" stroke-dasharray="4 3"/>`);
    body.push(`<line x1="${w - 140}" x2="${w - 120}" y1="${oy + 10 + i * 16}" y2="${oy + 10 + i * 16}" stroke="${colour}" stroke-dasharray="4 3"/>`, `<text x="${w - 115}" y="${oy + 14 + i * 16}">${label}</text>`);
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="DejaVu Sans, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${w / 2}" y="18" text-anchor="middle" font-size="14">${esc(game)}: strict tuple F1</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
