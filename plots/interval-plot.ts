/**
 * An interval plot: a panel per group, a row per item, each estimate a dot with its interval (a sweep's and a
 * tournament's speed-or-skill decomposition).
 */
import { niceTicks, tickLabel } from '../protocol/axis-ticks.js';
import { esc, svgText } from './svg-axes.js';
import { colour, svgDoc } from './svg-doc.js';

const f = (x: number): string => x.toFixed(1);

/** One estimate of an interval plot: a point with its interval. */
export interface IntervalPoint {
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * A panel per group (e.g. a component of a rating), a row per item (e.g. an agent): each estimate a dot with
 * its interval as a bar, over a shared x axis with nice ticks, grid lines and a line at 0, so an interval that
 * crosses 0 shows at once. `axis` names the x axis with its unit; `note` (e.g. `n = 6 episodes`) sits under the title.
 */
export function intervalPlotSvg(title: string, axis: string, groups: readonly { readonly name: string; readonly items: readonly ({ readonly label: string } & IntervalPoint)[] }[], note = ''): string {
  const labels = [...new Set(groups.flatMap((g) => g.items.map((i) => i.label)))];
  const finite = groups.flatMap((g) => g.items.flatMap((i) => [i.value, i.lo, i.hi])).filter(Number.isFinite);
  const reach = Math.max(1, ...finite.map(Math.abs));
  const ticks = niceTicks(-reach, reach, 6);
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1;
  const [lo, hi] = [ticks[0]!, ticks[ticks.length - 1]!];
  const pw = 420;
  const rowH = 22;
  const ph = labels.length * rowH + 62;
  // Room for the longest row label (about 6.5 px a character at 11 px).
  const ox = Math.max(160, Math.ceil(Math.max(0, ...labels.map((l) => l.length)) * 6.5) + 16);
  const width = pw + ox + 30;
  const height = groups.length * ph + 60;
  const X = (v: number): number => ox + ((v - lo) / (hi - lo || 1)) * (pw - 20);
  const body: string[] = note ? [svgText(width / 2, 36, note, { anchor: 'middle', fill: '#555' })] : [];
  groups.forEach((g, gi) => {
    const oy = 60 + gi * ph;
    const h = labels.length * rowH;
    body.push(svgText(ox, oy - 8, g.name, { size: 12 }));
    for (const t of ticks) body.push(`<line x1="${f(X(t))}" x2="${f(X(t))}" y1="${oy}" y2="${oy + h + 4}" stroke="${t === 0 ? '#555' : '#e3e7ed'}"${t === 0 ? ' stroke-dasharray="4 3"' : ''}/>`, svgText(X(t), oy + h + 15, tickLabel(t, step), { anchor: 'middle', size: 10 }));
    body.push(`<rect class="plot-area" x="${ox}" y="${oy}" width="${pw - 20}" height="${h}" fill="none" stroke="#999"/>`);
    body.push(svgText(ox + (pw - 20) / 2, oy + h + 30, axis, { anchor: 'middle', fill: '#444' }));
    labels.forEach((label, li) => {
      const y = oy + li * rowH + rowH / 2;
      const stroke = colour(li);
      body.push(svgText(ox - 8, y + 4, label, { anchor: 'end' }));
      const item = g.items.find((i) => i.label === label);
      if (!item || !Number.isFinite(item.value)) return;
      if (Number.isFinite(item.lo) && Number.isFinite(item.hi)) body.push(`<path d="M${f(X(item.lo))} ${f(y)}H${f(X(item.hi))}M${f(X(item.lo))} ${f(y - 4)}v8M${f(X(item.hi))} ${f(y - 4)}v8" stroke="${stroke}" stroke-width="2" fill="none"/>`);
      body.push(`<circle cx="${f(X(item.value))}" cy="${f(y)}" r="4" fill="${stroke}"><title>${esc(`${label} ${g.name}: ${item.value.toFixed(1)} [${item.lo.toFixed(1)}, ${item.hi.toFixed(1)}]`)}</title></circle>`);
    });
  });
  return svgDoc(width, height, title, body);
}

