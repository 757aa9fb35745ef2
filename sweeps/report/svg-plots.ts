/**
 * The report's plots as SVG text (the web page shows these, the report writes them as PNG too): mean progress
 * against charged latency per game, and PDQ vs LCRT bars per agent; every mean with its 95% interval as an error
 * bar and its episode count, axes with nice ticks and labels with units.
 */
import type { CellRow, SweepTables } from './aggregate.js';
import type { ArmsRow } from './arms-decomposition.js';
import { colour, drawAxes, errorBar, esc, intervalPlotSvg, legend, svgDoc, svgText } from '../../plots/index.js';

const f = (x: number): string => x.toFixed(1);

/** The highest point a cell's error bar reaches. */
const top = (c: CellRow): number => (Number.isFinite(c.meanProgress) ? c.meanProgress + (Number.isFinite(c.ci95) ? c.ci95 : 0) : 0);
const tip = (c: CellRow, what: string): string => `<title>${esc(`${what}: ${c.meanProgress.toFixed(3)} +- ${(Number.isFinite(c.ci95) ? c.ci95 : 0).toFixed(3)} (95% interval, n = ${c.episodes})`)}</title>`;

/** One panel per game: mean progress (y) against mean charged latency (x) of each lcrt cell, a line per agent with error bars; pdq as a dashed level. */
export function scoreVsLatencySvg(t: SweepTables): string {
  const games = [...new Set(t.cells.map((c) => c.game))];
  const agents = [...new Set(t.cells.map((c) => c.agent))];
  const pw = 330;
  const ph = 250;
  const cols = Math.min(3, Math.max(1, games.length));
  const rows = Math.ceil(games.length / cols);
  const width = cols * pw + 150;
  const height = rows * ph + 50;
  const body: string[] = [];
  games.forEach((game, gi) => {
    const ox = 70 + (gi % cols) * pw;
    const oy = 56 + Math.floor(gi / cols) * ph;
    const mine = t.cells.filter((c) => c.game === game);
    const lcrt = mine.filter((c) => c.clock === 'lcrt');
    const box = { x0: ox, y0: oy, x1: ox + pw - 90, y1: oy + ph - 80 };
    const { X, Y, svg } = drawAxes(box, { lo: 0, hi: Math.max(1, ...lcrt.map((c) => c.meanChargedMs)), label: 'charged latency per decision (ms)' }, { lo: 0, hi: Math.min(1, Math.max(0.05, ...mine.map(top))), label: 'mean progress (0..1)' });
    body.push(svgText((box.x0 + box.x1) / 2, oy - 8, game, { anchor: 'middle', size: 12 }), ...svg);
    agents.forEach((agent, ai) => {
      const stroke = colour(ai);
      const pts = lcrt.filter((c) => c.agent === agent && Number.isFinite(c.meanProgress)).sort((a, b) => a.meanChargedMs - b.meanChargedMs);
      if (pts.length > 1) body.push(`<polyline fill="none" stroke="${stroke}" stroke-width="2" points="${pts.map((c) => `${f(X(c.meanChargedMs))},${f(Y(c.meanProgress))}`).join(' ')}"/>`);
      for (const c of pts) {
        if (Number.isFinite(c.ci95) && c.ci95 > 0) body.push(errorBar(X(c.meanChargedMs), c.meanProgress - c.ci95, c.meanProgress + c.ci95, Y, stroke));
        body.push(`<circle cx="${f(X(c.meanChargedMs))}" cy="${f(Y(c.meanProgress))}" r="3.5" fill="${stroke}">${tip(c, `${agent} lcrt ${c.latency}`)}</circle>`);
      }
      const pdq = mine.find((c) => c.agent === agent && c.clock === 'pdq');
      if (pdq && Number.isFinite(pdq.meanProgress)) body.push(`<line x1="${box.x0}" x2="${box.x1}" y1="${f(Y(pdq.meanProgress))}" y2="${f(Y(pdq.meanProgress))}" stroke="${stroke}" stroke-dasharray="5 3" stroke-width="1.5">${tip(pdq, `${agent} pdq`)}</line>`);
    });
    const n = [...new Set(mine.map((c) => c.episodes))];
    body.push(svgText(box.x1, box.y1 + 44, `n = ${n.join(', ')} episodes per point; bars: 95% interval`, { anchor: 'end', size: 9, fill: '#666' }));
  });
  body.push(...legend(agents, width - 130, 64), svgText(width - 130, 64 + agents.length * 16, 'dashed: pdq', { fill: '#555' }));
  return svgDoc(width, height, 'Mean progress against charged latency (lcrt); dashed: pdq', body);
}

/** Grouped bars per agent: for each game, pdq then each lcrt latency, each with its 95% interval and n. */
export function pdqVsLcrtSvg(t: SweepTables): string {
  const agents = [...new Set(t.cells.map((c) => c.agent))];
  const conditions = [...new Set(t.cells.map((c) => (c.clock === 'pdq' ? 'pdq' : `lcrt ${c.latency}`)))].sort((a, b) => (a === 'pdq' ? -1 : b === 'pdq' ? 1 : 0));
  const games = [...new Set(t.cells.map((c) => c.game))];
  const bar = 34;
  const group = conditions.length * bar + 30;
  const pw = Math.max(300, games.length * group + 40);
  const ph = 250;
  const width = pw + 220;
  const height = agents.length * ph + 50;
  const yHi = Math.min(1, Math.max(0.05, ...t.cells.map(top)));
  const body: string[] = [];
  agents.forEach((agent, ai) => {
    const ox = 70;
    const oy = 56 + ai * ph;
    const box = { x0: ox, y0: oy, x1: ox + pw - 20, y1: oy + ph - 90 };
    const { Y, svg } = drawAxes(box, { lo: 0, hi: 1, label: 'game', categorical: true }, { lo: 0, hi: yHi, label: 'mean progress (0..1)' });
    body.push(svgText(ox, oy - 10, agent, { size: 12 }), ...svg);
    games.forEach((game, gi) => {
      const gx = ox + 20 + gi * group;
      conditions.forEach((cond, ci) => {
        const c = t.cells.find((x) => x.agent === agent && x.game === game && (cond === 'pdq' ? x.clock === 'pdq' : x.clock === 'lcrt' && `lcrt ${x.latency}` === cond));
        if (!c || !Number.isFinite(c.meanProgress)) return;
        const x = gx + ci * bar;
        const y = Y(Math.max(0, c.meanProgress));
        body.push(`<rect x="${x}" y="${f(y)}" width="${bar - 6}" height="${f(box.y1 - y)}" fill="${colour(ci)}">${tip(c, `${agent} ${game} ${cond}`)}</rect>`);
        if (Number.isFinite(c.ci95) && c.ci95 > 0) body.push(errorBar(x + (bar - 6) / 2, Math.max(0, c.meanProgress - c.ci95), c.meanProgress + c.ci95, Y));
        body.push(svgText(x + (bar - 6) / 2, Y(top(c)) - 4, `n=${c.episodes}`, { anchor: 'middle', size: 9, fill: '#555' }));
      });
      body.push(svgText(gx + (conditions.length * bar) / 2 - 3, box.y1 + 16, game, { anchor: 'middle', size: 11 }));
    });
  });
  body.push(...legend(conditions, width - 190, 64), svgText(width - 190, 64 + conditions.length * 16, 'bars: 95% interval', { fill: '#555' }));
  return svgDoc(width, height, 'Mean progress per agent and game: pdq vs lcrt', body);
}

/** A sweep's speed-or-skill decomposition: a panel per component, a row per agent x game x latency, each with its bootstrap interval. */
export function armsPlotSvg(rows: readonly ArmsRow[]): string {
  const label = (r: ArmsRow): string => `${r.agent} ${r.game} ${r.latency}${r.matchedArm === 'matched' ? '' : ` ${r.matchedArm}`}`;
  const n = [...new Set(rows.map((r) => r.episodes))].sort((a, b) => a - b);
  return intervalPlotSvg(
    'speed or skill: mean progress components, 95% bootstrap intervals',
    'component of mean progress (0..1)',
    [
      { name: 'skill (pdq)', items: rows.map((r) => ({ label: label(r), ...r.skill })) },
      { name: 'cost of reacting (matched - pdq)', items: rows.map((r) => ({ label: label(r), ...r.reacting })) },
      { name: 'speed advantage (lcrt - matched)', items: rows.map((r) => ({ label: label(r), ...r.speed })) },
    ],
    `n = ${n.join(' or ')} ${n.length === 1 && n[0] === 1 ? 'episode' : 'episodes'} under every arm`,
  );
}
