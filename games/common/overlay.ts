/** Overlay pieces of the walk-and-use games (cue_chase, scene_escape): world labels, the timer row and centred notes. */
import { drawText, fillRect, measureText, textHeight, toViewSpace, type Canvas, type Rgb, type View } from '../render/index.js';
import { HUD_SHADOW, HUD_TEXT, minutesAndSeconds } from './hud.js';

/** The backdrop of these overlays' boxes. */
export const OVERLAY_BACK: Rgb = [14, 16, 28];

/** A label shown on screen: what it names, its anchor's pixel, and its depth in the view, m. */
export interface PlacedLabel<L> {
  readonly label: L;
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

const scratch = new Float64Array(3);

/**
 * The labels whose anchors are in view, at or below row `topRow` (clear of the HUD rows), and not hidden behind
 * anything nearer drawn at their pixel; farthest first, so nearer ones are drawn over them.
 */
export function placeLabels<L extends { readonly x: number; readonly y: number; readonly z: number }>(
  canvas: Canvas,
  view: View,
  labels: readonly L[],
  topRow: number,
): PlacedLabel<L>[] {
  const placed: PlacedLabel<L>[] = [];
  for (const label of labels) {
    toViewSpace(view, label.x, label.y, label.z, scratch, 0);
    const z = scratch[2]!;
    if (z < 0.5) continue;
    const x = Math.round(view.width / 2 + (scratch[0]! * view.focal) / z);
    const y = Math.round(view.height / 2 - (scratch[1]! * view.focal) / z);
    if (x < 0 || y < topRow || x >= canvas.width || y >= canvas.height) continue;
    if ((canvas.depth[y * canvas.width + x] ?? 0) > (1 / z) * 1.03) continue;
    placed.push({ label, x, y, z });
  }
  return placed.sort((a, b) => b.z - a.z);
}

/** Left edge of a label `w` pixels wide centred on column `x`, kept inside the frame. */
export function labelLeft(canvas: Canvas, x: number, w: number, unit: number): number {
  return Math.min(canvas.width - w - 3 * unit, Math.max(3 * unit, x - Math.round(w / 2)));
}

/** The timer (top left) and `count` (top right) on boxes at row `row`. */
export function drawTimerRow(canvas: Canvas, row: number, secondsLeft: number, count: string, unit: number): void {
  const line = textHeight(unit);
  const pad = 3 * unit;
  const time = `TIME ${minutesAndSeconds(secondsLeft)}`;
  fillRect(canvas, pad, row, measureText(time, unit) + 2 * pad, line + 2 * pad, OVERLAY_BACK, 170);
  drawText(canvas, time, 2 * pad, row + pad, { scale: unit, color: HUD_TEXT, shadow: HUD_SHADOW });
  const cw = measureText(count, unit);
  fillRect(canvas, canvas.width - cw - 3 * pad, row, cw + 2 * pad, line + 2 * pad, OVERLAY_BACK, 170);
  drawText(canvas, count, canvas.width - cw - 2 * pad, row + pad, { scale: unit, color: HUD_TEXT, shadow: HUD_SHADOW });
}

/** `text` centred across the frame at row `y` on a box, in `color`. */
export function drawCentredNote(canvas: Canvas, text: string, y: number, unit: number, color: Rgb): void {
  const pad = 3 * unit;
  const w = measureText(text, unit);
  const x = Math.round((canvas.width - w) / 2);
  fillRect(canvas, x - 2 * pad, y - pad, w + 4 * pad, textHeight(unit) + 2 * pad, OVERLAY_BACK, 200);
  drawText(canvas, text, x, y, { scale: unit, color, shadow: HUD_SHADOW });
}
