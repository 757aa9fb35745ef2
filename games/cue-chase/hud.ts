/** cue_chase's 2D overlay: the hint, trade count, timer, the held item, the interaction prompt, messages and landmark names. */
import { drawText, fillRect, measureText, textHeight, type Canvas, type Rgb, type View } from '../render/index.js';
import { HUD_SHADOW, HUD_TEXT, hudUnit } from '../common/hud.js';
import { OVERLAY_BACK, drawCentredNote, drawTimerRow, labelLeft, placeLabels } from '../common/overlay.js';
import { withArticle } from './plaza.js';
import type { Scene } from './scene.js';

const HINT: Rgb = [255, 226, 90];
const PROMPT: Rgb = [255, 226, 60];
const GOOD: Rgb = [120, 240, 120];
const BAD: Rgb = [255, 150, 80];
const LABEL: Rgb = [236, 236, 236];

/** A landmark name drawn over the world. */
export interface Label {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** Draws `labels` where their anchor is in view and not hidden behind something nearer. */
export function drawLabels(canvas: Canvas, view: View, labels: readonly Label[]): void {
  const unit = hudUnit(canvas.height);
  // Labels stay clear of the HUD rows at the top.
  for (const p of placeLabels(canvas, view, labels, 40 * unit)) {
    const text = p.label.text.toUpperCase();
    const w = measureText(text, unit);
    const left = labelLeft(canvas, p.x, w, unit);
    const top = p.y - textHeight(unit) - unit;
    fillRect(canvas, left - 2 * unit, top - unit, w + 4 * unit, textHeight(unit) + 2 * unit, OVERLAY_BACK, 150);
    drawText(canvas, text, left, top, { scale: unit, color: LABEL, shadow: HUD_SHADOW });
  }
}

/** Draws the HUD over the finished scene. */
export function drawHud(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const unit = hudUnit(height);
  const line = textHeight(unit);
  const pad = 3 * unit;
  // The hint, two lines at the top centre.
  const lines: [string, Rgb][] =
    scene.hint === undefined ? [['ALL TRADES DONE!', HINT]] : [[`TRADE YOUR ${scene.item.toUpperCase()} WITH`, HUD_TEXT], [scene.hint.toUpperCase(), HINT]];
  const bw = Math.max(...lines.map(([t]) => measureText(t, unit)));
  const bx = Math.round((width - bw) / 2);
  fillRect(canvas, bx - 2 * pad, pad, bw + 4 * pad, lines.length * (line + pad) + pad, OVERLAY_BACK, 200);
  lines.forEach(([t, color], i) => drawText(canvas, t, Math.round((width - measureText(t, unit)) / 2), 2 * pad + i * (line + pad), { scale: unit, color, shadow: HUD_SHADOW }));
  // Timer top left, trade count top right, below the hint.
  drawTimerRow(canvas, pad + lines.length * (line + pad) + 2 * pad, scene.secondsLeft, `TRADES ${scene.tradeIndex}/${scene.tradeCount}`, unit);
  // The held item, bottom left.
  const holding = `HOLDING: ${withArticle(scene.item).toUpperCase()}`;
  const hy = height - line - 2 * pad;
  fillRect(canvas, pad, hy - pad, measureText(holding, unit) + 2 * pad, line + 2 * pad, OVERLAY_BACK, 200);
  drawText(canvas, holding, 2 * pad, hy, { scale: unit, color: HINT, shadow: HUD_SHADOW });
  // Prompt and message, bottom centre above the held item.
  const y = height - 3 * line - 8 * pad;
  if (scene.prompt !== undefined) drawCentredNote(canvas, scene.prompt.toUpperCase(), y + line + 2 * pad, unit, PROMPT);
  if (scene.message !== undefined) drawCentredNote(canvas, scene.message.text.toUpperCase(), y, unit, scene.message.good ? GOOD : BAD);
}
