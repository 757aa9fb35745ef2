/**
 * The clock timeline of a match, drawn as SVG over game time: per agent, the charged latency (what lcrt
 * charged its thinking to the game; none under pdq) and the chunk it acted, plus the wall time it thought.
 */
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
    const width = 900;
    const row = 30;
    const x = (ms: number): number => (ms / end) * width;
    this.svg.replaceChildren();
    this.svg.setAttribute('viewBox', `0 0 ${width} ${slots.length * row + 4}`);
    const lines: string[] = [];
    slots.forEach((slot, i) => {
      const mine = this.placements.filter((p) => p.slot === slot);
      for (const p of mine) {
        this.svg.append(rect(x(p.observedAtMs), i * row + 2, x(p.chargedMs), 8, 'charged', `slot ${slot}: charged ${fmt(p.chargedMs)} ms`));
        this.svg.append(rect(x(p.chunkStartMs), i * row + 11, x(p.chunkEndMs - p.chunkStartMs), 8, 'acting', `slot ${slot}: acting ${fmt(p.chunkEndMs - p.chunkStartMs)} ms`));
        if (p.decideWallMs !== undefined) this.svg.append(rect(x(p.observedAtMs), i * row + 20, x(p.decideWallMs), 6, 'thinking', `slot ${slot}: thought ${fmt(p.decideWallMs)} ms (wall)`));
      }
      const charged = mine.reduce((s, p) => s + p.chargedMs, 0);
      const acting = mine.reduce((s, p) => s + p.chunkEndMs - p.chunkStartMs, 0);
      const thinking = mine.reduce((s, p) => s + (p.decideWallMs ?? 0), 0);
      lines.push(`slot ${slot}: ${mine.length} decisions, thinking ${fmt(thinking / 1000)} s wall, charged ${fmt(charged / 1000)} s, acting ${fmt(acting / 1000)} s game time`);
    });
    this.summary.replaceChildren(...lines.map((l) => h('div', {}, l)));
  }
}
