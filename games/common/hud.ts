/** HUD pieces several games draw: the pixel unit, countdowns, boxed counters, bars and result banners. */
import { drawText, fillRect, measureText, textHeight, type Canvas, type Rgb } from '../render/index.js';

/** The translucent backdrop of HUD boxes. */
export const HUD_BACK: Rgb = [16, 20, 36];
/** HUD text, white. */
export const HUD_TEXT: Rgb = [255, 255, 255];
/** The drop shadow under HUD text, black. */
export const HUD_SHADOW: Rgb = [0, 0, 0];
const BAR_EMPTY: Rgb = [60, 60, 66];

/** What a finished duel says to each side. */
export const RESULT_TEXT = { win: 'VICTORY', draw: 'DRAW', loss: 'DEFEAT' } as const;

/** The HUD's pixel unit: one per 180 rows of frame, at least 1. */
export function hudUnit(height: number): number {
  return Math.max(1, Math.round(height / 180));
}

/** Whole seconds left of `msLeft`, rounded up, never below 0. */
export function secondsLeft(msLeft: number): number {
  return Math.max(0, Math.ceil(msLeft / 1000));
}

/** `seconds` as M:SS. */
export function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Time left as M:SS, rounded up to the second. */
export function formatClock(msLeft: number): string {
  return minutesAndSeconds(secondsLeft(msLeft));
}

/** How a boxed counter at the top centre looks: text scale, text top row, box margins, backdrop and text colour. */
export interface CounterStyle {
  readonly scale: number;
  readonly top: number;
  readonly padX: number;
  readonly padY: number;
  readonly back: Rgb;
  readonly alpha: number;
  readonly color: Rgb;
}

/** Draws `text` centred across the frame at `style.top` on a translucent box. */
export function drawTopCounter(canvas: Canvas, text: string, style: CounterStyle): void {
  const w = measureText(text, style.scale);
  const x = Math.round((canvas.width - w) / 2);
  fillRect(canvas, x - style.padX, style.top - style.padY, w + 2 * style.padX, textHeight(style.scale) + 2 * style.padY, style.back, style.alpha);
  drawText(canvas, text, x, style.top, { scale: style.scale, color: style.color, shadow: HUD_SHADOW });
}

/** A bar at (x, y) of w x h pixels, filled `fraction` (clamped to [0, 1]) with `color`, on a dark frame. */
export function drawFillBar(canvas: Canvas, x: number, y: number, w: number, h: number, fraction: number, color: Rgb): void {
  fillRect(canvas, x - 2, y - 2, w + 4, h + 4, HUD_SHADOW);
  fillRect(canvas, x, y, w, h, BAR_EMPTY);
  fillRect(canvas, x, y, Math.round(w * Math.max(0, Math.min(1, fraction))), h, color);
}

/** `text` at `scale` centred on a band across the frame, `lift` pixels above the middle. */
export function drawBanner(canvas: Canvas, text: string, scale: number, lift = 0): void {
  const unit = hudUnit(canvas.height);
  const w = measureText(text, scale);
  const y = Math.round(canvas.height / 2 - textHeight(scale) / 2) - lift;
  fillRect(canvas, 0, y - 4 * unit, canvas.width, textHeight(scale) + 8 * unit, HUD_BACK, 170);
  drawText(canvas, text, Math.round((canvas.width - w) / 2), y, { scale, color: HUD_TEXT, shadow: HUD_SHADOW });
}
