/**
 * A tournament played under several fairness arms (`arena tournament --arms`): its decomposition.json as
 * tables (each agent's rating under every arm, its skill / cost of reacting / speed advantage, every pair's
 * difference, each with its 95% interval) and the interval plot `arena tournament` writes (decomposition.svg).
 */
import { fileUrl } from './api.js';
import type { TableColumn, TableDoc } from '../../protocol/table-format.js';
import { h } from './dom.js';
import { tableView } from './table-view.js';

interface Estimate {
  readonly value: number | null;
  readonly lo: number | null;
  readonly hi: number | null;
}

/** decomposition.json as `arena tournament --arms` writes it. */
export interface DecompositionFile {
  readonly method?: string;
  readonly bootstrap?: { readonly episodes: number; readonly samples: number; readonly level: number };
  readonly agents: readonly { readonly agent: string; readonly arms: Readonly<Record<string, Estimate>>; readonly components: Readonly<Record<string, Estimate>> }[];
  readonly pairs: readonly { readonly a: string; readonly b: string; readonly components: Readonly<Record<string, Estimate>> }[];
}

/** The components in their fixed order, as docs/pvp-fairness.md names them. */
const COMPONENTS: readonly [string, string][] = [
  ['skill', 'skill (pdq)'],
  ['reacting', 'cost of reacting (matched - pdq)'],
  ['speed', 'speed advantage (lcrt - matched)'],
];

const num = (v: number | null): string => (v === null ? '\u2014' : v.toFixed(0));
/** An estimate as `280 (250 to 310)` (bootstrap intervals are not symmetric), or an em dash. */
const cell = (e: Estimate | undefined): string | null => (e === undefined || e.value === null ? null : `${num(e.value)} (${num(e.lo)} to ${num(e.hi)})`);
const col = (header: string): TableColumn => ({ header, unit: 'Elo, 95% interval', kind: 'text' });

/** The decomposition's tables and plot; `base` is the job's API path (`/api/tournaments/ID`). */
export function decompositionView(d: DecompositionFile, base: string, plot: string | undefined): HTMLElement {
  const arms = [...new Set(d.agents.flatMap((a) => Object.keys(a.arms)))];
  const comps = COMPONENTS.filter(([name]) => d.agents.some((a) => a.components[name] !== undefined));
  const ratings: TableDoc = { title: 'Rating under each arm', columns: [{ header: 'agent', kind: 'text' }, ...arms.map((arm) => col(`${arm} rating`))], rows: d.agents.map((a) => [a.agent, ...arms.map((arm) => cell(a.arms[arm]))]) };
  const parts: TableDoc = { title: 'Speed or skill: each agent\u2019s components', columns: [{ header: 'agent', kind: 'text' }, ...comps.map(([, label]) => col(label))], rows: d.agents.map((a) => [a.agent, ...comps.map(([name]) => cell(a.components[name]))]) };
  const pairs: TableDoc = { title: 'Differences between agents (a - b)', columns: [{ header: 'a - b', kind: 'text' }, ...comps.map(([, label]) => col(label))], rows: d.pairs.map((p) => [`${p.a} - ${p.b}`, ...comps.map(([name]) => cell(p.components[name]))]) };
  const n = d.bootstrap ? `${d.bootstrap.episodes} ${d.bootstrap.episodes === 1 ? 'episode' : 'episodes'} under every arm, ${d.bootstrap.samples} bootstrap resamples` : '';
  return h(
    'section',
    { 'data-testid': 'decomposition' },
    h('h2', {}, 'Speed or skill'),
    h('p', { class: 'note', 'data-testid': 'decomposition-n' }, n),
    plot ? h('img', { class: 'plot', src: fileUrl(`${base}/${plot}`), alt: 'rating components per agent with 95% intervals', 'data-testid': 'decomposition-plot' }) : '',
    tableView(parts, 'decomposition-components'),
    tableView(pairs, 'decomposition-pairs'),
    tableView(ratings, 'decomposition-ratings'),
    d.method ? h('p', { class: 'note' }, d.method) : '',
  );
}
