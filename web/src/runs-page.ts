/**
 * The runs browser: every run, its own or a curve's or a sweep's episode, with its outcome, final progress and
 * score, model, clock, latency, start and duration; filtered by game, agent, clock, latency condition, variant,
 * status, curve, sweep, round and cell, the filter kept in the address (`#/runs?game=last_stand`) so a filtered
 * table can be linked and reloaded; each row opens its replay.
 */
import type { RunSummary } from '../../protocol/index.js';
import { endText, SCORE_MEASURES } from '../../protocol/score-measure.js';
import { withoutEmptyColumns, type TableDoc } from '../../protocol/table-format.js';
import { api } from './api.js';
import { h } from './dom.js';
import { tableView } from './table-view.js';

/** Where in its curve or sweep a run was played: the round (or held-out arm), or the cell. */
function where(r: RunSummary): string {
  if (r.round !== undefined) return `round ${r.round}`;
  if (r.phase === 'heldout') return `held-out ${r.arm ?? ''}`.trim();
  return r.cell ?? '';
}

/** What a reader wants first of a run: who won (or the episode class), else why it is incomplete. */
export function outcomeText(r: RunSummary): string {
  if (r.status !== 'complete') {
    // A failure's class and code are often one word twice (`aborted ABORTED`): said once.
    const words = (r.failure ?? '').split(' ').filter(Boolean);
    const failure = words.filter((w, i) => words.findIndex((x) => x.toLowerCase() === w.toLowerCase()) === i).join(' ');
    return `${r.status}${failure ? ` (${failure})` : ''}`;
  }
  const outcomes = (r.players ?? []).map((p) => p.outcome);
  const decided = outcomes.some((o) => o !== 'none');
  // No winner to name: the record's episode class (`budget`) is no word for a reader; how it ended sits under it.
  return decided ? outcomes.join(' / ') : r.episode === undefined || r.episode === 'finished' || r.episode === 'budget' ? 'complete' : `no result of play (${r.episode})`;
}

const perPlayer = (r: RunSummary, f: (p: NonNullable<RunSummary['players']>[number]) => number, digits: number): string | null => (r.players && r.players.length > 0 ? r.players.map((p) => f(p).toFixed(digits)).join(' / ') : null);

/** The runs as a table document. */
function runsTable(runs: readonly RunSummary[]): TableDoc {
  const bench = runs.some((r) => r.benchmark !== undefined);
  return {
    title: '',
    // Related values share a cell, the second under the first in smaller type, so every column fits at 1400 px.
    columns: [
      { header: 'run', kind: 'id', maxChars: 22, cut: 'start' },
      { header: 'game', kind: 'text' },
      { header: 'agents', kind: 'text' },
      { header: 'model', kind: 'text', under: true },
      { header: 'clock', kind: 'text' },
      { header: 'latency', kind: 'text', under: true },
      { header: 'outcome', kind: 'text', note: 'per agent win / loss / draw, else how the episode ended; an incomplete run says why' },
      { header: 'how it ended', kind: 'text', under: true },
      { header: 'progress', kind: 'text', note: 'final progress per agent, 0..1' },
      { header: 'score', kind: 'text', under: true },
      // Only where some run was played under the omnigamearena profile.
      ...(bench ? [{ header: SCORE_MEASURES.benchmark.name, kind: 'text' as const, note: "under --profile omnigamearena: the benchmark's own score per agent (a Coop team's once), raw and unclamped" }] : []),
      { header: 'stale frames', kind: 'share', note: 'share of the observations made on a stale frame (duplicate, near duplicate, late, cut short)' },
      { header: 'started (UTC)', kind: 'date' },
      { header: 'duration', unit: 'wall', kind: 'duration', under: true },
      { header: 'job', kind: 'id', maxChars: 20 },
      // A sweep's cell names its whole condition (`sky_duel.origin.lcrt.matched.9a53bf30`): shortened, as an id.
      { header: 'round / cell', kind: 'id', under: true, maxChars: 22 },
      { header: 'video', kind: 'text' },
    ],
    rows: runs.map((r) => [
      r.runId,
      r.variant && r.variant !== 'origin' ? `${r.game}/${r.variant}` : r.game,
      r.agents.join(', '),
      (r.models ?? []).filter(Boolean).join(', '),
      r.clock,
      r.latency.join(', '),
      outcomeText(r),
      r.reason === undefined ? null : endText(r.reason),
      perPlayer(r, (p) => p.progress, 3),
      perPlayer(r, (p) => p.score, 0),
      ...(bench ? [r.benchmark === undefined ? null : r.benchmark.map((x) => x.toFixed(3)).join(' / ')] : []),
      r.staleShare ?? null,
      r.startedAt,
      r.durationMs ?? null,
      // The id names its kind (`sweep-...`), so the cell is the id alone.
      r.job?.id ?? null,
      where(r),
      r.hasVideo ? 'yes' : null,
    ]),
  };
}

/** The runs browser's filter from the address (`#/runs?game=...`). */
function filterFromHash(): URLSearchParams {
  const i = location.hash.indexOf('?');
  return new URLSearchParams(i < 0 ? '' : location.hash.slice(i + 1));
}

/** Renders the runs browser into `root`. */
export function runsPage(root: HTMLElement): () => void {
  const fields = ['game', 'agent', 'clock', 'latency', 'variant', 'status', 'curve', 'sweep', 'job', 'round', 'cell'] as const;
  const initial = filterFromHash();
  // Each box offers the values the runs have (a list under it as one types), and says an example while empty.
  const lists = Object.fromEntries(fields.map((f) => [f, h('datalist', { id: `runs-${f}-values`, 'data-testid': `values-${f}` })])) as unknown as Record<(typeof fields)[number], HTMLElement>;
  const inputs = Object.fromEntries(fields.map((f) => [f, h('input', { name: f, placeholder: f, title: `runs whose ${f} is exactly this`, list: `runs-${f}-values`, value: initial.get(f) ?? '', 'data-testid': `filter-${f}` })])) as Record<(typeof fields)[number], HTMLInputElement>;
  const offer = (runs: readonly RunSummary[]): void => {
    const values: Record<(typeof fields)[number], (r: RunSummary) => readonly (string | number | undefined)[]> = {
      game: (r) => [r.game],
      agent: (r) => r.agents,
      clock: (r) => [r.clock],
      latency: (r) => r.latency,
      variant: (r) => [r.variant],
      status: (r) => [r.status],
      curve: (r) => [r.job?.kind === 'curve' ? r.job.id : undefined],
      sweep: (r) => [r.job?.kind === 'sweep' ? r.job.id : undefined],
      job: (r) => [r.job?.id],
      round: (r) => [r.round],
      cell: (r) => [r.cell],
    };
    for (const f of fields) {
      const seen = [...new Set(runs.flatMap((r) => values[f](r)).filter((v) => v !== undefined && v !== '').map(String))].sort();
      lists[f].replaceChildren(...seen.map((v) => h('option', { value: v })));
      inputs[f].placeholder = seen.length > 0 ? `${f}, e.g. ${seen[0]!.length > 14 ? `${seen[0]!.slice(0, 13)}\u2026` : seen[0]}` : f;
    }
  };
  const out = h('div', { 'data-testid': 'runs' });
  let latest = 0;
  const load = async (): Promise<void> => {
    const q = new URLSearchParams();
    for (const f of fields) if (inputs[f].value.trim()) q.set(f, inputs[f].value.trim());
    // The filter goes into the address without a new route (replaceState fires no hashchange).
    history.replaceState(null, '', `#/runs${q.size > 0 ? `?${q}` : ''}`);
    const mine = ++latest;
    try {
      const runs = await api<RunSummary[]>(`/api/runs?${q}`);
      // An earlier load answering late must not replace the table of a newer filter.
      if (mine !== latest) return;
      if (q.size === 0) offer(runs);
      // The filter the table shows, so a reader (or a test) can tell the new table from the old one.
      out.dataset.query = q.toString();
      out.replaceChildren(h('p', { class: 'count' }, `${runs.length} run${runs.length === 1 ? '' : 's'}`), tableView(withoutEmptyColumns(runsTable(runs)), 'runs-table', { 0: { href: (i) => `#/run/${encodeURIComponent(runs[i]!.runId)}`, testid: 'run-link' } }));
    } catch (err) {
      if (mine !== latest) return;
      out.replaceChildren(h('p', { class: 'error' }, (err as Error).message));
    }
  };
  const form = h('form', { class: 'filters', onsubmit: ((e: Event) => {
    e.preventDefault();
    void load();
  }) as EventListener }, ...fields.map((f) => inputs[f]), ...fields.map((f) => lists[f]), h('button', { type: 'submit' }, 'filter'));
  root.append(h('h1', {}, 'Runs'), form, out);
  void load();
  return () => undefined;
}
