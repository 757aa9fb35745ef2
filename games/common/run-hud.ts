/** The heads-up display of the obstacle runs: the title, the countdown and the labelled distance bar. */
import { drawText, fillRect, textHeight, type Canvas, type Rgb } from '../render/index.js';
import { HUD_BACK, HUD_SHADOW, HUD_TEXT, drawTopCounter, formatClock, hudUnit } from './hud.js';

const BAR_EMPTY: Rgb = [52, 58, 78];
const BAR_FILL: Rgb = [92, 214, 96];
const LOW_TIME: Rgb = [255, 112, 90];

/** Draws `title` (top left), the countdown of `msLeft` (top centre, red in the last 30 s) and the distance bar of `progress` (top right). */
export function drawRunHud(canvas: Canvas, title: string, msLeft: number, progress: number): void {
  const { width, height } = canvas;
  const unit = hudUnit(height);
  const pad = 3 * unit;
  drawText(canvas, title, 4 * unit, 4 * unit, { scale: unit, color: HUD_TEXT, shadow: HUD_SHADOW });

  const color = msLeft <= 30_000 ? LOW_TIME : HUD_TEXT;
  drawTopCounter(canvas, formatClock(msLeft), { scale: unit * 2, top: 4 * unit, padX: pad * 2, padY: pad, back: HUD_BACK, alpha: 160, color });

  const label = `DISTANCE ${Math.floor(progress * 100)}%`;
  const barW = Math.round(width * 0.28);
  const barH = 6 * unit;
  const bx = width - barW - 4 * unit;
  const by = 4 * unit + textHeight(unit) + 2 * unit;
  fillRect(canvas, bx - pad, 4 * unit - pad, barW + pad * 2, by + barH + pad - (4 * unit - pad), HUD_BACK, 160);
  drawText(canvas, label, bx, 4 * unit, { scale: unit, color: HUD_TEXT, shadow: HUD_SHADOW });
  fillRect(canvas, bx, by, barW, barH, HUD_TEXT);
  fillRect(canvas, bx + unit, by + unit, barW - 2 * unit, barH - 2 * unit, BAR_EMPTY);
  fillRect(canvas, bx + unit, by + unit, Math.round((barW - 2 * unit) * Math.min(1, Math.max(0, progress))), barH - 2 * unit, BAR_FILL);
}
