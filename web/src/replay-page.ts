/** A run's replay: a scrubber over its decisions with the frame, reasoning and answer of each, the run's plot (latency and progress, or the benchmark's score), and the video where there is one. */
import { api, fileUrl } from './api.js';
import { endText } from '../../protocol/score-measure.js';
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
      // The other players' views at that moment: each one's newest frame observed by then (as the standalone replay.html shows them).
      const slots = [...new Set(ds.map((d) => d.slot))].sort((a, b) => a - b);
      const others = new Map(slots.map((slot) => [slot, h('img', { class: 'view', alt: `slot ${slot}`, 'data-testid': 'replay-view', 'data-slot': slot })]));
      const caption = h('figcaption', { class: 'caption', 'data-testid': 'replay-frame-slot' });
      const info = h('div', { 'data-testid': 'replay-decision' });
      const label = h('span', { 'data-testid': 'replay-step' });
      const slider = h('input', { type: 'range', min: 0, max: Math.max(0, ds.length - 1), value: 0, 'data-testid': 'scrubber' });
      const show = (i: number): void => {
        const d = ds[i];
        if (!d) return;
        if (d.frame) img.src = fileUrl(`/api/runs/${runId}/files/${d.frame}`);
        img.dataset.step = String(i);
        img.dataset.slot = String(d.slot);
        caption.textContent = slots.length > 1 ? `slot ${d.slot} decides, at ${(d.observedAtMs / 1000).toFixed(2)} s of game time` : '';
        for (const [slot, view] of others) {
          const seen = slot === d.slot ? undefined : ds.slice(0, i + 1).reverse().find((x) => x.slot === slot && x.frame);
          view.parentElement!.hidden = seen === undefined;
          if (seen?.frame) view.src = fileUrl(`/api/runs/${runId}/files/${seen.frame}`);
        }
        label.textContent = `decision ${i + 1}/${ds.length}${i === ds.length - 1 && result ? ` (last; the episode ended: ${endText(result.reason, result.episode)})` : ''}`;
        info.replaceChildren(decisionView(d));
      };
      slider.addEventListener('input', () => show(Number(slider.value)));
      const row = h('div', { class: 'views' }, h('figure', {}, img, caption), ...[...others.values()].map((v) => h('figure', { hidden: true }, v, h('figcaption', { class: 'caption' }, `slot ${v.dataset.slot}, its newest frame`))));
      root.append(h('div', { class: 'scrub' }, slider, label), row, info);
      show(0);
      const plot = new RunPlotView(runId);
      plot.head(run);
      for (const d of ds) plot.decision(d);
      // Under the omnigamearena profile the plot's lower panel is the benchmark's own score, raw and unclamped, not our progress.
      if (detail.benchmark) plot.benchmark(detail.benchmark);
      else for (const p of detail.progress) plot.report(p);
      plot.draw();
      root.append(plot.el);
      if (detail.hasVideo) root.append(h('section', {}, h('h2', {}, 'Video'), h('video', { controls: true, preload: 'metadata', src: fileUrl(`/api/runs/${runId}/files/episode.mp4`), ...(ds[0]?.frame ? { poster: fileUrl(`/api/runs/${runId}/files/${ds[0].frame}`) } : {}), 'data-testid': 'video' })));
    },
    (err: Error) => root.append(h('p', { class: 'error' }, err.message)),
  );
  return () => undefined;
}
