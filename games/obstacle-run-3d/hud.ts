/** The heads-up display of obstacle_run_3d: the countdown and the distance bar. */
import { drawText, fillRect, measureText, textHeight, type Canvas, type Rgb } from '../render/index.js';

const BACK: Rgb = [16, 20, 36];
const TEXT: Rgb = [255, 255, 255];
const SHADOW: Rgb = [0, 0, 0];
const BAR_EMPTY: Rgb = [52, 58, 78];
const BAR_FILL: Rgb = [92, 214, 96];
const LOW_TIME: Rgb = [255, 112, 90];

/** Time left as M:SS, rounded up to the second. */
export function formatClock(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Draws the title, the countdown (top centre) and the labelled distance bar (top right). */
export function drawHud(canvas: Canvas, title: string, msLeft: number, progress: number): void {
  const { width, height } = canvas;
  const unit = Math.max(1, Math.round(height / 180));
  const pad = 3 * unit;
  drawText(canvas, title, 4 * unit, 4 * unit, { scale: unit, color: TEXT, shadow: SHADOW });

  const clock = formatClock(msLeft);
  const big = unit * 2;
  const cw = measureText(clock, big);
  const cx = Math.round((width - cw) / 2);
  const cy = 4 * unit;
  fillRect(canvas, cx - pad * 2, cy - pad, cw + pad * 4, textHeight(big) + pad * 2, BACK, 160);
  drawText(canvas, clock, cx, cy, { scale: big, color: msLeft <= 30_000 ? LOW_TIME : TEXT, shadow: SHADOW });

  const label = `DISTANCE ${Math.floor(progress * 100)}%`;
  const barW = Math.round(width * 0.28);
  const barH = 6 * unit;
  const bx = width - barW - 4 * unit;
  const by = 4 * unit + textHeight(unit) + 2 * unit;
  fillRect(canvas, bx - pad, 4 * unit - pad, barW + pad * 2, by + barH + pad - (4 * unit - pad), BACK, 160);
  drawText(canvas, label, bx, 4 * unit, { scale: unit, color: TEXT, shadow: SHADOW });
  fillRect(canvas, bx, by, barW, barH, TEXT);
  fillRect(canvas, bx + unit, by + unit, barW - 2 * unit, barH - 2 * unit, BAR_EMPTY);
  fillRect(canvas, bx + unit, by + unit, Math.round((barW - 2 * unit) * Math.min(1, Math.max(0, progress))), barH - 2 * unit, BAR_FILL);
}
