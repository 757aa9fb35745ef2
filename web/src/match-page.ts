/** A match page: every player's view side by side, the reasoning panel, the clock timeline and progress, live. */
import { api, spectate, type Job, type StreamMessage } from './api.js';
import { ClockTimeline, type Placement } from './clock-timeline.js';
import { h } from './dom.js';
import { ProgressChart } from './progress-chart.js';
import { resultBanner } from './result-banner.js';
import { ReasoningPanel, type DecisionRecord } from './reasoning-panel.js';

/** Renders a match page into `root`; returns what closes its stream. */
export function matchPage(root: HTMLElement, id: string): () => void {
  const status = h('p', { 'data-testid': 'match-status' }, 'connecting...');
  const views = h('div', { class: 'views', 'data-testid': 'views' });
  const reasoning = new ReasoningPanel();
  const timeline = new ClockTimeline();
  const progress = new ProgressChart();
  const count = h('p', { class: 'count', 'data-testid': 'decision-count' });
  root.append(h('h1', {}, `Match ${id}`), status, views, h('div', { class: 'two' }, h('div', {}, count, reasoning.el), h('div', {}, timeline.el, progress.el)));
  const banner = h('div');
  status.after(banner);
  const showJob = (): void =>
    void api<Job>(`/api/matches/${id}`).then(
      (job) => {
        status.textContent = `${String(job.config.game)} ${String(job.config.clock)}: ${job.status}`;
        if (job.status === 'running') return;
        banner.replaceChildren(resultBanner(job.result, job.status, job.error), job.runId ? h('p', {}, h('a', { href: `#/run/${job.runId}`, 'data-testid': 'replay-link' }, 'open the replay')) : '');
      },
      (err: Error) => (status.textContent = err.message),
    );
  showJob();
  const imgs = new Map<number, { img: HTMLImageElement; label: HTMLElement; url: string }>();
  // The history so far (the run's own files), then the stream; what both carry is shown once.
  const seen = new Set<string>();
  const once = (key: string): boolean => (seen.has(key) ? false : (seen.add(key), true));
  let lastProgress = -1;
  let decisions = 0;
  let loaded = false;
  const pending: StreamMessage[] = [];
  const apply = (m: StreamMessage): void => {
    switch (m.type) {
      case 'decision': {
        const d = m as unknown as DecisionRecord;
        if (once(`d:${d.slot}:${d.step}`)) {
          reasoning.add(d);
          decisions++;
          count.textContent = `${decisions} decisions so far`;
        }
        break;
      }
      case 'ledger':
        if (!once(`l:${String(m.kind)}:${String(m.slot)}:${String(m.step ?? m.observedAtMs)}`)) break;
        if (m.kind === 'placement') timeline.add(m as unknown as Placement);
        // Realtime: the game ran on while the agent thought (lag), then the chunk played from when it was sent.
        if (m.kind === 'action') {
          const a = m as unknown as { slot: number; observedAtMs: number; sentAtMs: number; lagMs: number; durationMs: number; decideWallMs: number };
          timeline.add({ slot: a.slot, observedAtMs: a.observedAtMs, chargedMs: a.lagMs, chunkStartMs: a.sentAtMs, chunkEndMs: a.sentAtMs + a.durationMs, decideWallMs: a.decideWallMs });
        }
        break;
      case 'progress':
        if ((m.simMs as number) <= lastProgress) break;
        lastProgress = m.simMs as number;
        progress.add(m.simMs as number, m.players as { slot: number; progress: number }[]);
        break;
      case 'end':
        status.textContent = `ended: ${String(m.status)}`;
        showJob();
        break;
      case 'error':
        // A finished match has no stream: its page shows the result and history instead.
        if (m.code !== 'BAD_STATE') status.textContent = `${String(m.code)}: ${String(m.message)}`;
        break;
      default:
        break;
    }
  };
  void api<{ decisions: Record<string, unknown>[]; ledger: Record<string, unknown>[]; progress: Record<string, unknown>[] }>(`/api/runs/${id}`)
    .then((d) => {
      for (const x of d.decisions) apply({ ...x, type: 'decision' });
      for (const x of d.ledger) apply({ ...x, type: 'ledger' });
      for (const x of d.progress) apply({ ...x, type: 'progress' });
    })
    .catch(() => undefined)
    .finally(() => {
      loaded = true;
      for (const m of pending.splice(0)) apply(m);
    });
  const close = spectate('matches', id, { width: 480, quality: 70, fps: 5 }, {
    frame: (header, jpeg) => {
      let v = imgs.get(header.slot);
      if (!v) {
        const img = h('img', { class: 'view', alt: `slot ${header.slot}`, 'data-testid': 'view', 'data-slot': header.slot });
        const label = h('div', { class: 'caption' });
        views.append(h('figure', {}, img, label));
        v = { img, label, url: '' };
        imgs.set(header.slot, v);
      }
      if (v.url) URL.revokeObjectURL(v.url);
      v.url = URL.createObjectURL(jpeg);
      v.img.src = v.url;
      v.img.dataset.seq = String(header.seq);
      v.label.textContent = `slot ${header.slot} frame ${header.seq} t=${(header.simMs / 1000).toFixed(2)} s (${Date.now() - header.capturedAt} ms old)`;
    },
    message: (m) => (loaded ? apply(m) : pending.push(m)),
    closed: () => {
      if (status.textContent === 'connecting...') status.textContent = 'stream closed';
    },
  });
  return close;
}
