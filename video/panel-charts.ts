/**
 * The lower middle of a player's panel section: the clock timeline (each decision's charged thinking in red
 * and its chunk acting in green along game time, a cursor at the moment shown) and the player's progress over
 * game time up to that moment, each with its axis in game seconds. Redrawn every video frame.
 */
import { drawText, fillRect, GLYPH_HEIGHT, type Canvas, type Rgb } from '../games/index.js';
import type { EpisodeTimeline } from './episode-timeline.js';

const LINE = GLYPH_HEIGHT + 4;
const STRIP = 10;
/** The least height the two charts need, px. */
export const CHARTS_MIN_HEIGHT = 3 * LINE + STRIP + 24;
const BG: Rgb = [18, 20, 26];
const TRACK: Rgb = [40, 44, 54];
const TEXT: Rgb = [220, 224, 232];
const DIM: Rgb = [140, 148, 160];
const THINKING: Rgb = [214, 72, 60];
const ACTING: Rgb = [60, 180, 90];
const CURSOR: Rgb = [245, 245, 245];
const LINE_RGB: Rgb = [90, 170, 255];

const secs = (ms: number): string => `${Math.round(ms / 1000)}S`;

/** The time axis: the whole episode when known, else the moment rounded up to the next 10 s (at least 10 s). */
function axisEnd(timeline: EpisodeTimeline, t: number): number {
  if (timeline.endMs !== undefined && timeline.endMs > 0) return Math.max(timeline.endMs, t);
  return Math.max(10_000, Math.ceil(t / 10_000) * 10_000);
}

/** Draws both charts of `slot` at game time `t` into the box (x, y, width, height). */
export function drawCharts(canvas: Canvas, x: number, y: number, width: number, height: number, slot: number, t: number, timeline: EpisodeTimeline): void {
  fillRect(canvas, x, y, width, height, BG);
  const end = axisEnd(timeline, t);
  const X = (ms: number): number => x + Math.round((Math.min(Math.max(ms, 0), end) / end) * (width - 1));
  const axis = (top: number): void => {
    drawText(canvas, '0S', x, top, { color: DIM });
    const label = secs(end);
    drawText(canvas, label, x + width - label.length * 6, top, { color: DIM });
  };
  // The clock timeline.
  drawText(canvas, 'CLOCK: THINKING (CHARGED)', x, y, { color: THINKING });
  drawText(canvas, 'ACTING', x + 27 * 6, y, { color: ACTING });
  const strip = y + LINE;
  fillRect(canvas, x, strip, width, STRIP, TRACK);
  for (const s of timeline.spans(slot, t)) {
    const a = X(s.observedAtMs);
    const b = X(Math.min(s.chunkStartMs, t));
    if (b > a) fillRect(canvas, a, strip, b - a, STRIP, THINKING);
    if (t > s.chunkStartMs) {
      const c = X(Math.min(s.chunkEndMs, t));
      if (c > b) fillRect(canvas, b, strip, c - b, STRIP, ACTING);
    }
  }
  fillRect(canvas, X(t), strip - 2, 1, STRIP + 4, CURSOR);
  axis(strip + STRIP + 3);
  // Progress over game time (0 to 1), or the benchmark's raw score under its profile (on the run's whole range).
  const top = strip + STRIP + 3 + LINE + 4;
  const points = timeline.scoreOf(slot, t);
  const last = points[points.length - 1];
  const benchmark = timeline.benchmark !== undefined;
  drawText(canvas, `${benchmark ? 'BENCHMARK SCORE' : 'PROGRESS'} ${last ? last.value.toFixed(2) : '-'}`, x, top, { color: TEXT });
  const box = { y0: top + LINE, y1: y + height - LINE - 2 };
  if (box.y1 - box.y0 < 6) return;
  fillRect(canvas, x, box.y0, width, box.y1 - box.y0, TRACK);
  const { lo, hi } = timeline.scoreRange(slot);
  const label = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(1));
  if (box.y1 - box.y0 >= 2 * LINE) {
    drawText(canvas, label(hi), x + 2, box.y0 + 2, { color: DIM });
    drawText(canvas, label(lo), x + 2, box.y1 - GLYPH_HEIGHT - 3, { color: DIM });
  }
  const Y = (p: number): number => box.y1 - 1 - Math.round(Math.min(1, Math.max(0, (p - lo) / (hi - lo))) * (box.y1 - box.y0 - 1));
  // A step line: each report holds until the next (or the moment shown).
  points.forEach((pt, i) => {
    const x0 = X(pt.simMs);
    const x1 = X(points[i + 1]?.simMs ?? t);
    fillRect(canvas, x0, Y(pt.value), Math.max(1, x1 - x0 + 1), 2, LINE_RGB);
    const prev = points[i - 1];
    if (prev) {
      const [a, b] = [Y(prev.value), Y(pt.value)].sort((m, n) => m - n);
      fillRect(canvas, x0, a!, 1, b! - a! + 2, LINE_RGB);
    }
  });
  fillRect(canvas, X(t), box.y0, 1, box.y1 - box.y0, CURSOR);
  axis(box.y1 + 2);
}
