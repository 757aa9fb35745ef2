/** The report's plots as SVG text: score against charged latency per game, and PDQ vs LCRT bars per agent. */
import type { SweepTables } from './aggregate.js';

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const f = (x: number): string => x.toFixed(1);

function frame(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${width / 2}" y="18" text-anchor="middle" font-size="14">${esc(title)}</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function legend(agents: readonly string[], x: number, y: number): string[] {
  return agents.flatMap((a, i) => [`<rect x="${x}" y="${y + i * 16 - 9}" width="10" height="10" fill="${COLOURS[i % COLOURS.length]}"/>`, `<text x="${x + 14}" y="${y + i * 16}">${esc(a)}</text>`]);
}

/** One panel per game: mean progress (y, 0..1) against mean charged latency (x) of each lcrt cell, a line per agent; pdq as a dashed level. */
export function scoreVsLatencySvg(t: SweepTables): string {
  const games = [...new Set(t.cells.map((c) => c.game))];
  const agents = [...new Set(t.cells.map((c) => c.agent))];
  const pw = 260;
  const ph = 190;
  const cols = Math.min(3, Math.max(1, games.length));
  const rows = Math.ceil(games.length / cols);
  const width = cols * pw + 120;
  const height = rows * ph + 40;
  const body: string[] = [];
  games.forEach((game, gi) => {
    const ox = 50 + (gi % cols) * pw;
    const oy = 40 + Math.floor(gi / cols) * ph;
    const w = pw - 70;
    const h = ph - 60;
    const lcrt = t.cells.filter((c) => c.game === game && c.clock === 'lcrt');
    const maxX = Math.max(1, ...lcrt.map((c) => c.meanChargedMs));
    const X = (ms: number): number => ox + (ms / maxX) * w;
    const Y = (p: number): number => oy + h - Math.max(0, Math.min(1, p)) * h;
    body.push(`<text x="${ox + w / 2}" y="${oy - 6}" text-anchor="middle" font-size="12">${esc(game)}</text>`);
    body.push(`<rect x="${ox}" y="${oy}" width="${w}" height="${h}" fill="none" stroke="#999"/>`);
    body.push(`<text x="${ox - 6}" y="${oy + 4}" text-anchor="end">1</text><text x="${ox - 6}" y="${oy + h + 4}" text-anchor="end">0</text>`);
    body.push(`<text x="${ox}" y="${oy + h + 16}">0</text><text x="${ox + w}" y="${oy + h + 16}" text-anchor="end">${Math.round(maxX)} ms</text>`);
    body.push(`<text x="${ox + w / 2}" y="${oy + h + 30}" text-anchor="middle" fill="#555">charged latency per decision</text>`);
    agents.forEach((agent, ai) => {
      const colour = COLOURS[ai % COLOURS.length]!;
      const pts = lcrt.filter((c) => c.agent === agent && Number.isFinite(c.meanProgress)).sort((a, b) => a.meanChargedMs - b.meanChargedMs);
      if (pts.length > 0) body.push(`<polyline fill="none" stroke="${colour}" stroke-width="2" points="${pts.map((c) => `${f(X(c.meanChargedMs))},${f(Y(c.meanProgress))}`).join(' ')}"/>`);
      for (const c of pts) body.push(`<circle cx="${f(X(c.meanChargedMs))}" cy="${f(Y(c.meanProgress))}" r="3" fill="${colour}"/>`);
      const pdq = t.cells.find((c) => c.game === game && c.agent === agent && c.clock === 'pdq');
      if (pdq && Number.isFinite(pdq.meanProgress)) body.push(`<line x1="${ox}" x2="${ox + w}" y1="${f(Y(pdq.meanProgress))}" y2="${f(Y(pdq.meanProgress))}" stroke="${colour}" stroke-dasharray="4 3"/>`);
    });
  });
  body.push(...legend(agents, width - 110, 50), `<text x="${width - 110}" y="${50 + agents.length * 16}" fill="#555">dashed: pdq</text>`);
  return frame(width, height, 'mean progress against charged latency (lcrt); dashed: pdq', body);
}

/** Grouped bars per agent: for each game, pdq then each lcrt latency. */
export function pdqVsLcrtSvg(t: SweepTables): string {
  const agents = [...new Set(t.cells.map((c) => c.agent))];
  const conditions = [...new Set(t.cells.map((c) => (c.clock === 'pdq' ? 'pdq' : `lcrt ${c.latency}`)))].sort((a, b) => (a === 'pdq' ? -1 : b === 'pdq' ? 1 : 0));
  const games = [...new Set(t.cells.map((c) => c.game))];
  const bar = 10;
  const group = conditions.length * bar + 14;
  const pw = Math.max(220, games.length * group + 60);
  const ph = 200;
  const width = pw + 170;
  const height = agents.length * ph + 40;
  const body: string[] = [];
  agents.forEach((agent, ai) => {
    const ox = 50;
    const oy = 40 + ai * ph;
    const h = ph - 70;
    body.push(`<text x="${ox}" y="${oy - 6}" font-size="12">${esc(agent)}</text>`);
    body.push(`<line x1="${ox}" x2="${ox + pw - 40}" y1="${oy + h}" y2="${oy + h}" stroke="#999"/><line x1="${ox}" x2="${ox}" y1="${oy}" y2="${oy + h}" stroke="#999"/>`);
    body.push(`<text x="${ox - 6}" y="${oy + 4}" text-anchor="end">1</text><text x="${ox - 6}" y="${oy + h + 4}" text-anchor="end">0</text>`);
    games.forEach((game, gi) => {
      const gx = ox + 8 + gi * group;
      conditions.forEach((cond, ci) => {
        const c = t.cells.find((x) => x.agent === agent && x.game === game && (cond === 'pdq' ? x.clock === 'pdq' : x.clock === 'lcrt' && `lcrt ${x.latency}` === cond));
        if (!c || !Number.isFinite(c.meanProgress)) return;
        const bh = Math.max(0, Math.min(1, c.meanProgress)) * h;
        body.push(`<rect x="${gx + ci * bar}" y="${f(oy + h - bh)}" width="${bar - 1}" height="${f(bh)}" fill="${COLOURS[ci % COLOURS.length]}"><title>${esc(`${agent} ${game} ${cond}: ${c.meanProgress.toFixed(3)}`)}</title></rect>`);
      });
      body.push(`<text transform="translate(${gx + 2},${oy + h + 10}) rotate(35)" font-size="9">${esc(game)}</text>`);
    });
  });
  body.push(...legend(conditions, width - 160, 50));
  return frame(width, height, 'mean progress per agent and game: pdq vs lcrt', body);
}

/** One estimate of an interval plot: a point with its interval. */
export interface IntervalPoint {
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * A panel per group (e.g. a component of a rating), a row per item (e.g. an agent): each estimate a dot with
 * its interval as a bar, over a shared x axis with a line at 0, so an interval that crosses 0 shows at once.
 */
export function intervalPlotSvg(title: string, unit: string, groups: readonly { readonly name: string; readonly items: readonly ({ readonly label: string } & IntervalPoint)[] }[]): string {
  const labels = [...new Set(groups.flatMap((g) => g.items.map((i) => i.label)))];
  const finite = groups.flatMap((g) => g.items.flatMap((i) => [i.value, i.lo, i.hi])).filter(Number.isFinite);
  const span = Math.max(1, ...finite.map(Math.abs)) * 1.1;
  const pw = 420;
  const rowH = 22;
  const ph = labels.length * rowH + 50;
  const width = pw + 190;
  const height = groups.length * ph + 50;
  const ox = 160;
  const X = (v: number): number => ox + ((v + span) / (2 * span)) * (pw - 20);
  const body: string[] = [];
  groups.forEach((g, gi) => {
    const oy = 44 + gi * ph;
    const h = labels.length * rowH;
    body.push(`<text x="${ox}" y="${oy - 8}" font-size="12">${esc(g.name)}</text>`);
    body.push(`<rect x="${ox}" y="${oy}" width="${pw - 20}" height="${h}" fill="none" stroke="#999"/>`);
    body.push(`<line x1="${f(X(0))}" x2="${f(X(0))}" y1="${oy}" y2="${oy + h}" stroke="#555" stroke-dasharray="4 3"/>`);
    body.push(`<text x="${ox}" y="${oy + h + 14}">${f(-span)}</text><text x="${f(X(0))}" y="${oy + h + 14}" text-anchor="middle">0</text><text x="${ox + pw - 20}" y="${oy + h + 14}" text-anchor="end">${f(span)} ${esc(unit)}</text>`);
    labels.forEach((label, li) => {
      const y = oy + li * rowH + rowH / 2;
      const colour = COLOURS[li % COLOURS.length]!;
      body.push(`<text x="${ox - 8}" y="${f(y + 4)}" text-anchor="end">${esc(label)}</text>`);
      const item = g.items.find((i) => i.label === label);
      if (!item || !Number.isFinite(item.value)) return;
      if (Number.isFinite(item.lo) && Number.isFinite(item.hi)) body.push(`<line x1="${f(X(item.lo))}" x2="${f(X(item.hi))}" y1="${f(y)}" y2="${f(y)}" stroke="${colour}" stroke-width="3"/>`);
      body.push(`<circle cx="${f(X(item.value))}" cy="${f(y)}" r="4" fill="${colour}"><title>${esc(`${label} ${g.name}: ${item.value.toFixed(1)} [${item.lo.toFixed(1)}, ${item.hi.toFixed(1)}]`)}</title></circle>`);
    });
  });
  return frame(width, height, title, body);
}
