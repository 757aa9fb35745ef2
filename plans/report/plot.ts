/**
 * `arena report --plot DIR`: per run, decision latency and progress over the episode's game time, one line
 * per player slot, as SVG written by hand (no chart library) and PNG (rendered by sharp).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { benchmarkTimeline, type RunRecord } from '../../gateway/index.js';
import { SCORE_MEASURES } from '../../protocol/index.js';
import { drawAxes } from '../../sweeps/index.js';

const W = 900;
const PANEL = { x0: 80, x1: 870 };
const TOP = { y0: 64, y1: 226 };
const BOTTOM = { y0: 300, y1: 462 };
const H = 530;
const COLORS = ['#1f6fd1', '#d1572f', '#2f9d4a', '#8a3fd1'];

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const f = (n: number): string => (Math.round(n * 10) / 10).toString();
const label = (x: number, y: number, s: string, anchor = 'start', size = 12): string => `<text x="${f(x)}" y="${f(y)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" text-anchor="${anchor}" fill="#222">${esc(s)}</text>`;

/** The rounded-up axis maximum for `max` (1, 2 or 5 times a power of ten). */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].find((m) => m * p >= max) ?? 10) * p;
}

function panel(box: { y0: number; y1: number }, title: string, xMax: number, y: { lo?: number; hi: number; label: string }, series: { slot: number; points: [number, number][] }[]): string[] {
  const { X, Y, svg } = drawAxes({ x0: PANEL.x0, x1: PANEL.x1, y0: box.y0, y1: box.y1 }, { lo: 0, hi: xMax, label: 'game time (s)', scale: 1000 }, { lo: y.lo ?? 0, hi: y.hi, label: y.label });
  const out = [label(PANEL.x0, box.y0 - 12, title, 'start', 13), ...svg];
  for (const s of series) {
    const color = COLORS[s.slot % COLORS.length]!;
    out.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${s.points.map(([a, b]) => `${f(X(a))},${f(Y(b))}`).join(' ')}"/>`);
    for (const [a, b] of s.points) out.push(`<circle cx="${f(X(a))}" cy="${f(Y(b))}" r="2.5" fill="${color}"/>`);
  }
  return out;
}

/** The plot of one run as an SVG document; under the omnigamearena profile its lower panel is the benchmark's raw score, not our progress. */
export function runPlotSvg(r: RunRecord): string {
  const slots = r.run.agents.map((a) => a.slot);
  const xMax = Math.max(1, r.run.result?.simMs ?? 0, ...r.progress.map((p) => p.simMs), ...r.decisions.map((d) => d.observedAtMs));
  const latency = slots.map((slot) => ({ slot, points: r.decisions.filter((d) => d.slot === slot && d.timings?.wallMs !== undefined).map((d): [number, number] => [d.observedAtMs, d.timings!.wallMs!]) }));
  // Under the omnigamearena profile the lower panel is the benchmark's raw score, not our progress.
  const timeline = benchmarkTimeline(r.run, r.progress);
  const bench = timeline && slots.map((slot) => ({ slot, points: timeline.flatMap((p) => p.players.filter((q) => q.slot === slot).map((q): [number, number] => [p.simMs, q.score])) }));
  const progress = bench ?? slots.map((slot) => ({ slot, points: r.progress.flatMap((p) => p.players.filter((q) => q.slot === slot).map((q): [number, number] => [p.simMs, q.progress])) }));
  const values = progress.flatMap((s) => s.points.map((p) => p[1]));
  const low = Math.min(0, ...values);
  const lower = bench
    ? { title: `${SCORE_MEASURES.benchmark.name} over game time`, y: { lo: low < 0 ? -niceMax(-low) : 0, hi: niceMax(Math.max(0, ...values)), label: SCORE_MEASURES.benchmark.axis } }
    : { title: 'progress over game time', y: { hi: 1, label: 'progress (0..1)' } };
  const yLatency = niceMax(Math.max(0, ...latency.flatMap((s) => s.points.map((p) => p[1]))));
  const legend = r.run.agents.map((a, i) => `<rect x="${PANEL.x1 - 200 + i * 100}" y="12" width="10" height="10" fill="${COLORS[a.slot % COLORS.length]}"/>${label(PANEL.x1 - 186 + i * 100, 21, `${a.label}@${a.slot}`, 'start', 11)}`);
  const body = [
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    label(PANEL.x0, 20, `${r.run.runId}: ${r.run.game}/${r.run.variant} seed ${r.run.seed} ${r.run.clock}`, 'start', 13),
    ...legend,
    ...panel(TOP, 'decision latency at each decision', xMax, { hi: yLatency, label: 'latency (wall ms)' }, latency),
    ...panel(BOTTOM, lower.title, xMax, lower.y, progress),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">\n${body.join('\n')}\n</svg>\n`;
}

/** Writes `<runId>.svg` and `<runId>.png` for each run into `outDir`; returns the SVG paths. */
export async function writeRunPlots(records: readonly RunRecord[], outDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const r of records) {
    const svg = runPlotSvg(r);
    const path = join(outDir, `${r.run.runId}.svg`);
    writeFileSync(path, svg);
    await sharp(Buffer.from(svg)).png().toFile(join(outDir, `${r.run.runId}.png`));
    out.push(path);
  }
  return out;
}
