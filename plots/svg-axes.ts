/**
 * Axes for every plot (the files reports write, in SVG and the PNGs made from it, and the web pages): nice
 * ticks with grid lines, tick labels in the axis unit, and a label naming each axis with its unit.
 */
import { niceStep, niceTicks, tickLabel } from '../protocol/axis-ticks.js';

/** Where a plot's data area is, px. */
export interface PlotBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** One axis: the data range, and its label with the unit (`charged latency per decision (ms)`). */
export interface AxisSpec {
  readonly lo: number;
  readonly hi: number;
  readonly label: string;
  /** Divide values by this for tick labels (1000 to label ms as s). */
  readonly scale?: number;
  /** No ticks, only the label (a categorical axis). */
  readonly categorical?: boolean;
}

export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const f = (x: number): string => (Math.round(x * 10) / 10).toString();

/** A text element in the plots' font; `cls` names what it is (`tick-x`, `tick-y`, `axis-label`) for readers of the SVG. */
export function svgText(x: number, y: number, s: string, opts: { anchor?: string; size?: number; fill?: string; rotate?: number; weight?: string; cls?: string } = {}): string {
  const rot = opts.rotate ? ` transform="rotate(${opts.rotate} ${f(x)} ${f(y)})"` : '';
  const extra = `${opts.weight ? ` font-weight="${opts.weight}"` : ''}${opts.cls ? ` class="${opts.cls}"` : ''}`;
  return `<text x="${f(x)}" y="${f(y)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${opts.size ?? 11}" text-anchor="${opts.anchor ?? 'start'}" fill="${opts.fill ?? '#222'}"${rot}${extra}>${esc(s)}</text>`;
}

/** The axes of `box` over the ranges (rounded out to nice ticks): scale functions and the SVG of grid, ticks and labels. */
export function drawAxes(box: PlotBox, x: AxisSpec, y: AxisSpec): { X: (v: number) => number; Y: (v: number) => number; svg: string[] } {
  const xt = niceTicks(x.lo / (x.scale ?? 1), x.hi / (x.scale ?? 1), 5).map((v) => v * (x.scale ?? 1));
  const yt = niceTicks(y.lo / (y.scale ?? 1), y.hi / (y.scale ?? 1), 5).map((v) => v * (y.scale ?? 1));
  const [xlo, xhi] = x.categorical ? [x.lo, x.hi] : [xt[0]!, xt[xt.length - 1]!];
  const [ylo, yhi] = [yt[0]!, yt[yt.length - 1]!];
  const X = (v: number): number => box.x0 + ((box.x1 - box.x0) * (v - xlo)) / (xhi - xlo || 1);
  const Y = (v: number): number => box.y1 - ((box.y1 - box.y0) * (v - ylo)) / (yhi - ylo || 1);
  // The data area, invisible: what a reader of the SVG (a test) holds every mark inside.
  const svg: string[] = [`<rect class="plot-area" x="${f(box.x0)}" y="${f(box.y0)}" width="${f(box.x1 - box.x0)}" height="${f(box.y1 - box.y0)}" fill="none" stroke="none"/>`];
  const ys = niceStep((y.hi - y.lo) / (y.scale ?? 1), 5);
  for (const v of yt) svg.push(`<line x1="${box.x0}" x2="${box.x1}" y1="${f(Y(v))}" y2="${f(Y(v))}" stroke="#e3e7ed"/>`, svgText(box.x0 - 5, Y(v) + 4, tickLabel(v / (y.scale ?? 1), ys), { anchor: 'end', size: 10, cls: 'tick-y' }));
  if (!x.categorical) {
    const xs = niceStep((x.hi - x.lo) / (x.scale ?? 1), 5);
    for (const v of xt) svg.push(`<line x1="${f(X(v))}" x2="${f(X(v))}" y1="${box.y1}" y2="${box.y1 + 4}" stroke="#999"/>`, svgText(X(v), box.y1 + 15, tickLabel(v / (x.scale ?? 1), xs), { anchor: 'middle', size: 10, cls: 'tick-x' }));
  }
  svg.push(`<line x1="${box.x0}" x2="${box.x1}" y1="${box.y1}" y2="${box.y1}" stroke="#999"/>`, `<line x1="${box.x0}" x2="${box.x0}" y1="${box.y0}" y2="${box.y1}" stroke="#999"/>`);
  svg.push(svgText((box.x0 + box.x1) / 2, box.y1 + (x.categorical ? 42 : 30), x.label, { anchor: 'middle', fill: '#444', cls: 'axis-label' }));
  svg.push(svgText(box.x0 - 38, (box.y0 + box.y1) / 2, y.label, { anchor: 'middle', fill: '#444', rotate: -90, cls: 'axis-label' }));
  return { X, Y, svg };
}

/**
 * An error bar at `x` from `lo` to `hi` (data space through `Y`), with caps; given the plot area's top and bottom
 * (`within`, pixels), a bar reaching past it stops at its edge with no cap there, so it never crosses into a title
 * or the next panel.
 */
export function errorBar(x: number, lo: number, hi: number, Y: (v: number) => number, colour = '#333', within?: { readonly y0: number; readonly y1: number }): string {
  const clamp = (y: number): number => (within === undefined ? y : Math.min(within.y1, Math.max(within.y0, y)));
  const [yLo, yHi] = [Y(lo), Y(hi)];
  const [a, b] = [clamp(yLo), clamp(yHi)];
  const caps = [a === yLo ? `M${f(x - 3)} ${f(a)}h6` : '', b === yHi ? `M${f(x - 3)} ${f(b)}h6` : ''].join('');
  return `<path class="error-bar" d="M${f(x)} ${f(a)}V${f(b)}${caps}" stroke="${colour}" fill="none" stroke-width="1.2"/>`;
}
