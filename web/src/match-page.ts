/** A match page: every player's view side by side, the reasoning panel, the clock timeline, and the run's plot (latency and progress), live. */
import { api, fileUrl, spectate, type Job, type StreamMessage } from './api.js';
import { ClockTimeline, type Placement } from './clock-timeline.js';
import { h } from './dom.js';
import { resultBanner } from './result-banner.js';
import { ReasoningPanel, type DecisionRecord } from './reasoning-panel.js';
import { RunPlotView, type RunHead } from './run-plot-view.js';
import { ageText, streamWidth, viewWidth } from './stream-size.js';

/** The gap between two player views (`.views` in style.css), px. */
const VIEW_GAP_PX = 16;

/** Renders a match page into `root`; returns what closes its stream. */
export function matchPage(root: HTMLElement, id: string): () => void {
  const status = h('p', { 'data-testid': 'match-status' }, 'connecting...');
  const views = h('div', { class: 'views', 'data-testid': 'views' });
  const reasoning = new ReasoningPanel();
  const timeline = new ClockTimeline();
  const plot = new RunPlotView(id);
  const count = h('p', { class: 'count', 'data-testid': 'decision-count' });
  root.append(h('h1', {}, `Match ${id}`), status, views, h('div', { class: 'two' }, h('div', {}, count, reasoning.el), h('div', {}, timeline.el)), plot.el);
  // run.json as it was when the page opened: the plot's title and players.
  let head: RunHead = { runId: id };
  const banner = h('div');
  status.after(banner);
  const showJob = (): void =>
    void api<Job>(`/api/matches/${id}`).then(
      (job) => {
        status.textContent = `${String(job.config.game)} ${String(job.config.clock)}: ${job.status}`;
        if (job.status !== 'running') plot.head({ ...head, result: job.result });
        const agents = Array.isArray(job.config.agents) ? job.config.agents.length : 1;
        if (agents !== players) {
          players = agents;
          fit();
        }
        if (job.status === 'running') return;
        finished = true;
        count.textContent = `${decisions} decisions`;
        showLastFrames();
        banner.replaceChildren(resultBanner(job.result, job.status, job.error), job.runId ? h('p', {}, h('a', { href: `#/run/${job.runId}`, 'data-testid': 'replay-link' }, 'open the replay')) : '');
      },
      (err: Error) => (status.textContent = err.message),
    );
  showJob();
  const imgs = new Map<number, { img: HTMLImageElement; label: HTMLElement; age: HTMLElement; url: string; capturedAt: number }>();
  // The players the match has (its config's agents), so a row is laid out for all of them before their first frames.
  let players = 1;
  // The history so far (the stream's first message; the run's own files for a finished match, which has no stream), then the stream; what both carry is shown once.
  const seen = new Set<string>();
  const once = (key: string): boolean => (seen.has(key) ? false : (seen.add(key), true));
  let lastProgress = -1;
  let decisions = 0;
  // Once the match has ended: no stream is left, so each view shows its slot's last recorded frame.
  let finished = false;
  const lastFrame = new Map<number, { frame: string; atMs: number; step: number }>();
  const countText = (): string => `${decisions} decisions${finished ? '' : ' so far'}`;
  let loaded = false;
  const pending: StreamMessage[] = [];
  const apply = (m: StreamMessage): void => {
    switch (m.type) {
      case 'history': {
        // The stream's first message: what the service kept of the match before this page joined.
        const listed = (x: unknown): Record<string, unknown>[] => (Array.isArray(x) ? (x as Record<string, unknown>[]) : []);
        for (const x of listed(m.decisions)) apply({ ...x, type: 'decision' });
        for (const x of listed(m.ledger)) apply({ ...x, type: 'ledger' });
        for (const x of listed(m.progress)) apply({ ...x, type: 'progress' });
        // A long match's older history comes thinned; the count still says how many decisions it has made.
        const left = (m.left as { decisions?: unknown } | undefined)?.decisions;
        if (typeof left === 'number' && left > 0) {
          decisions += left;
          count.textContent = countText();
        }
        break;
      }
      case 'decision': {
        const d = m as unknown as DecisionRecord;
        if (once(`d:${d.slot}:${d.step}`)) {
          reasoning.add(d);
          plot.decision(d);
          decisions++;
          count.textContent = countText();
          const last = lastFrame.get(d.slot);
          if (d.frame && (!last || d.step >= last.step)) lastFrame.set(d.slot, { frame: d.frame, atMs: d.observedAtMs, step: d.step });
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
        // Under the omnigamearena profile the report carries the benchmark score so far, which the plot draws instead.
        plot.report({ simMs: m.simMs as number, players: m.players as { slot: number; progress: number }[], benchmark: m.benchmark as { slot: number; score: number }[] | undefined });
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
  void api<{ run: RunHead; decisions: Record<string, unknown>[]; ledger: Record<string, unknown>[]; progress: Record<string, unknown>[]; benchmark?: { simMs: number; players: unknown[] }[] }>(`/api/runs/${id}`)
    .then((d) => {
      head = d.run;
      plot.head(d.run);
      for (const x of d.decisions) apply({ ...x, type: 'decision' });
      for (const x of d.ledger) apply({ ...x, type: 'ledger' });
      // The benchmark score after each progress line so far (a run under the omnigamearena profile), as the stream carries it.
      const bench = new Map(d.benchmark?.map((b) => [b.simMs, b.players]));
      for (const x of d.progress) apply({ ...x, type: 'progress', ...(bench.has(x.simMs as number) ? { benchmark: bench.get(x.simMs as number) } : {}) });
    })
    .catch(() => undefined)
    .finally(() => {
      loaded = true;
      for (const m of pending.splice(0)) apply(m);
      if (finished) showLastFrames();
    });
  /** The view of `slot`, made on its first frame. */
  const viewOf = (slot: number): { img: HTMLImageElement; label: HTMLElement; age: HTMLElement; url: string; capturedAt: number } => {
    let v = imgs.get(slot);
    if (!v) {
      const img = h('img', { class: 'view', alt: `slot ${slot}`, 'data-testid': 'view', 'data-slot': slot });
      const label = h('span');
      const age = h('span', { class: 'age', 'data-testid': 'frame-age' });
      views.append(h('figure', {}, img, h('figcaption', { class: 'caption' }, label, age)));
      v = { img, label, age, url: '', capturedAt: 0 };
      imgs.set(slot, v);
    }
    return v;
  };
  // A finished match's views: each slot's last recorded frame (the run's files, as the replay reads them), where the stream left none.
  const showLastFrames = (): void => {
    for (const [slot, f] of lastFrame) {
      if (imgs.get(slot)?.img.dataset.seq !== undefined) continue;
      const v = viewOf(slot);
      v.img.src = fileUrl(`/api/runs/${id}/files/${f.frame}`);
      v.img.dataset.recorded = String(f.step);
      v.label.textContent = `slot ${slot}, last decision's frame (decision ${f.step + 1}), ${(f.atMs / 1000).toFixed(2)} s of game time`;
      v.age.textContent = '';
    }
    fit();
  };
  // Each view at its share of the row, streamed at the smallest step that covers it (web/src/stream-size.ts);
  // a wider page or a second player's view refits them, and a new step reopens the stream (what it repeats is shown once).
  let streamAt = 0;
  let stop: () => void = () => undefined;
  let source: number | undefined;
  const capped = (w: number): number => Math.min(w, source ?? Infinity);
  const open = (width: number): void => {
    stop();
    streamAt = width;
    views.dataset.stream = String(width);
    stop = spectate('matches', id, { width, quality: 70, fps: 5 }, {
      frame: (header, jpeg) => {
        const fresh = !imgs.has(header.slot);
        const v = viewOf(header.slot);
        if (v.url) URL.revokeObjectURL(v.url);
        v.url = URL.createObjectURL(jpeg);
        v.img.src = v.url;
        v.img.dataset.seq = String(header.seq);
        v.img.dataset.sourceWidth = String(header.sourceWidth);
        v.capturedAt = header.capturedAt;
        v.label.textContent = `slot ${header.slot}, frame ${header.seq}, ${(header.simMs / 1000).toFixed(2)} s of game time, `;
        showAge(v);
        if (fresh || source !== header.sourceWidth) {
          source = Math.max(source ?? 0, header.sourceWidth);
          fit();
        }
      },
      message: (m) => (loaded ? apply(m) : pending.push(m)),
      closed: () => {
        if (status.textContent === 'connecting...') status.textContent = 'stream closed';
      },
    });
  };
  const fit = (): void => {
    const width = viewWidth(views.clientWidth, Math.max(players, imgs.size), VIEW_GAP_PX, source);
    for (const v of imgs.values()) v.img.style.width = `${width}px`;
    views.dataset.viewWidth = String(width);
    const want = streamWidth(width, window.devicePixelRatio || 1);
    if (streamAt === 0 || capped(want) !== capped(streamAt)) open(want);
  };
  // The age of the frame each view shows, as it grows while no newer frame comes (a paused or ended match).
  const showAge = (v: { age: HTMLElement; capturedAt: number }): void => {
    const ms = Date.now() - v.capturedAt;
    v.age.textContent = ageText(ms);
    v.age.dataset.ageMs = String(ms);
  };
  const ticker = setInterval(() => {
    for (const v of imgs.values()) if (v.capturedAt > 0) showAge(v);
  }, 250);
  window.addEventListener('resize', fit);
  fit();
  return () => {
    clearInterval(ticker);
    plot.close();
    window.removeEventListener('resize', fit);
    stop();
  };
}
