/**
 * A run's plot on a page: the plot `arena report --plot` writes (`plots/run-plot.ts`), drawn from the run's
 * records as they arrive (the match page, live) or all at once (the replay), shown at its own size.
 */
import { runPlotSvg, runPlotTitle, type RunPlotData } from '../../plots/index.js';
import { SCORE_MEASURES } from '../../protocol/score-measure.js';
import { h } from './dom.js';

type Players = RunPlotData['players'];
type Decision = RunPlotData['decisions'][number];
type Progress = RunPlotData['progress'][number];
/** One player's benchmark score at a game time. */
type BenchmarkScore = { readonly slot: number; readonly score: number };

/** What of run.json the plot's title and legend take. */
export interface RunHead {
  readonly runId?: unknown;
  readonly game?: unknown;
  readonly variant?: unknown;
  readonly seed?: unknown;
  readonly clock?: unknown;
  readonly agents?: unknown;
  readonly result?: { readonly simMs?: number } | undefined;
}

/** The plot section's heading: its lower panel's score, our progress or the benchmark score under the omnigamearena profile. */
function headingOf(measure: RunPlotData['measure']): string {
  return `Latency and ${SCORE_MEASURES[measure ?? 'progress'].name}`;
}

/** The run's plot, redrawn at most every 250 ms while records arrive. */
export class RunPlotView {
  readonly el: HTMLElement;
  private readonly box: HTMLElement;
  private readonly heading: HTMLElement;
  private title: string;
  private players: Players = [];
  private readonly decisions: Decision[] = [];
  private progress: Progress[] = [];
  private measure: RunPlotData['measure'];
  private endMs: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly id: string) {
    this.box = h('div', { class: 'plot-box', 'data-testid': 'run-plot' });
    this.heading = h('h2', { 'data-testid': 'run-plot-heading' }, headingOf(undefined));
    this.el = h('section', {}, this.heading, this.box);
    this.title = runPlotTitle({ runId: id });
  }

  /** The run's head (run.json): its title, its players and, once it has ended, its end. */
  head(run: RunHead): void {
    this.title = runPlotTitle({ ...run, runId: typeof run.runId === 'string' ? run.runId : this.id });
    if (Array.isArray(run.agents)) this.players = (run.agents as { slot: number; label?: string; kind?: string }[]).map((a) => ({ slot: a.slot, label: a.label ?? a.kind ?? `slot ${a.slot}` }));
    if (run.result?.simMs !== undefined) this.endMs = run.result.simMs;
    this.later();
  }

  /** A decision (decisions.jsonl's record, or the stream's). */
  decision(d: { slot: number; observedAtMs: number; agent?: string; timings?: Record<string, number | undefined> }): void {
    this.decisions.push({ slot: d.slot, atMs: d.observedAtMs, latencyMs: d.timings?.wallMs });
    this.seen(d.slot, d.agent);
    this.later();
  }

  /**
   * A progress report; under the omnigamearena profile it carries each player's benchmark score so far (the
   * service's, live or from the run's detail), and from the first such report on the plot draws that raw score in
   * place of our progress.
   */
  report(p: Progress & { readonly benchmark?: readonly BenchmarkScore[] | undefined }): void {
    if (p.benchmark) {
      if (this.measure !== 'benchmark') this.progress = [];
      this.measure = 'benchmark';
      this.progress.push({ simMs: p.simMs, players: p.benchmark.map((q) => ({ slot: q.slot, progress: q.score })) });
    } else if (this.measure !== 'benchmark') this.progress.push(p);
    for (const q of p.benchmark ?? p.players) this.seen(q.slot);
    this.later();
  }

  /** The benchmark's raw score over game time (the service's, for a run under the omnigamearena profile), in place of our progress. */
  benchmark(timeline: readonly { simMs: number; players: readonly BenchmarkScore[] }[]): void {
    this.progress = [];
    for (const p of timeline) this.report({ simMs: p.simMs, players: [], benchmark: p.players });
  }

  /** Draws now (the replay, whose records are all there). */
  draw(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.box.innerHTML = runPlotSvg({ title: this.title, players: [...this.players].sort((a, b) => a.slot - b.slot), decisions: this.decisions, progress: this.progress, endMs: this.endMs, measure: this.measure });
    this.box.querySelector('svg')?.classList.add('plot');
    this.heading.textContent = headingOf(this.measure);
    this.box.dataset.decisions = String(this.decisions.length);
    this.box.dataset.reports = String(this.progress.length);
  }

  /** Stops a pending redraw (the page is left). */
  close(): void {
    clearTimeout(this.timer);
  }

  private seen(slot: number, label?: string): void {
    if (!this.players.some((p) => p.slot === slot)) this.players = [...this.players, { slot, label: label ?? `slot ${slot}` }];
  }

  private later(): void {
    this.timer ??= setTimeout(() => this.draw(), 250);
  }
}
