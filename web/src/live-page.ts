/** The live page: every running match, each with a thumbnail stream of its first player's view. */
import { api, spectate, type Job } from './api.js';
import { h } from './dom.js';

/** Renders the live page into `root`; returns what stops its streams. */
export function livePage(root: HTMLElement): () => void {
  const list = h('div', { class: 'cards', 'data-testid': 'live-list' });
  root.append(h('h1', {}, 'Running matches'), list);
  const streams = new Map<string, { close: () => void; card: HTMLElement }>();
  let stopped = false;
  const refresh = async (): Promise<void> => {
    const jobs = await api<Job[]>('/api/matches?status=running').catch(() => []);
    const ids = new Set(jobs.map((j) => j.id));
    for (const [id, s] of streams) {
      if (ids.has(id)) continue;
      s.close();
      s.card.remove();
      streams.delete(id);
    }
    for (const job of jobs) {
      if (streams.has(job.id)) continue;
      const img = h('img', { class: 'thumb', alt: `${job.id} view`, 'data-testid': 'thumb' });
      const caption = h('div', { class: 'caption' }, `${String(job.config.game)} ${String(job.config.clock)}`);
      const card = h('a', { class: 'card', href: `#/match/${job.id}`, 'data-testid': 'live-card', 'data-job': job.id }, img, caption, h('small', {}, job.id));
      list.append(card);
      let url = '';
      const close = spectate('matches', job.id, { width: 240, quality: 50, fps: 2 }, {
        frame: (header, jpeg) => {
          if (header.slot !== 0 && img.dataset.slot !== undefined && img.dataset.slot !== String(header.slot)) return;
          if (url) URL.revokeObjectURL(url);
          url = URL.createObjectURL(jpeg);
          img.src = url;
          img.dataset.slot = String(header.slot);
          img.dataset.seq = String(header.seq);
          caption.textContent = `${String(job.config.game)} ${String(job.config.clock)} t=${(header.simMs / 1000).toFixed(1)}s`;
        },
      });
      streams.set(job.id, { close, card });
    }
    if (jobs.length === 0 && !list.querySelector('.empty')) list.append(h('p', { class: 'empty' }, 'No match is running.'));
    if (jobs.length > 0) list.querySelector('.empty')?.remove();
  };
  void refresh();
  const timer = setInterval(() => void (stopped ? undefined : refresh()), 2000);
  return () => {
    stopped = true;
    clearInterval(timer);
    for (const s of streams.values()) s.close();
  };
}
