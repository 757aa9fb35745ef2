/** Tournaments, curves and sweeps: a list of every such job, and a page per job with its tables and plots. */
import { api, fileUrl, type Job } from './api.js';
import { fmt, h, table } from './dom.js';
import { ProgressChart } from './progress-chart.js';

const PLURAL: Record<string, string> = { tournament: 'tournaments', curve: 'curves', sweep: 'sweeps', match: 'matches' };

/** Renders the list of tournaments, curves and sweeps into `root`. */
export function jobsPage(root: HTMLElement): () => void {
  root.append(h('h1', {}, 'Tournaments, curves and sweeps'));
  void api<Job[]>('/api/jobs').then((jobs) => {
    const rows = jobs.filter((j) => j.kind !== 'match').map((j) => [h('a', { href: `#/job/${PLURAL[j.kind] ?? `${j.kind}s`}/${j.id}`, 'data-testid': 'job-link' }, j.id), j.kind, j.status, j.createdAt]);
    root.append(table(['job', 'kind', 'status', 'created'], rows, 'jobs-table'));
  });
  return () => undefined;
}

interface Standings {
  readonly ratings?: { rank: number; agent: string; rating: number | null; lo: number | null; hi: number | null; games: number; wins: number; draws: number; losses: number; meanProgress: number | null }[];
  readonly lineUps?: { agents: string[]; games: number; wins: number; draws: number; losses: number; meanProgress: (number | null)[] }[];
}

interface CurveFile {
  readonly rounds?: { round: number; source: string; mean?: number; episodes: { score: number }[] }[];
}

/** A table of sweep-like rows: any array of flat objects in the result. */
function genericTables(result: Record<string, unknown>): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const [key, value] of Object.entries(result)) {
    if (!Array.isArray(value) || value.length === 0 || typeof value[0] !== 'object') continue;
    const rows = value as Record<string, unknown>[];
    const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    out.push(h('h2', {}, key), table(cols, rows.map((r) => cols.map((c) => (typeof r[c] === 'number' ? (r[c]) : JSON.stringify(r[c] ?? '')))), `table-${key}`));
  }
  return out;
}

/** Renders one tournament, curve or sweep with its tables and plots into `root`. */
export function jobPage(root: HTMLElement, plural: string, id: string): () => void {
  root.append(h('h1', {}, id));
  const load = async (): Promise<void> => {
    const job = await api<Job>(`/api/${plural}/${id}`);
    root.append(h('p', { 'data-testid': 'job-status' }, `${job.kind}: ${job.status}${job.error ? ` (${job.error.code}: ${job.error.message})` : ''}`));
    if (job.kind === 'tournament') {
      const s = await api<Standings>(`/api/${plural}/${id}/files/standings.json`).catch(() => undefined);
      if (!s) return void root.append(h('p', {}, 'no standings yet'));
      root.append(h('h2', {}, 'Ratings'), table(['rank', 'agent', 'rating', '95% low', '95% high', 'games', 'wins', 'draws', 'losses', 'mean progress'], (s.ratings ?? []).map((r) => [r.rank, r.agent, r.rating ?? NaN, r.lo ?? NaN, r.hi ?? NaN, r.games, r.wins, r.draws, r.losses, r.meanProgress ?? NaN]), 'standings-table'));
      root.append(h('h2', {}, 'Line-ups'), table(['agents', 'games', 'wins', 'draws', 'losses', 'mean progress'], (s.lineUps ?? []).map((r) => [r.agents.join(' vs '), r.games, r.wins, r.draws, r.losses, r.meanProgress.map((m) => (m === null ? '-' : fmt(m))).join(' / ')]), 'lineups-table'));
    } else if (job.kind === 'curve') {
      const c = await api<CurveFile>(`/api/${plural}/${id}/files/curve/curve.json`).catch(() => undefined);
      if (!c) return void root.append(h('p', {}, 'no rounds yet'));
      const rounds = c.rounds ?? [];
      root.append(h('h2', {}, 'Rounds'), table(['round', 'skill from', 'episodes', 'mean score'], rounds.map((r) => [r.round, r.source, r.episodes.length, r.mean ?? NaN]), 'curve-table'));
      const chart = new ProgressChart('Mean score per round');
      root.append(chart.el);
      for (const r of rounds) if (r.mean !== undefined) chart.add(r.round * 1000, [{ slot: 0, progress: r.mean }]);
    } else if (job.result) {
      root.append(...genericTables(job.result));
      const plots = Array.isArray(job.result.plots) ? job.result.plots.filter((p): p is string => typeof p === 'string') : [];
      if (plots.length > 0) root.append(h('h2', {}, 'Plots'), ...plots.map((p) => h('img', { class: 'plot', src: fileUrl(`/api/${plural}/${id}/${p}`), alt: p, 'data-testid': 'job-plot' })));
    }
  };
  void load().catch((err: Error) => root.append(h('p', { class: 'error' }, err.message)));
  return () => undefined;
}
