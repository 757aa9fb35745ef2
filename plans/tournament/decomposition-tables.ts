/** The decomposition of a tournament's ratings as a text table, CSV, JSON and an interval plot (SVG and PNG). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { intervalPlotSvg } from '../../plots/index.js';
import { COMPONENTS, type Decomposition, type Estimate } from './decomposition.js';
import { csv, table } from './tables.js';

const fixed = (v: number): string => (Number.isFinite(v) ? v.toFixed(0) : '-');
const cell = (e: Estimate | undefined): string => (e === undefined ? '' : `${fixed(e.value)} [${fixed(e.lo)}, ${fixed(e.hi)}]`);

/** The components any agent has, in their fixed order. */
const present = (d: Decomposition): (typeof COMPONENTS)[number][] => COMPONENTS.filter((c) => d.agents.some((a) => a.components[c.name] !== undefined));

/** Ratings per arm, then each agent's components and every pair's differences, as text. */
export function formatDecomposition(d: Decomposition): string {
  const comps = present(d);
  const ratings = table(['agent', ...d.arms.map((a) => `${a} rating [95%]`)], d.agents.map((a) => [a.agent, ...d.arms.map((arm) => cell(a.arms[arm]))]));
  const parts = table(['agent', ...comps.map((c) => c.label)], d.agents.map((a) => [a.agent, ...comps.map((c) => cell(a.components[c.name]))]));
  const pairs = table(['a - b', ...comps.map((c) => c.label)], d.pairs.map((p) => [`${p.a} - ${p.b}`, ...comps.map((c) => cell(p.components[c.name]))]));
  return `${ratings}\n\n${parts}\n\n${pairs}\n\n${d.method}\n`;
}

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);
const json = (e: Estimate): Record<string, number | null> => ({ value: finite(e.value), lo: finite(e.lo), hi: finite(e.hi) });
const each = <T>(o: Partial<Record<string, T>>, fn: (v: T) => unknown): Record<string, unknown> => Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (v === undefined ? [] : [[k, fn(v)]])));

/** Writes decomposition.json, decomposition.csv (one row per agent or pair and component), decomposition.svg and .png into `outDir`. */
export async function writeDecomposition(outDir: string, d: Decomposition, meta: Readonly<Record<string, unknown>>): Promise<void> {
  const body = {
    ...meta,
    method: d.method,
    bootstrap: { episodes: d.episodes, samples: d.samples, seed: d.seed, level: d.level },
    agents: d.agents.map((a) => ({ agent: a.agent, arms: each(a.arms, json), components: each(a.components, json) })),
    pairs: d.pairs.map((p) => ({ a: p.a, b: p.b, components: each(p.components, json) })),
  };
  writeFileSync(join(outDir, 'decomposition.json'), `${JSON.stringify(body, null, 2)}\n`);
  const rows: (string | number)[][] = [['who', 'measure', 'value', 'ci_low', 'ci_high']];
  for (const a of d.agents) {
    for (const [arm, e] of Object.entries(a.arms)) rows.push([a.agent, `rating_${arm}`, e.value, e.lo, e.hi]);
    for (const c of COMPONENTS) {
      const e = a.components[c.name];
      if (e) rows.push([a.agent, c.name, e.value, e.lo, e.hi]);
    }
  }
  for (const p of d.pairs) {
    for (const c of COMPONENTS) {
      const e = p.components[c.name];
      if (e) rows.push([`${p.a} - ${p.b}`, c.name, e.value, e.lo, e.hi]);
    }
  }
  writeFileSync(join(outDir, 'decomposition.csv'), csv(rows));
  const svg = intervalPlotSvg(
    'speed or skill: rating components per agent, 95% bootstrap intervals',
    'rating component (Elo)',
    present(d).map((c) => ({ name: c.label, items: d.agents.flatMap((a) => (a.components[c.name] ? [{ label: a.agent, ...a.components[c.name]! }] : [])) })),
    `n = ${d.episodes} ${d.episodes === 1 ? 'episode' : 'episodes'} under every arm, ${d.samples} bootstrap resamples`,
  );
  writeFileSync(join(outDir, 'decomposition.svg'), svg);
  await sharp(Buffer.from(svg)).png().toFile(join(outDir, 'decomposition.png'));
}
