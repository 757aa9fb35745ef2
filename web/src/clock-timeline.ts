/**
 * The clock timeline of a match, drawn as SVG over game time: per agent, the charged latency (what lcrt
 * charged its thinking to the game; none under pdq) and the chunk it acted, plus the wall time it thought.
 */
import { niceTicks, tickLabel } from '../../protocol/axis-ticks.js';
import { fmt, h } from './dom.js';

/** One placement from the ledger: where a decision's chunk went on the virtual timeline. */
export interface Placement {
  readonly slot: number;
  readonly observedAtMs: number;
  readonly chargedMs: number;
  readonly chunkStartMs: number;
  readonly chunkEndMs: number;
  readonly decideWallMs?: number;
}

const SVG = 'http://www.w3.org/2000/svg';

function text(x: number, y: number, content: string, cls: string, anchor = 'start'): SVGTextElement {
  const t = document.createElementNS(SVG, 'text');
  t.setAttribute('x', String(x));
  t.setAttribute('y', String(y));
  t.setAttribute('class', cls);
  t.setAttribute('text-anchor', anchor);
  t.textContent = content;
  return t;
}

function line(x1: number, y1: number, x2: number, y2: number, cls: string): SVGLineElement {
  const l = document.createElementNS(SVG, 'line');
  for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) l.setAttribute(k, String(v));
  l.setAttribute('class', cls);
  return l;
}

function rect(x: number, y: number, w: number, hgt: number, cls: string, title: string): SVGRectElement {
  const r = document.createElementNS(SVG, 'rect');
  r.setAttribute('x', String(x));
  r.setAttribute('y', String(y));
  r.setAttribute('width', String(Math.max(0.5, w)));
  r.setAttribute('height', String(hgt));
  r.setAttribute('class', cls);
  const t = document.createElementNS(SVG, 'title');
  t.textContent = title;
  r.append(t);
  return r;
}

/** The clock timeline section, redrawn at each placement. */
export class ClockTimeline {
  readonly el: HTMLElement;
  private readonly svg: SVGSVGElement;
  private readonly summary: HTMLElement;
  private readonly placements: Placement[] = [];

  constructor() {
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'timeline');
    this.summary = h('div', { class: 'timeline-summary' });
    this.el = h('section', { 'data-testid': 'clock-timeline' }, h('h2', {}, 'Clock timeline'), h('p', { class: 'legend' }, h('span', { class: 'sw charged' }), ' charged latency  ', h('span', { class: 'sw acting' }), ' acting  ', h('span', { class: 'sw thinking' }), ' thinking (wall)'), this.svg, this.summary);
  }

  add(p: Placement): void {
    this.placements.push(p);
    this.draw();
  }

  private draw(): void {
    const slots = [...new Set(this.placements.map((p) => p.slot))].sort((a, b) => a - b);
    const end = Math.max(1, ...this.placements.map((p) => p.chunkEndMs));
    // A label column for the slots, the bars, then a game-time axis with nice ticks under them.
    const left = 56;
    const width = 900;
    const row = 30;
    const axisY = slots.length * row + 4;
    const x = (ms: number): number => left + (ms / end) * (width - left - 12);
    const w = (ms: number): number => (ms / end) * (width - left - 12);
    this.svg.replaceChildren();
    this.svg.setAttribute('viewBox', `0 0 ${width} ${axisY + 34}`);
    const lines: string[] = [];
    slots.forEach((slot, i) => {
      const mine = this.placements.filter((p) => p.slot === slot);
      this.svg.append(text(4, i * row + 18, `slot ${slot}`, 'slot-label'));
      for (const p of mine) {
        this.svg.append(rect(x(p.observedAtMs), i * row + 2, w(p.chargedMs), 8, 'charged', `slot ${slot}: charged ${fmt(p.chargedMs)} ms`));
        this.svg.append(rect(x(p.chunkStartMs), i * row + 11, w(p.chunkEndMs - p.chunkStartMs), 8, 'acting', `slot ${slot}: acting ${fmt(p.chunkEndMs - p.chunkStartMs)} ms`));
        if (p.decideWallMs !== undefined) this.svg.append(rect(x(p.observedAtMs), i * row + 20, w(p.decideWallMs), 6, 'thinking', `slot ${slot}: thought ${fmt(p.decideWallMs)} ms (wall)`));
      }
      const charged = mine.reduce((s, p) => s + p.chargedMs, 0);
      const acting = mine.reduce((s, p) => s + p.chunkEndMs - p.chunkStartMs, 0);
      const thinking = mine.reduce((s, p) => s + (p.decideWallMs ?? 0), 0);
      lines.push(`slot ${slot}: ${mine.length} decisions, thinking ${fmt(thinking / 1000)} s wall, charged ${fmt(charged / 1000)} s, acting ${fmt(acting / 1000)} s game time`);
    });
    this.svg.append(line(left, axisY, x(end), axisY, 'axis'));
    const ticks = niceTicks(0, end / 1000);
    const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1;
    for (const t of ticks.filter((v) => v * 1000 <= end + 1e-6)) {
      this.svg.append(line(x(t * 1000), axisY, x(t * 1000), axisY + 4, 'axis'), text(x(t * 1000), axisY + 16, tickLabel(t, step), 'tick-x', 'middle'));
    }
    this.svg.append(text(x(end / 2), axisY + 30, 'game time (s)', 'axis-label', 'middle'));
    this.summary.replaceChildren(...lines.map((l) => h('div', {}, l)));
  }
}
