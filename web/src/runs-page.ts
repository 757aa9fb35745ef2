/**
 * The runs browser: every run, its own or a curve's or a sweep's episode, filtered by game, agent, clock,
 * latency condition, variant, curve, sweep, round and cell; each opens its replay.
 */
import type { RunSummary } from '../../protocol/index.js';
import { api } from './api.js';
import { h, table } from './dom.js';

/** Where in its curve or sweep a run was played: the round (or held-out arm), or the cell. */
function where(r: RunSummary): string {
  if (r.round !== undefined) return `round ${r.round}`;
  if (r.phase === 'heldout') return `held-out ${r.arm ?? ''}`.trim();
  return r.cell ?? '';
}

/** Renders the runs browser into `root`. */
export function runsPage(root: HTMLElement): () => void {
  const fields = ['game', 'agent', 'clock', 'latency', 'variant', 'curve', 'sweep', 'round', 'cell'] as const;
  const inputs = Object.fromEntries(fields.map((f) => [f, h('input', { name: f, placeholder: f, 'data-testid': `filter-${f}` })])) as Record<(typeof fields)[number], HTMLInputElement>;
  const out = h('div', { 'data-testid': 'runs' });
  let latest = 0;
  const load = async (): Promise<void> => {
    const q = new URLSearchParams();
    for (const f of fields) if (inputs[f].value.trim()) q.set(f, inputs[f].value.trim());
    const mine = ++latest;
    try {
      const runs = await api<RunSummary[]>(`/api/runs?${q}`);
      // An earlier load answering late must not replace the table of a newer filter.
      if (mine !== latest) return;
      // The filter the table shows, so a reader (or a test) can tell the new table from the old one.
      out.dataset.query = q.toString();
      out.replaceChildren(
        table(
          ['run', 'game', 'variant', 'clock', 'agents', 'latency', 'status', 'ended', 'video', 'job', 'round / cell'],
          runs.map((r) => [h('a', { href: `#/run/${r.runId}`, 'data-testid': 'run-link' }, r.runId), r.game, r.variant, r.clock, r.agents.join(', '), r.latency.join(', '), r.status, r.reason ?? '', r.hasVideo ? 'yes' : '', r.job ? `${r.job.kind} ${r.job.id}` : '', where(r)]),
          'runs-table',
        ),
      );
    } catch (err) {
      if (mine !== latest) return;
      out.replaceChildren(h('p', { class: 'error' }, (err as Error).message));
    }
  };
  const form = h('form', { class: 'filters', onsubmit: ((e: Event) => {
    e.preventDefault();
    void load();
  }) as EventListener }, ...fields.map((f) => inputs[f]), h('button', { type: 'submit' }, 'filter'));
  root.append(h('h1', {}, 'Runs'), form, out);
  void load();
  return () => undefined;
}
