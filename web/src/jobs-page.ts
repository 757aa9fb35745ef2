/** Tournaments, curves and sweeps: a list of every such job, and a page per job with its tables and plots. */
import { api, fileUrl, type Job } from './api.js';
import { intervalPlotSvg, meanCi } from '../../plots/index.js';
import { SCORE_MEASURES } from '../../protocol/score-measure.js';
import { inferTable, type TableDoc } from '../../protocol/table-format.js';
import { decompositionView, type DecompositionFile } from './decomposition-view.js';
import { h } from './dom.js';
import { jobGames, jobSummary, jobWhat } from './job-summary.js';
import { tableView } from './table-view.js';

const PLURAL: Record<string, string> = { tournament: 'tournaments', curve: 'curves', transfer: 'transfers', sweep: 'sweeps', match: 'matches', boards: 'boards', watch: 'watches', cases: 'cases' };

/** A job kind's plural as the API writes it, from either form (`#/job/sweep/ID` and `#/job/sweeps/ID` both open). */
export function pluralKind(kind: string): string {
  return PLURAL[kind] ?? (Object.values(PLURAL).includes(kind) ? kind : `${kind}s`);
}

/** Renders the list of tournaments, curves and sweeps into `root`. */
export function jobsPage(root: HTMLElement): () => void {
  root.append(h('h1', {}, 'Tournaments, curves and sweeps'));
  void api<Job[]>('/api/jobs').then((jobs) => {
    const listed = jobs.filter((j) => j.kind !== 'match').reverse();
    const doc: TableDoc = {
      title: '',
      columns: [{ header: 'job', kind: 'id' }, { header: 'kind', kind: 'text' }, { header: 'game', kind: 'text' }, { header: 'what was run', kind: 'text' }, { header: 'status', kind: 'text' }, { header: 'created (UTC)', kind: 'date' }],
      rows: listed.map((j) => [j.id, j.kind, jobGames(j.config ?? {}), jobSummary(j), j.status, j.createdAt]),
    };
    root.append(tableView(doc, 'jobs-table', { 0: { href: (i) => `#/job/${pluralKind(listed[i]!.kind)}/${listed[i]!.id}`, testid: 'job-link' } }));
  });
  return () => undefined;
}

interface Standings {
  readonly ratings?: { rank: number; agent: string; rating: number | null; lo: number | null; hi: number | null; games: number; wins: number; draws: number; losses: number; meanProgress: number | null }[];
  readonly lineUps?: { agents: string[]; games: number; wins: number; draws: number; losses: number; meanProgress: (number | null)[] }[];
  /** `benchmark` under the omnigamearena profile: every meanProgress is the benchmark's raw score. */
  readonly measure?: 'benchmark';
}

interface CurveFile {
  readonly rounds?: { round: number; source: string; mean?: number; episodes: { score: number }[]; reflection?: { outcome: string; keepReason?: string } }[];
  readonly settings?: { readonly match?: { readonly profile?: string } };
  readonly best?: { readonly round: number; readonly mean: number };
  readonly stop?: { readonly reason: string; readonly round: number };
  readonly transfer?: { readonly variants?: readonly { variant: string; gain?: number }[] };
}

/** A job's result in one line, prominent above its tables. */
const headline = (text: string): HTMLElement => h('section', { class: 'result complete', 'data-testid': 'job-result' }, h('div', { class: 'result-head' }, text));

const isDoc = (v: unknown): v is TableDoc => typeof v === 'object' && v !== null && Array.isArray((v as TableDoc).columns) && Array.isArray((v as TableDoc).rows);

/** A result's tables: the ones it carries with their columns (`tableDocs`), else one per array of flat objects, named from their keys. */
function resultTables(result: Record<string, unknown>): HTMLElement[] {
  const docs = Array.isArray(result.tableDocs) ? result.tableDocs.filter(isDoc) : [];
  if (docs.length > 0) return docs.map((d, i) => tableView(d, `table-${d.id ?? i}`));
  const out: HTMLElement[] = [];
  for (const [key, value] of Object.entries(result)) {
    if (!Array.isArray(value) || value.length === 0 || typeof value[0] !== 'object') continue;
    out.push(tableView(inferTable(key, value as Record<string, unknown>[]), `table-${key}`));
  }
  return out;
}

/** Renders one tournament, curve or sweep with its tables and plots into `root`. */
export function jobPage(root: HTMLElement, kind: string, id: string): () => void {
  const plural = pluralKind(kind);
  root.append(h('h1', { title: id }, id));
  const load = async (): Promise<void> => {
    const job = await api<Job>(`/api/${plural}/${id}`);
    root.append(h('p', { 'data-testid': 'job-status' }, `${job.kind}: ${job.status}${job.error ? ` (${job.error.code}: ${job.error.message})` : ''}`), jobWhat(job));
    // Its episode runs, each opening as a replay.
    if (job.kind !== 'match') root.append(h('p', {}, h('a', { href: `#/runs?${new URLSearchParams({ job: id }).toString()}`, 'data-testid': 'job-runs-link' }, `its runs in the runs browser`)));
    if (job.kind === 'tournament' && typeof job.result?.decomposition === 'string') {
      // Played under several fairness arms: standings per arm (ARM/standings.json) and the decomposition.
      const d = await api<DecompositionFile>(`/api/${plural}/${id}/${job.result.decomposition}`);
      const plots = Array.isArray(job.result.plots) ? job.result.plots.filter((p): p is string => typeof p === 'string') : [];
      root.append(decompositionView(d, `/api/${plural}/${id}`, plots[0]));
    } else if (job.kind === 'tournament') {
      const s = await api<Standings>(`/api/${plural}/${id}/files/standings.json`).catch(() => undefined);
      if (!s) return void root.append(h('p', {}, 'no standings yet'));
      const ratings = s.ratings ?? [];
      const score = SCORE_MEASURES[s.measure ?? 'progress'].name;
      const range = (lo: number | null, hi: number | null): string | null => (lo === null || hi === null ? null : `${lo.toFixed(0)} \u2013 ${hi.toFixed(0)}`);
      const top = ratings.find((r) => r.rank === 1);
      if (top && job.status === 'complete') {
        const interval = range(top.lo, top.hi);
        root.append(headline(`Top: ${top.agent}, ${top.rating === null ? 'unrated' : `${top.rating.toFixed(0)} Elo`}${interval ? ` (95% ${interval})` : ''}, ${top.wins} of ${top.games} games won`));
      }
      root.append(
        tableView(
          {
            title: 'Ratings',
            columns: [{ header: 'rank', kind: 'count' }, { header: 'agent', kind: 'text' }, { header: 'rating', unit: 'Elo', kind: 'number', digits: 0 }, { header: '95% interval', unit: 'Elo', kind: 'text' }, { header: 'games', kind: 'count' }, { header: 'wins', kind: 'count' }, { header: 'draws', kind: 'count' }, { header: 'losses', kind: 'count' }, { header: `mean ${score}`, kind: 'number', digits: 3 }],
            rows: ratings.map((r) => [r.rank, r.agent, r.rating, range(r.lo, r.hi), r.games, r.wins, r.draws, r.losses, r.meanProgress]),
          },
          'standings-table',
        ),
      );
      // The ratings with their intervals, drawn (the table's numbers).
      const rated = ratings.filter((r) => r.rating !== null && r.lo !== null && r.hi !== null);
      if (rated.length > 0) {
        const svg = intervalPlotSvg('Elo rating per agent, 95% interval', 'rating (Elo)', [{ name: 'ratings', items: rated.map((r) => ({ label: r.agent, value: r.rating!, lo: r.lo!, hi: r.hi! })) }], `n = ${ratings.reduce((a, r) => a + r.games, 0) / 2} games`);
        const plot = h('div', { 'data-testid': 'standings-plot' });
        plot.innerHTML = svg;
        plot.firstElementChild?.classList.add('plot');
        root.append(h('h2', {}, 'Ratings drawn with their intervals'), plot);
      }
      root.append(
        tableView(
          {
            title: 'Line-ups',
            columns: [{ header: 'line-up', kind: 'text' }, { header: 'games', kind: 'count' }, { header: 'wins (first)', kind: 'count' }, { header: 'draws', kind: 'count' }, { header: 'losses (first)', kind: 'count' }, { header: `mean ${score} per slot`, kind: 'text' }],
            rows: (s.lineUps ?? []).map((r) => [r.agents.join(' vs '), r.games, r.wins, r.draws, r.losses, r.meanProgress.map((m) => (m === null ? '\u2014' : m.toFixed(3))).join(' / ')]),
          },
          'lineups-table',
        ),
      );
    } else if (job.kind === 'curve') {
      const c = await api<CurveFile>(`/api/${plural}/${id}/files/curve/curve.json`).catch(() => undefined);
      if (!c) return void root.append(h('p', {}, 'no rounds yet'));
      const rounds = c.rounds ?? [];
      // Under the omnigamearena profile an episode's score is the benchmark's own, raw and unclamped.
      const score = c.settings?.match?.profile === 'omnigamearena' ? `mean ${SCORE_MEASURES.benchmark.name}` : 'mean score';
      if (c.best && job.status === 'complete') {
        // Round 0 plays with no skill; each round after it plays the skill its reflection made (or kept).
        const last = rounds.length - 1;
        const played = c.stop?.reason === 'success' ? `; stopped at round ${c.stop.round}, which reached the success threshold` : last > 0 ? `; rounds 0-${last} played: the baseline and ${last} reflection${last === 1 ? '' : 's'}` : '; the baseline round only';
        const reflections = rounds.filter((r) => r.reflection !== undefined);
        const failed = reflections.filter((r) => r.reflection!.outcome !== 'accepted');
        const kept = failed.length === 0 ? '' : failed.length === reflections.length ? `; every reflection failed (${[...new Set(failed.map((r) => r.reflection!.keepReason ?? 'kept'))].join(', ')}): each round replayed the skill before it` : `; ${failed.length} of ${reflections.length} reflections failed (${[...new Set(failed.map((r) => r.reflection!.keepReason ?? 'kept'))].join(', ')})`;
        const gains = (c.transfer?.variants ?? []).filter((v) => v.gain !== undefined).map((v) => `${v.variant} ${v.gain! >= 0 ? '+' : ''}${v.gain!.toFixed(3)}`);
        root.append(headline(`Best: round ${c.best.round}, ${score} ${c.best.mean.toFixed(3)}${played}${kept}${gains.length > 0 ? `; held-out gain ${gains.join(', ')}` : ''}`));
      }
      root.append(
        tableView(
          {
            title: 'Rounds',
            columns: [{ header: 'round', kind: 'count' }, { header: 'skill from', kind: 'text' }, { header: 'reflection', kind: 'text', note: 'how the reflection that made this round\'s skill ended: accepted, or failed and the skill before it kept (why)' }, { header: 'episodes', kind: 'count' }, { header: score, unit: '95% CI', kind: 'interval', digits: 3, note: `${score === 'mean score' ? 'mean episode score' : `mean episode ${SCORE_MEASURES.benchmark.axis}`} with its 95% t-interval over the round's episodes (none for one episode), as curve.svg draws it` }],
            rows: rounds.map((r) => [r.round, r.source, r.reflection === undefined ? 'none (baseline)' : r.reflection.outcome === 'accepted' ? 'accepted' : `failed: ${r.reflection.keepReason ?? 'kept'}`, r.episodes.length, { ...meanCi(r.episodes.map((e) => e.score)), ...(r.mean === undefined ? {} : { mean: r.mean }) }]),
          },
          'curve-table',
        ),
      );
      // The plot arena curve writes beside curve.json (rewritten after each round).
      if (rounds.some((r) => r.mean !== undefined)) root.append(h('h2', {}, 'Curve'), h('img', { class: 'plot', src: fileUrl(`/api/${plural}/${id}/files/curve/curve.svg?rounds=${rounds.length}`), alt: 'curve.svg: mean score per round with 95% intervals', 'data-testid': 'curve-plot' }));
    } else if (job.result) {
      root.append(...resultTables(job.result));
      const plots = Array.isArray(job.result.plots) ? job.result.plots.filter((p): p is string => typeof p === 'string') : [];
      if (plots.length > 0) root.append(h('h2', {}, 'Plots'), ...plots.map((p) => h('img', { class: 'plot', src: fileUrl(`/api/${plural}/${id}/${p}`), alt: p, 'data-testid': 'job-plot' })));
    }
  };
  void load().catch((err: Error) => root.append(h('p', { class: 'error' }, err.message)));
  return () => undefined;
}
