/** A run's replay: a scrubber over its decisions with the frame, reasoning and answer of each, the run's plot (latency and progress, or the benchmark's score), and the video where there is one. */
import { api, fileUrl } from './api.js';
import { h } from './dom.js';
import { resultBanner, type RunResult } from './result-banner.js';
import { decisionView, type DecisionRecord } from './reasoning-panel.js';
import { RunPlotView } from './run-plot-view.js';

interface RunDetail {
  readonly run: Record<string, unknown>;
  readonly decisions: DecisionRecord[];
  readonly progress: { simMs: number; players: { slot: number; progress: number }[] }[];
  /** Under the omnigamearena profile: the benchmark's raw score after each progress line (the service computes it). */
  readonly benchmark?: { simMs: number; players: { slot: number; score: number }[] }[];
  readonly hasVideo?: boolean;
}

/** Renders a run's replay into `root`. */
export function replayPage(root: HTMLElement, runId: string): () => void {
  root.append(h('h1', { title: runId }, `Replay ${runId}`));
  void api<RunDetail>(`/api/runs/${runId}`).then(
    (detail) => {
      const run = detail.run;
      const ds = detail.decisions;
      const result = run.result as RunResult | undefined;
      root.append(h('p', { 'data-testid': 'run-status' }, `${String(run.game)}/${String(run.variant)} ${String(run.clock)}: ${String(run.status)}, ${ds.length} decisions`));
      root.append(resultBanner(run.result as RunResult | undefined, String(run.status), run.failure as { class?: string; code?: string; message?: string } | undefined));
      const img = h('img', { class: 'view', alt: 'decision frame', 'data-testid': 'replay-frame' });
      const info = h('div', { 'data-testid': 'replay-decision' });
      const label = h('span', { 'data-testid': 'replay-step' });
      const slider = h('input', { type: 'range', min: 0, max: Math.max(0, ds.length - 1), value: 0, 'data-testid': 'scrubber' });
      const show = (i: number): void => {
        const d = ds[i];
        if (!d) return;
        if (d.frame) img.src = fileUrl(`/api/runs/${runId}/files/${d.frame}`);
        img.dataset.step = String(i);
        label.textContent = `decision ${i + 1}/${ds.length}${i === ds.length - 1 && result ? ` (last; the episode ended by ${result.reason ?? 'unknown'})` : ''}`;
        info.replaceChildren(decisionView(d));
      };
      slider.addEventListener('input', () => show(Number(slider.value)));
      root.append(h('div', { class: 'scrub' }, slider, label), h('div', { class: 'two' }, img, info));
      show(0);
      const plot = new RunPlotView(runId);
      plot.head(run);
      for (const d of ds) plot.decision(d);
      // Under the omnigamearena profile the plot's lower panel is the benchmark's own score, raw and unclamped, not our progress.
      if (detail.benchmark) plot.benchmark(detail.benchmark);
      else for (const p of detail.progress) plot.report(p);
      plot.draw();
      root.append(plot.el);
      if (detail.hasVideo) root.append(h('section', {}, h('h2', {}, 'Video'), h('video', { controls: true, src: fileUrl(`/api/runs/${runId}/files/episode.mp4`), 'data-testid': 'video' })));
    },
    (err: Error) => root.append(h('p', { class: 'error' }, err.message)),
  );
  return () => undefined;
}
