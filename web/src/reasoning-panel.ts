/** The reasoning panel: each agent's newest decision (reasoning, answer, parsed chunk, validity, timings) and a short history. */
import { fmt, h } from './dom.js';

/** A decision record as decisions.jsonl and the spectator stream carry it. */
export interface DecisionRecord {
  readonly slot: number;
  readonly agent?: string;
  readonly step: number;
  readonly observedAtMs: number;
  readonly status: string;
  readonly reasoning?: string;
  readonly answer?: string;
  readonly note?: string;
  readonly invalidReason?: string;
  readonly chunk?: unknown;
  readonly chargedMs?: number;
  readonly frame?: string;
  readonly timings?: Record<string, number | undefined>;
}

/** A reader's names for a decision's timings (the record's keys, docs/agents.md); another key is split at its capitals. */
const TIMING_NAMES: Readonly<Record<string, string>> = {
  wallMs: 'wall',
  ttftMs: 'first token',
  ttltMs: 'last token',
  networkRttMs: 'network round trip',
  providerMs: 'provider',
  gatewayWallMs: 'gateway wall',
  retryMs: 'retry wait',
};

/** One timing as a reader reads it: `first token 120 ms`, `retries 0`. */
function timingText(key: string, value: number): string {
  const name = TIMING_NAMES[key] ?? key.replace(/Ms$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return key.endsWith('Ms') ? `${name} ${Math.round(value)} ms` : `${name} ${fmt(value)}`;
}

/** The parsed chunk as a reader reads it (`look 0 0; steps: W ; W D ; -`, or the move), never as JSON; empty for no chunk. */
function chunkText(chunk: unknown): string {
  if (chunk === null || typeof chunk !== 'object') return '';
  const c = chunk as { move?: unknown; look?: { dx?: number; dy?: number }; steps?: unknown };
  if (typeof c.move === 'string') return `parsed: move ${c.move}`;
  if (!Array.isArray(c.steps)) return '';
  const steps = c.steps.map((s: unknown) => (Array.isArray(s) && s.length > 0 ? s.join(' ') : '-')).join(' ; ');
  return `parsed: look ${String(c.look?.dx ?? 0)} ${String(c.look?.dy ?? 0)}; steps: ${steps}`;
}

/** One decision as a block of text. */
export function decisionView(d: DecisionRecord): HTMLElement {
  const t = d.timings ?? {};
  const timing = Object.entries(t)
    .filter((e): e is [string, number] => typeof e[1] === 'number')
    .map(([k, v]) => timingText(k, v))
    .join(', ');
  return h(
    'div',
    { class: `decision ${d.status}`, 'data-testid': 'decision', 'data-step': d.step },
    h('div', { class: 'decision-head' }, `slot ${d.slot} ${d.agent ?? ''} step ${d.step} at ${fmt(d.observedAtMs / 1000)} s: `, h('b', { 'data-testid': 'validity' }, d.status), d.invalidReason ? ` (${d.invalidReason})` : ''),
    d.reasoning ? h('pre', { class: 'reasoning', 'data-testid': 'reasoning' }, d.reasoning) : undefined,
    h('pre', { class: 'answer', 'data-testid': 'answer' }, d.answer ?? d.note ?? ''),
    h('pre', { class: 'chunk' }, chunkText(d.chunk)),
    h('div', { class: 'timings' }, `${timing}${d.chargedMs ? `, charged ${Math.round(d.chargedMs)} ms` : ''}`),
  );
}

/** The reasoning panel: the newest decision per slot. */
export class ReasoningPanel {
  readonly el: HTMLElement;
  private readonly latest = new Map<number, HTMLElement>();
  private readonly box: HTMLElement;

  constructor() {
    this.box = h('div', { class: 'reasoning-slots' });
    this.el = h('section', { 'data-testid': 'reasoning-panel' }, h('h2', {}, 'Reasoning'), this.box);
  }

  add(d: DecisionRecord): void {
    const view = decisionView(d);
    const old = this.latest.get(d.slot);
    if (old) old.replaceWith(view);
    else this.box.append(view);
    this.latest.set(d.slot, view);
  }
}
