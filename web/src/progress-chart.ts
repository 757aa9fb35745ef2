/** Progress of every player over game time, as a uPlot line chart. */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { niceTicks, tickLabel } from '../../protocol/axis-ticks.js';
import { h } from './dom.js';

/** A uPlot chart of progress per player against game time, s. */
export class ProgressChart {
  readonly el: HTMLElement;
  private plot: uPlot | undefined;
  private readonly times: number[] = [];
  private readonly series = new Map<number, number[]>();
  private readonly box: HTMLElement;
  private readonly latest: HTMLElement;
  /** A series' name in the legend: its slot, or what `label` says (a curve's single series). */
  names: (slot: number) => string = (slot) => `slot ${slot}`;

  constructor(
    title = 'Progress over game time',
    private readonly yLabel = 'progress (0..1)',
    private readonly xLabel = 'game time (s)',
  ) {
    this.box = h('div', { class: 'chart' });
    this.latest = h('div', { class: 'count', 'data-testid': 'chart-latest' });
    this.el = h('section', { 'data-testid': 'progress-chart' }, h('h2', {}, title), this.latest, this.box);
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

  /** A scale from 0 (or below, for negative values) to the nice tick past the data, as the report plots draw it. */
  private range(axis: 'x' | 'y', lo: number, hi: number): [number, number] {
    const ticks = this.ticks(axis, lo, hi);
    return [ticks[0]!, ticks[ticks.length - 1]!];
  }

  /** The axis' ticks: 1, 2, 2.5 or 5 times a power of ten (protocol/axis-ticks.ts, the report plots' too); whole rounds on a round axis. */
  private ticks(axis: 'x' | 'y', lo: number, hi: number): number[] {
    const from = Math.min(0, Number.isFinite(lo) ? lo : 0);
    const to = Number.isFinite(hi) && hi > from ? hi : from + (axis === 'y' ? 1 : 1);
    const ticks = niceTicks(from, to, 5);
    return axis === 'x' && this.xLabel === 'round' ? ticks.filter((v) => Number.isInteger(v)) : ticks;
  }

  private axis(axis: 'x' | 'y', label: string): uPlot.Axis {
    return {
      label,
      splits: (u) => {
        const scale = u.scales[axis]!;
        const ticks = this.ticks(axis, scale.min ?? 0, scale.max ?? 1);
        const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1;
        // The tick labels as drawn, for tests and readers of the page source.
        this.box.dataset[`${axis}Ticks`] = ticks.map((v) => tickLabel(v, step)).join(' ');
        return ticks;
      },
      values: (_u, splits) => {
        const step = splits.length > 1 ? splits[1]! - splits[0]! : 1;
        return splits.map((v) => tickLabel(v, step));
      },
    };
  }

  private redraw(): void {
    const slots = [...this.series.keys()].sort((a, b) => a - b);
    const data = [this.times, ...slots.map((s) => this.series.get(s)!)] as uPlot.AlignedData;
    if (!this.plot || this.plot.series.length !== slots.length + 1) {
      this.plot?.destroy();
      const colours = ['#2b7bb9', '#d9534f', '#5cb85c', '#f0ad4e'];
      this.plot = new uPlot(
        { width: 600, height: 220, legend: { live: false }, scales: { x: { time: false, range: (_u, lo, hi) => this.range('x', lo, hi) }, y: { range: (_u, lo, hi) => this.range('y', lo, hi) } }, axes: [this.axis('x', this.xLabel), this.axis('y', this.yLabel)], series: [{}, ...slots.map((s, i) => ({ label: this.names(s), stroke: colours[i % colours.length]!, width: 2 }))] },
        data,
        this.box,
      );
    } else this.plot.setData(data);
    // The latest values, in words (uPlot's own legend shows '--' until the cursor is on the plot, so it shows names only).
    const t = this.times[this.times.length - 1]!;
    const at = this.xLabel === 'round' ? `round ${t}` : `${t.toFixed(1)} s`;
    this.latest.textContent = `latest, at ${at}: ${slots.map((s) => `${this.names(s)} ${(this.series.get(s)!.at(-1) ?? Number.NaN).toFixed(3)}`).join(', ')}`;
  }
}
