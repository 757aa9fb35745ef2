/**
 * The curve as a picture, written as SVG by hand (no chart library) on the plots layer's axes (nice ticks,
 * labels with units): round means as a line, each with its 95% interval and each episode's score as a dot,
 * the best round ringed, rollbacks marked in red, the success threshold dashed, and held-out transfer as a bar
 * group (no skill vs best skill per variant, each with its interval, gain above): the last `arena transfer`'s
 * when there is one, else the curve's own. sharp renders it to PNG; the web app's curve page shows this file.
 */
import sharp from 'sharp';
import { drawAxes, errorBar, meanCi, placeLabel, textBox, type Obstacles } from '../plots/index.js';
import type { CurveState } from './curve-state.js';
import type { TransferTable } from './transfer-table.js';
import { curveRunnerMetrics, metricsLine } from './runner-style/summary.js';

const W = 980;
const H = 460;
const LEFT = { x0: 64, x1: 610, y0: 70, y1: 380 };
const RIGHT = { x0: 680, x1: 950, y0: 70, y1: 380 };
const COLORS = { mean: '#1f6fd1', dot: '#8a96a8', best: '#e0a100', rollback: '#d12f2f', empty: '#9aa4b2', skill: '#1f6fd1', grid: '#e3e7ed', text: '#222' };

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const f = (n: number): string => (Math.round(n * 10) / 10).toString();

function text(x: number, y: number, s: string, opts: { size?: number; anchor?: 'start' | 'middle' | 'end'; color?: string; weight?: string; cls?: string } = {}): string {
  const extra = `${opts.weight ? ` font-weight="${opts.weight}"` : ''}${opts.cls ? ` class="${opts.cls}"` : ''}`;
  return `<text x="${f(x)}" y="${f(y)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${opts.size ?? 12}" text-anchor="${opts.anchor ?? 'start'}" fill="${opts.color ?? COLORS.text}"${extra}>${esc(s)}</text>`;
}

/** A square box of half-side `r` around (x, y): a marker, for labels to keep clear of. */
const around = (x: number, y: number, r: number): { x0: number; y0: number; x1: number; y1: number } => ({ x0: x - r, y0: y - r, x1: x + r, y1: y + r });

/** The top of a mean's error bar (the mean when it has no interval), at most `cap` (a score's own top). */
const upper = (scores: readonly number[], mean: number, cap: number): number => {
  const ci = meanCi(scores);
  return Math.min(cap, mean + (Number.isFinite(ci.half) ? ci.half : 0));
};

/** The SVG text of the curve plot; `onDemand` (the last `arena transfer`) takes the transfer panel when given. */
export function curveSvg(state: CurveState, onDemand?: TransferTable): string {
  const s = state.settings;
  const rounds = state.rounds.filter((r) => r.episodes.length > 0);
  const shown = onDemand ?? state.transfer;
  const transfer = shown?.variants.filter((v) => v.empty.mean !== undefined && v.best.mean !== undefined) ?? [];
  // Our score is progress, in [0, 1], so an interval is cut at 1; the benchmark's raw score has no top.
  const cap = s.match.profile === 'omnigamearena' ? Infinity : 1;
  const allScores = [
    ...rounds.flatMap((r) => [...r.episodes.map((e) => e.score), r.mean === undefined ? 0 : upper(r.episodes.map((e) => e.score), r.mean, cap)]),
    ...transfer.flatMap((v) => [upper(v.empty.episodes.map((e) => e.score), v.empty.mean!, cap), upper(v.best.episodes.map((e) => e.score), v.best.mean!, cap)]),
  ];
  // A tenth more than the highest point or bar, so the labels above them (a mean, a gain) stay inside the panel.
  const yHi = Math.max(0.01, ...allScores) * 1.1;
  const out: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`, `<rect width="${W}" height="${H}" fill="#ffffff"/>`];
  const { model, kind } = s.player;
  const player = typeof model === 'string' ? `, player ${model}` : typeof kind === 'string' ? `, player ${kind}` : '';
  out.push(text(LEFT.x0, 24, `Improvement Dynamics Curve: ${s.game}/${state.variant}${player}, reflector ${s.reflector.model}`, { size: 15, weight: 'bold' }));
  // n: the episodes each round mean is over (as played; the settings' count before any are).
  const perRound = rounds.length > 0 ? [...new Set(rounds.map((r) => r.episodes.length))].sort((a, b) => a - b) : [s.episodes];
  const bars = perRound.some((k) => k > 1) ? 'bars: 95% t-interval' : 'no interval from one episode';
  const nText = `n = ${perRound.join(' or ')} ${perRound.length === 1 && perRound[0] === 1 ? 'episode' : 'episodes'} per round (${bars})`;
  out.push(text(LEFT.x0, 44, `${nText}, ${s.clock} clock, rollback below ${s.rollbackRatio} x best; id ${state.id}`, { size: 12, color: '#555' }));
  const runner = s.runner ? curveRunnerMetrics(state) : undefined;
  if (runner) out.push(text(LEFT.x0, 60, `${metricsLine(runner)}; round 0 from cold-start runs`, { size: 11, color: '#555' }));

  // Left panel: the curve, on nice ticks; the rounds are whole numbers, so they are labelled one by one.
  const yLabel = s.match.profile === 'omnigamearena' ? 'score (benchmark score)' : 'score (mean progress, 0..1)';
  const left = drawAxes(LEFT, { lo: 0, hi: 1, label: 'round', categorical: true }, { lo: 0, hi: yHi, label: yLabel });
  out.push(...left.svg);
  const n = Math.max(1, s.rounds);
  const x = (r: number): number => LEFT.x0 + 20 + ((LEFT.x1 - LEFT.x0 - 40) * r) / n;
  const right = drawAxes(RIGHT, { lo: 0, hi: 1, label: transfer.length > 0 ? 'held-out variant' : '', categorical: true }, { lo: 0, hi: yHi, label: '' });
  const y = (v: number, p = LEFT): number => (p === LEFT ? left.Y : right.Y)(v);
  for (let r = 0; r <= s.rounds; r++) out.push(text(x(r), LEFT.y1 + 18, String(r), { size: 11, anchor: 'middle' }));
  // Every line and marker of the left panel, so the round means' labels, placed last, cross none of them.
  const clear: Obstacles = { segments: [], boxes: [] };
  // The runner's style never stops early, so it has no success line.
  if (!s.runner && s.successThreshold <= yHi) {
    out.push(`<line x1="${LEFT.x0}" x2="${LEFT.x1}" y1="${f(y(s.successThreshold))}" y2="${f(y(s.successThreshold))}" stroke="#2a9d55" stroke-dasharray="6 4"/>`);
    out.push(text(LEFT.x1, y(s.successThreshold) - 4, `success ${s.successThreshold}`, { size: 10, anchor: 'end', color: '#2a9d55' }));
    const label = textBox(0, y(s.successThreshold) - 4, `success ${s.successThreshold}`, 10);
    clear.segments.push({ x0: LEFT.x0, x1: LEFT.x1, y0: y(s.successThreshold), y1: y(s.successThreshold) });
    clear.boxes.push({ ...label, x0: LEFT.x1 - (label.x1 - label.x0), x1: LEFT.x1 });
  }
  for (const r of rounds) {
    if (!r.rollback) continue;
    out.push(`<line x1="${f(x(r.round))}" x2="${f(x(r.round))}" y1="${LEFT.y0}" y2="${LEFT.y1}" stroke="${COLORS.rollback}" stroke-dasharray="3 3"/>`);
    out.push(text(x(r.round) + 4, LEFT.y0 + 12, `rollback to ${r.rollback.toRound}`, { size: 10, color: COLORS.rollback }));
    const label = textBox(0, LEFT.y0 + 12, `rollback to ${r.rollback.toRound}`, 10);
    clear.segments.push({ x0: x(r.round), x1: x(r.round), y0: LEFT.y0, y1: LEFT.y1 });
    clear.boxes.push({ ...label, x0: x(r.round) + 4, x1: x(r.round) + 4 + (label.x1 - label.x0) });
  }
  for (const r of rounds) {
    r.episodes.forEach((e, i) => {
      const jitter = r.episodes.length === 1 ? 0 : ((i / (r.episodes.length - 1)) - 0.5) * 14;
      out.push(`<circle cx="${f(x(r.round) + jitter)}" cy="${f(y(e.score))}" r="3" fill="${COLORS.dot}" fill-opacity="0.8"/>`);
      clear.boxes.push(around(x(r.round) + jitter, y(e.score), 3));
    });
  }
  const finished = rounds.filter((r) => r.mean !== undefined);
  finished.slice(1).forEach((r, i) => clear.segments.push({ x0: x(finished[i]!.round), y0: y(finished[i]!.mean!), x1: x(r.round), y1: y(r.mean!) }));
  if (finished.length > 1) out.push(`<polyline fill="none" stroke="${COLORS.mean}" stroke-width="2.5" points="${finished.map((r) => `${f(x(r.round))},${f(y(r.mean!))}`).join(' ')}"/>`);
  for (const r of finished) {
    const cx = x(r.round);
    const cy = y(r.mean!);
    const ci = meanCi(r.episodes.map((e) => e.score));
    if (Number.isFinite(ci.half) && ci.half > 0) {
      out.push(errorBar(cx, Math.max(0, r.mean! - ci.half), Math.min(cap, r.mean! + ci.half), left.Y, COLORS.mean));
      clear.boxes.push({ x0: cx - 3, x1: cx + 3, y0: y(Math.min(cap, r.mean! + ci.half)), y1: y(Math.max(0, r.mean! - ci.half)) });
    }
    clear.boxes.push(around(cx, cy, r.rollback ? 7 : 5));
    if (r.rollback) out.push(`<path d="M ${f(cx - 7)} ${f(cy - 6)} L ${f(cx + 7)} ${f(cy - 6)} L ${f(cx)} ${f(cy + 7)} Z" fill="${COLORS.rollback}"/>`);
    else out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="5" fill="${r.source === 'kept' ? '#ffffff' : COLORS.mean}" stroke="${COLORS.mean}" stroke-width="2"/>`);
  }
  if (state.best) {
    const [bx, by] = [x(state.best.round), y(state.best.mean)];
    out.push(`<circle cx="${f(bx)}" cy="${f(by)}" r="10" fill="none" stroke="${COLORS.best}" stroke-width="3"/>`);
    out.push(text(bx, by + 24, 'best', { size: 11, anchor: 'middle', color: COLORS.best, weight: 'bold' }));
    clear.boxes.push(around(bx, by, 11), textBox(bx, by + 24, 'best', 11));
  }
  for (const r of finished) {
    const at = placeLabel(x(r.round), y(r.mean!), r.mean!.toFixed(3), 10, state.best?.round === r.round ? 16 : 10, LEFT, clear);
    out.push(text(at.x, at.y, r.mean!.toFixed(3), { size: 10, anchor: 'middle', color: COLORS.mean, cls: 'mean-label' }));
  }

  // Right panel: held-out transfer.
  const title = onDemand
    ? `arena transfer (skill of round ${onDemand.bestRound}, ${onDemand.episodes} ep./arm)`
    : state.transfer
      ? `held-out transfer (skill of round ${state.transfer.bestRound})`
      : 'held-out transfer: not run';
  out.push(text(RIGHT.x0, RIGHT.y0 - 12, title, { size: 12, weight: 'bold' }));
  if (transfer.length > 0) {
    out.push(...right.svg);
    const group = (RIGHT.x1 - RIGHT.x0) / transfer.length;
    const bar = Math.min(28, group / 3);
    transfer.forEach((v, i) => {
      const cx = RIGHT.x0 + group * (i + 0.5);
      for (const [j, arm] of (['empty', 'best'] as const).entries()) {
        const value = v[arm].mean!;
        const bx = cx - bar + j * bar;
        out.push(`<rect x="${f(bx)}" y="${f(y(value, RIGHT))}" width="${f(bar - 2)}" height="${f(RIGHT.y1 - y(value, RIGHT))}" fill="${arm === 'empty' ? COLORS.empty : COLORS.skill}"/>`);
        const ci = meanCi(v[arm].episodes.map((e) => e.score));
        if (Number.isFinite(ci.half) && ci.half > 0) out.push(errorBar(bx + (bar - 2) / 2, Math.max(0, value - ci.half), Math.min(cap, value + ci.half), right.Y));
      }
      const gain = v.gain ?? 0;
      const top = y(Math.max(upper(v.empty.episodes.map((e) => e.score), v.empty.mean!, cap), upper(v.best.episodes.map((e) => e.score), v.best.mean!, cap)), RIGHT);
      out.push(text(cx, top - 6, `${gain >= 0 ? '+' : ''}${gain.toFixed(3)}`, { size: 11, anchor: 'middle', color: gain >= 0 ? '#2a9d55' : COLORS.rollback, weight: 'bold' }));
      out.push(text(cx, RIGHT.y1 + 18, v.variant, { size: 11, anchor: 'middle' }));
    });
  }

  // Legend: only the marks this plot draws (no "rollback" on a curve that never rolled back), side by side.
  const ly = H - 14;
  const marks: [string, (x: number) => string][] = [];
  if (finished.length > 0) marks.push(['round mean', (lx) => `<circle class="legend-mark" cx="${lx + 6}" cy="${ly - 4}" r="5" fill="${COLORS.mean}"/>`]);
  if (rounds.some((r) => r.episodes.length > 0)) marks.push(['episode', (lx) => `<circle class="legend-mark" cx="${lx + 6}" cy="${ly - 4}" r="3" fill="${COLORS.dot}"/>`]);
  if (state.best) marks.push(['best round', (lx) => `<circle class="legend-mark" cx="${lx + 6}" cy="${ly - 4}" r="7" fill="none" stroke="${COLORS.best}" stroke-width="3"/>`]);
  if (finished.some((r) => r.rollback)) marks.push(['rollback', (lx) => `<path d="M ${lx} ${ly - 9} L ${lx + 12} ${ly - 9} L ${lx + 6} ${ly + 2} Z" fill="${COLORS.rollback}"/>`]);
  if (finished.some((r) => !r.rollback && r.source === 'kept')) marks.push(['skill kept', (lx) => `<circle class="legend-mark" cx="${lx + 6}" cy="${ly - 4}" r="5" fill="#fff" stroke="${COLORS.mean}" stroke-width="2"/>`]);
  // The transfer bars' colours under the right panel.
  const swatches: typeof marks = transfer.length === 0 ? [] : [
    ['no skill', (lx) => `<rect x="${lx}" y="${ly - 10}" width="12" height="10" fill="${COLORS.empty}"/>`],
    ['best skill', (lx) => `<rect x="${lx}" y="${ly - 10}" width="12" height="10" fill="${COLORS.skill}"/>`],
  ];
  for (const [x0, row] of [[LEFT.x0, marks], [RIGHT.x0, swatches]] as const) {
    let lx = x0;
    for (const [label, mark] of row) {
      // About 6.5 px a character at 11 px, then a gap before the next mark.
      out.push(mark(lx), text(lx + 16, ly, label, { size: 11, cls: 'legend' }));
      lx += 16 + Math.ceil(label.length * 6.5) + 18;
    }
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** Renders the SVG to PNG bytes with sharp. */
export async function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}
