/**
 * The side panel of a video frame, drawn with the games' own bitmap font: per player the current decision
 * (step, status, reasoning, answer, parsed chunk) in its upper part, the clock timeline and progress over game
 * time in the middle (video/panel-charts.ts), and the keys held, the phase (thinking during charged latency,
 * acting, waiting) and the clock (game time thinking vs acting, wall time deciding) in its lower part. The
 * upper part changes only at decision boundaries.
 */
import { drawText, fillRect, GLYPH_HEIGHT, GLYPH_WIDTH, type Canvas, type Rgb } from '../games/index.js';
import type { EpisodeTimeline, SlotMoment } from './episode-timeline.js';
import { CHARTS_MIN_HEIGHT, drawCharts } from './panel-charts.js';
import { FALLBACK_CHAR, PANEL_EXTRA_CHARS, PANEL_GLYPHS } from './panel-glyphs.js';

/** Width of the panel, px. */
export const PANEL_WIDTH = 360;
const PAD = 8;
const LINE = GLYPH_HEIGHT + 4;
const COLS = Math.floor((PANEL_WIDTH - 2 * PAD) / (GLYPH_WIDTH + 1));
const BG: Rgb = [18, 20, 26];
const TEXT: Rgb = [220, 224, 232];
const DIM: Rgb = [140, 148, 160];
const PHASE: Record<SlotMoment['phase'], Rgb> = { start: [90, 90, 90], thinking: [214, 72, 60], acting: [60, 180, 90], waiting: [200, 170, 60] };

const DRAWABLE = new Set([...`ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 :.,-+=_/%()!?'${PANEL_EXTRA_CHARS}`]);
/** Text as the panel draws it: every printable ASCII character as written; white space as one space, anything else as the fallback glyph's character. */
export function printable(text: string): string {
  return [...text].map((c) => (/\s/.test(c) ? ' ' : DRAWABLE.has(c) ? c : FALLBACK_CHAR)).join('').replace(/ +/g, ' ');
}

/** Splits text into lines of at most `cols` characters at spaces. */
export function wrap(text: string, cols: number, maxLines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of printable(text).trim().split(' ')) {
    if (word.length === 0) continue;
    for (let w = word; w.length > 0; w = w.slice(cols)) {
      const piece = w.slice(0, cols);
      if (line.length === 0) line = piece;
      else if (line.length + 1 + piece.length <= cols) line += ` ${piece}`;
      else {
        out.push(line);
        line = piece;
      }
      if (w.length <= cols) break;
    }
  }
  if (line) out.push(line);
  return out.length > maxLines ? [...out.slice(0, maxLines - 1), `${out[maxLines - 1]!.slice(0, cols - 3)}...`] : out;
}

const secs = (ms: number): string => `${(ms / 1000).toFixed(1)}S`;

/** The upper part of a section as drawn last, per place on the canvas: it changes only at decision boundaries. */
const upperCache = new WeakMap<Canvas, Map<string, { key: string; rows: Uint8Array }>>();

/** The upper part's lines for a decision: the header, then what the model thought and said, the note and the parsed chunk. */
function upperLines(label: string, d: SlotMoment['decision']): { s: string; c: Rgb }[] {
  const text: { s: string; c: Rgb }[] = [{ s: `${printable(label)}  ${d ? `STEP ${d.step} AT ${secs(d.observedAtMs)} ${d.status}${d.invalidReason ? ` (${d.invalidReason})` : ''}` : 'NO DECISION YET'}`, c: TEXT }];
  if (d?.reasoning) for (const l of wrap(`THINKS: ${d.reasoning}`, COLS, 6)) text.push({ s: l, c: [150, 200, 255] });
  if (d?.answer) for (const l of wrap(`SAYS: ${d.answer}`, COLS, 5)) text.push({ s: l, c: TEXT });
  if (d?.note) for (const l of wrap(`NOTE: ${d.note}`, COLS, 3)) text.push({ s: l, c: TEXT });
  if (d?.chunk) for (const l of wrap(`CHUNK: LOOK ${d.chunk.look.dx},${d.chunk.look.dy} / ${d.chunk.steps.map((s) => (s.length ? s.join('+') : '-')).join(' ')}`, COLS, 3)) text.push({ s: l, c: DIM });
  return text;
}

/** The most text lines any of a slot's decisions so far needs (so the charts below keep their place), per timeline. */
const mostLines = new WeakMap<EpisodeTimeline, Map<number, { count: number; lines: number }>>();
function textLinesOf(timeline: EpisodeTimeline, slot: number, label: string): number {
  const decisions = timeline.decisionsOf(slot);
  const bySlot = mostLines.get(timeline) ?? new Map<number, { count: number; lines: number }>();
  mostLines.set(timeline, bySlot);
  const hit = bySlot.get(slot);
  if (hit?.count === decisions.length) return hit.lines;
  const lines = Math.max(2, ...decisions.slice(hit?.count ?? 0).map((d) => upperLines(label, d).length), hit?.lines ?? 0);
  bySlot.set(slot, { count: decisions.length, lines });
  return lines;
}

function drawUpper(canvas: Canvas, x: number, y: number, height: number, label: string, m: SlotMoment): void {
  const d = m.decision;
  const key = `${label}|${d ? `${d.slot}:${d.step}` : '-'}`;
  const places = upperCache.get(canvas) ?? new Map<string, { key: string; rows: Uint8Array }>();
  upperCache.set(canvas, places);
  const place = `${x},${y},${height}`;
  const rowBytes = PANEL_WIDTH * 3;
  const hit = places.get(place);
  if (hit?.key === key) {
    for (let r = 0; r < height; r++) canvas.rgb.set(hit.rows.subarray(r * rowBytes, (r + 1) * rowBytes), ((y + r) * canvas.width + x) * 3);
    return;
  }
  fillRect(canvas, x, y, PANEL_WIDTH, height, BG);
  const rows = Math.max(1, Math.floor((height - 2 * PAD) / LINE));
  upperLines(label, d)
    .slice(0, rows)
    .forEach((t, i) => drawText(canvas, t.s, x + PAD, y + PAD + i * LINE, { color: t.c, glyphs: PANEL_GLYPHS }));
  const saved = new Uint8Array(height * rowBytes);
  for (let r = 0; r < height; r++) saved.set(canvas.rgb.subarray(((y + r) * canvas.width + x) * 3, ((y + r) * canvas.width + x) * 3 + rowBytes), r * rowBytes);
  places.set(place, { key, rows: saved });
}

/**
 * Draws one player's section into `canvas` at (x, y) with `height` px: the decision text at the top, then (when
 * `charts` is given and there is room) the clock timeline and progress over game time, then the phase and clock lines.
 */
export function drawSection(canvas: Canvas, x: number, y: number, height: number, label: string, m: SlotMoment, charts?: { readonly timeline: EpisodeTimeline; readonly t: number }): void {
  const lowerTop = y + height - PAD - 4 * LINE - 4;
  const upperH = lowerTop - y;
  // The text takes what the slot's longest decision so far needs (at least three lines when space is short); the charts the rest.
  const wanted = charts ? 2 * PAD + textLinesOf(charts.timeline, m.slot, label) * LINE : upperH;
  const fit = Math.max(Math.min(wanted, upperH - CHARTS_MIN_HEIGHT - 4), 2 * PAD + 3 * LINE);
  const textH = charts && upperH - fit - 4 >= CHARTS_MIN_HEIGHT ? fit : upperH;
  drawUpper(canvas, x, y, textH, label, m);
  if (charts && textH < upperH) drawCharts(canvas, x + PAD, y + textH, PANEL_WIDTH - 2 * PAD, upperH - textH - 4, m.slot, charts.t, charts.timeline);
  if (textH < upperH) fillRect(canvas, x, y + upperH - 4, PANEL_WIDTH, 4, BG);
  fillRect(canvas, x, lowerTop, PANEL_WIDTH, y + height - lowerTop, BG);
  const base = lowerTop + 4;
  fillRect(canvas, x, lowerTop, PANEL_WIDTH, 1, [50, 54, 64]);
  fillRect(canvas, x + PAD, base, 10, GLYPH_HEIGHT, PHASE[m.phase]);
  const phase = m.phase === 'thinking' ? 'THINKING (CHARGED LATENCY)' : m.phase === 'acting' ? 'ACTING' : m.phase === 'waiting' ? 'WAITING (OBSERVATION DELAY)' : 'START';
  drawText(canvas, phase, x + PAD + 16, base, { color: PHASE[m.phase] });
  drawText(canvas, `KEYS: ${m.keys.length ? m.keys.join(' ') : '-'}`, x + PAD, base + LINE, { color: TEXT });
  drawText(canvas, `GAME TIME THINKING ${secs(m.thinkingMs)} ACTING ${secs(m.actingMs)}`, x + PAD, base + 2 * LINE, { color: TEXT });
  drawText(canvas, `WALL TIME DECIDING ${secs(m.wallThinkingMs)}`, x + PAD, base + 3 * LINE, { color: DIM });
}
