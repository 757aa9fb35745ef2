/** scene_escape's 2D overlay: the current task, task count, timer, interaction prompt, messages, keys held and object labels. */
import { drawText, fillRect, measureText, textHeight, type Canvas, type Rgb, type View } from '../render/index.js';
import { HUD_SHADOW, HUD_TEXT, hudUnit } from '../common/hud.js';
import { OVERLAY_BACK, drawCentredNote, drawTimerRow, labelLeft, placeLabels } from '../common/overlay.js';
import type { WalkerBody } from '../common/walker.js';
import { OBJECT_RGB } from './palette.js';
import { COLOURS, type ColourName } from './rules.js';
import type { Scene } from './scene.js';

const PROMPT: Rgb = [255, 226, 60];
const GOOD: Rgb = [120, 240, 120];
const BAD: Rgb = [255, 150, 80];
const TASK: Rgb = [255, 236, 150];
const PLATE: Rgb = [236, 236, 230];

/** A name drawn over an object in the world. */
export interface Label {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly color: Rgb;
}

/** Labels farther than this from the player are not drawn, m. */
const LABEL_RANGE = 9;

/** Draws `labels` over the scene where their anchor is in view and not hidden behind something nearer. */
export function drawLabels(canvas: Canvas, view: View, labels: readonly Label[], body: WalkerBody): void {
  const unit = hudUnit(canvas.height);
  const near = labels.filter((label) => Math.hypot(label.x - body.x, label.z - body.z) <= LABEL_RANGE);
  // Labels stay clear of the HUD rows at the top.
  for (const p of placeLabels(canvas, view, near, 32 * unit)) {
    const text = p.label.text.toUpperCase();
    const w = measureText(text, unit);
    const left = labelLeft(canvas, p.x, w, unit);
    const top = p.y - textHeight(unit) - 2 * unit;
    // Dark colours read better on a light plate, light ones on a dark plate.
    const [r, g, b] = p.label.color;
    const light = 0.3 * r + 0.59 * g + 0.11 * b < 110;
    fillRect(canvas, left - 2 * unit, top - unit, w + 4 * unit, textHeight(unit) + 2 * unit, light ? PLATE : OVERLAY_BACK, 210);
    drawText(canvas, text, left, top, { scale: unit, color: p.label.color, ...(light ? {} : { shadow: HUD_SHADOW }) });
  }
}

/** Draws the HUD over the finished scene. */
export function drawHud(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const unit = hudUnit(height);
  const line = textHeight(unit);
  const pad = 3 * unit;
  // Current task, top centre.
  const task = `CURRENT TASK: ${scene.task.toUpperCase()}`;
  const tw = measureText(task, unit);
  const tx = Math.round((width - tw) / 2);
  fillRect(canvas, tx - 2 * pad, pad, tw + 4 * pad, line + 2 * pad, OVERLAY_BACK, 200);
  drawText(canvas, task, tx, 2 * pad, { scale: unit, color: TASK, shadow: HUD_SHADOW });
  // Timer top left, task count top right, below the banner's row.
  drawTimerRow(canvas, line + 4 * pad, scene.secondsLeft, `TASKS DONE ${scene.taskIndex}/${scene.taskCount}`, unit);
  // Keys held, bottom left.
  if (scene.inventory.length > 0) {
    const label = 'KEYS:';
    const y = height - line - 2 * pad;
    const swatches = scene.inventory.map((c) => c.toUpperCase());
    const w = measureText(label, unit) + swatches.reduce((n, s) => n + measureText(s, unit) + pad, 0) + 2 * pad;
    fillRect(canvas, pad, y - pad, w + pad, line + 2 * pad, OVERLAY_BACK, 170);
    drawText(canvas, label, 2 * pad, y, { scale: unit, color: HUD_TEXT, shadow: HUD_SHADOW });
    let x = 2 * pad + measureText(label, unit) + pad;
    for (const name of scene.inventory) {
      const color = COLOURS.includes(name as ColourName) ? OBJECT_RGB[name as ColourName] : HUD_TEXT;
      drawText(canvas, name.toUpperCase(), x, y, { scale: unit, color, shadow: HUD_SHADOW });
      x += measureText(name, unit) + pad;
    }
  }
  // Prompt and message, bottom centre.
  const y = height - 2 * line - 6 * pad;
  if (scene.prompt !== undefined) drawCentredNote(canvas, scene.prompt.toUpperCase(), y + line + 2 * pad, unit, PROMPT);
  if (scene.message !== undefined) drawCentredNote(canvas, scene.message.text.toUpperCase(), y, unit, scene.message.good ? GOOD : BAD);
}
