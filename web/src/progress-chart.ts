/** Progress of every player over game time, as a uPlot line chart. */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { h } from './dom.js';

/** A uPlot chart of progress per player against game time, s. */
export class ProgressChart {
  readonly el: HTMLElement;
  private plot: uPlot | undefined;
  private readonly times: number[] = [];
  private readonly series = new Map<number, number[]>();
  private readonly box: HTMLElement;

  constructor(
    title = 'Progress over game time',
    private readonly yLabel = 'progress (0..1)',
    private readonly xLabel = 'game time (s)',
  ) {
    this.box = h('div', { class: 'chart' });
    this.el = h('section', { 'data-testid': 'progress-chart' }, h('h2', {}, title), this.box);
  }

  /** Adds a point per player at game time `simMs`. */
  add(simMs: number, players: readonly { slot: number; progress: number }[]): void {
    this.times.push(simMs / 1000);
    for (const p of players) {
      if (!this.series.has(p.slot)) this.series.set(p.slot, Array<number>(this.times.length - 1).fill(Number.NaN));
    }
    for (const [slot, values] of this.series) values.push(players.find((p) => p.slot === slot)?.progress ?? Number.NaN);
    this.redraw();
  }

  private redraw(): void {
    const slots = [...this.series.keys()].sort((a, b) => a - b);
    const data = [this.times, ...slots.map((s) => this.series.get(s)!)] as uPlot.AlignedData;
    if (!this.plot || this.plot.series.length !== slots.length + 1) {
      this.plot?.destroy();
      const colours = ['#2b7bb9', '#d9534f', '#5cb85c', '#f0ad4e'];
      this.plot = new uPlot(
        { width: 600, height: 220, scales: { x: { time: false } }, axes: [{ label: this.xLabel }, { label: this.yLabel }], series: [{}, ...slots.map((s, i) => ({ label: `slot ${s}`, stroke: colours[i % colours.length]!, width: 2 }))] },
        data,
        this.box,
      );
    } else this.plot.setData(data);
    // The legend reads the latest values (uPlot shows '--' until the cursor is on the plot).
    this.plot.setLegend({ idx: this.times.length - 1 });
  }
}
