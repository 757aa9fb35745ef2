/** A run's replay: a scrubber over its decisions with the frame, reasoning and answer of each, its progress, and the video where there is one. */
import { SCORE_MEASURES } from '../../protocol/score-measure.js';
import { api, fileUrl } from './api.js';
import { h } from './dom.js';
import { ProgressChart } from './progress-chart.js';
import { resultBanner, type RunResult } from './result-banner.js';
import { decisionView, type DecisionRecord } from './reasoning-panel.js';

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
      // Under the omnigamearena profile the chart is the benchmark's own score, raw and unclamped, not our progress.
      const bench = detail.benchmark;
      const chart = bench ? new ProgressChart(`${SCORE_MEASURES.benchmark.name[0]!.toUpperCase()}${SCORE_MEASURES.benchmark.name.slice(1)} over game time`, SCORE_MEASURES.benchmark.axis) : new ProgressChart();
      root.append(chart.el);
      if (bench) for (const p of bench) chart.add(p.simMs, p.players.map((q) => ({ slot: q.slot, progress: q.score })));
      else for (const p of detail.progress) chart.add(p.simMs, p.players);
      if (detail.hasVideo) root.append(h('section', {}, h('h2', {}, 'Video'), h('video', { controls: true, src: fileUrl(`/api/runs/${runId}/files/episode.mp4`), 'data-testid': 'video' })));
    },
    (err: Error) => root.append(h('p', { class: 'error' }, err.message)),
  );
  return () => undefined;
}
