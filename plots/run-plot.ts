/**
 * One run's plot: each decision's latency and each player's progress over the episode's game time, a line per
 * player. `arena report --plot` writes it (SVG and PNG); the match page draws it as the match goes and the
 * replay page once, from the same data, so the page and the file are the same plot.
 */
import { SCORE_MEASURES, type ScoreMeasure } from '../protocol/score-measure.js';
import { drawAxes, svgText } from './svg-axes.js';
import { colour } from './svg-doc.js';

/** What a run's plot is drawn from: the run's own records, as run.json, decisions.jsonl and progress.jsonl hold them. */
export interface RunPlotData {
  /** The line above both panels (run id, game, variant, seed, clock). */
  readonly title: string;
  /** The players, each a line of its own colour, in slot order. */
  readonly players: readonly { readonly slot: number; readonly label: string }[];
  /** Each decision: its player, the game time it observed at (ms) and its wall-clock latency (ms) when timed. */
  readonly decisions: readonly { readonly slot: number; readonly atMs: number; readonly latencyMs?: number | undefined }[];
  /** Each progress report: the game time (ms) and every player's progress (or score, by `measure`). */
  readonly progress: readonly { readonly simMs: number; readonly players: readonly { readonly slot: number; readonly progress: number }[] }[];
  /** What the progress series read: our progress in [0, 1] (the default), or the benchmark's raw score (under the omnigamearena profile; below 0 too). */
  readonly measure?: ScoreMeasure | undefined;
  /** The game time the episode ended at, ms, when it has. */
  readonly endMs?: number | undefined;
}

/** The line above a run's plot: `RUN_ID: game/variant seed S clock`, leaving out what is not known (yet). */
export function runPlotTitle(run: { readonly runId: string; readonly game?: unknown; readonly variant?: unknown; readonly seed?: unknown; readonly clock?: unknown }): string {
  const known = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';
  const where = [run.game, run.variant].filter(known).join('/');
  return [`${run.runId}:`, where, known(run.seed) ? `seed ${run.seed}` : '', known(run.clock) ? run.clock : ''].filter(Boolean).join(' ');
}

/** The plot's size, px: shown at this size on the pages (nothing scaled down) and written at it. */
const RUN_PLOT_SIZE = { width: 900, height: 540 } as const;

const PANEL = { x0: 80, x1: 870 };
const TOP = { y0: 72, y1: 228 };
const BOTTOM = { y0: 314, y1: 470 };
const f = (n: number): string => (Math.round(n * 10) / 10).toString();

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

type Series = { slot: number; points: [number, number][] };

function panel(box: { y0: number; y1: number }, title: string, note: string, xMax: number, y: { lo?: number; hi: number; label: string }, series: readonly Series[], slots: readonly number[]): string[] {
  const { X, Y, svg } = drawAxes({ x0: PANEL.x0, x1: PANEL.x1, y0: box.y0, y1: box.y1 }, { lo: 0, hi: xMax, label: 'game time (s)', scale: 1000 }, { lo: y.lo ?? 0, hi: y.hi, label: y.label });
  const out = [svgText(PANEL.x0, box.y0 - 12, title, { size: 13, weight: 'bold' }), svgText(PANEL.x1, box.y0 - 12, note, { anchor: 'end', size: 11, fill: '#555', cls: 'panel-note' }), ...svg];
  for (const s of series) {
    const stroke = colour(slots.indexOf(s.slot));
    if (s.points.length > 1) out.push(`<polyline fill="none" stroke="${stroke}" stroke-width="2" points="${s.points.map(([a, b]) => `${f(X(a))},${f(Y(b))}`).join(' ')}"/>`);
    for (const [a, b] of s.points) out.push(`<circle cx="${f(X(a))}" cy="${f(Y(b))}" r="2.5" fill="${stroke}"/>`);
  }
  return out;
}

/** The run's plot as an SVG document, `RUN_PLOT_SIZE` px. */
export function runPlotSvg(d: RunPlotData): string {
  const { width: W, height: H } = RUN_PLOT_SIZE;
  const slots = d.players.map((p) => p.slot);
  const xMax = Math.max(1, d.endMs ?? 0, ...d.progress.map((p) => p.simMs), ...d.decisions.map((x) => x.atMs));
  const latency: Series[] = slots.map((slot) => ({ slot, points: d.decisions.filter((x) => x.slot === slot && x.latencyMs !== undefined).map((x): [number, number] => [x.atMs, x.latencyMs!]) }));
  const progress: Series[] = slots.map((slot) => ({ slot, points: d.progress.flatMap((p) => p.players.filter((q) => q.slot === slot).map((q): [number, number] => [p.simMs, q.progress])) }));
  const timed = latency.flatMap((s) => s.points.map((p) => p[1]));
  const measure = SCORE_MEASURES[d.measure ?? 'progress'];
  const values = progress.flatMap((s) => s.points.map((p) => p[1]));
  const latest = progress.map((s) => s.points.at(-1)?.[1]).filter((v): v is number => v !== undefined);
  // Each player's n and median (one player's line says it in words).
  const perPlayer = latency.filter((s) => s.points.length > 0).map((s) => ({ label: d.players.find((p) => p.slot === s.slot)!.label, n: s.points.length, median: median(s.points.map((p) => p[1])) }));
  const latencyNote =
    perPlayer.length === 0 ? 'no timed decisions' : perPlayer.length === 1 ? `n = ${timed.length} ${timed.length === 1 ? 'decision' : 'decisions'}, median ${perPlayer[0]!.median.toFixed(0)} ms` : perPlayer.map((p) => `${p.label}: n = ${p.n}, median ${p.median.toFixed(0)} ms`).join('; ');
  const progressNote = `${d.progress.length} ${d.progress.length === 1 ? 'report' : 'reports'}${latest.length > 0 ? `, last ${latest.map((v) => v.toFixed(3)).join(' / ')}` : ''}`;
  // The legend, right-aligned on the title's line (about 6.5 px a character at 11 px).
  const items = d.players.map((p) => `${p.label} (slot ${p.slot})`);
  const widths = items.map((s) => Math.ceil(s.length * 6.5) + 30);
  let lx = PANEL.x1 - widths.reduce((a, b) => a + b, 0);
  const legend = items.flatMap((s, i) => {
    const at = lx;
    lx += widths[i]!;
    return [`<rect x="${at}" y="30" width="10" height="10" fill="${colour(i)}"/>`, svgText(at + 14, 39, s, { cls: 'legend' })];
  });
  const body = [
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    svgText(PANEL.x0, 20, d.title, { size: 13, cls: 'plot-title' }),
    ...legend,
    ...panel(TOP, 'Decision latency', latencyNote, xMax, { hi: Math.max(1, ...timed), label: 'latency (wall ms)' }, latency, slots),
    ...panel(BOTTOM, `${measure.name[0]!.toUpperCase()}${measure.name.slice(1)} over game time`, progressNote, xMax, { lo: Math.min(0, ...values), hi: Math.max(measure.bounded ? 1 : 0.05, ...values), label: measure.axis }, progress, slots),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">\n${body.join('\n')}\n</svg>\n`;
}
