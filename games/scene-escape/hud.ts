/** scene_escape's 2D overlay: the current task, task count, timer, interaction prompt, messages, keys held and object labels. */
import { drawText, fillRect, measureText, textHeight, toViewSpace, type Canvas, type Rgb, type View } from '../render/index.js';
import { OBJECT_RGB } from './palette.js';
import type { PlayerBody } from './player.js';
import { COLOURS, type ColourName } from './rules.js';
import type { Scene } from './scene.js';

const BACK: Rgb = [14, 16, 28];
const TEXT: Rgb = [255, 255, 255];
const SHADOW: Rgb = [0, 0, 0];
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
const scratch = new Float64Array(3);

/** Draws `labels` over the scene where their anchor is in view and not hidden behind something nearer. */
export function drawLabels(canvas: Canvas, view: View, labels: readonly Label[], body: PlayerBody): void {
  const unit = Math.max(1, Math.round(canvas.height / 180));
  const placed: { x: number; y: number; z: number; label: Label }[] = [];
  for (const label of labels) {
    if (Math.hypot(label.x - body.x, label.z - body.z) > LABEL_RANGE) continue;
    toViewSpace(view, label.x, label.y, label.z, scratch, 0);
    const z = scratch[2]!;
    if (z < 0.5) continue;
    const x = Math.round(view.width / 2 + (scratch[0]! * view.focal) / z);
    const y = Math.round(view.height / 2 - (scratch[1]! * view.focal) / z);
    // Labels stay clear of the HUD rows at the top.
    if (x < 0 || y < 32 * unit || x >= canvas.width || y >= canvas.height) continue;
    // Hidden when something nearer than the anchor was drawn at its pixel.
    const seen = canvas.depth[y * canvas.width + x] ?? 0;
    if (seen > (1 / z) * 1.03) continue;
    placed.push({ x, y, z, label });
  }
  placed.sort((a, b) => b.z - a.z);
  for (const p of placed) {
    const text = p.label.text.toUpperCase();
    const w = measureText(text, unit);
    const left = Math.min(canvas.width - w - 3 * unit, Math.max(3 * unit, p.x - Math.round(w / 2)));
    const top = p.y - textHeight(unit) - 2 * unit;
    // Dark colours read better on a light plate, light ones on a dark plate.
    const [r, g, b] = p.label.color;
    const light = 0.3 * r + 0.59 * g + 0.11 * b < 110;
    fillRect(canvas, left - 2 * unit, top - unit, w + 4 * unit, textHeight(unit) + 2 * unit, light ? PLATE : BACK, 210);
    drawText(canvas, text, left, top, { scale: unit, color: p.label.color, ...(light ? {} : { shadow: SHADOW }) });
  }
}

/** Draws the HUD over the finished scene. */
export function drawHud(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const unit = Math.max(1, Math.round(height / 180));
  const line = textHeight(unit);
  const pad = 3 * unit;
  // Current task, top centre.
  const task = `CURRENT TASK: ${scene.task.toUpperCase()}`;
  const tw = measureText(task, unit);
  const tx = Math.round((width - tw) / 2);
  fillRect(canvas, tx - 2 * pad, pad, tw + 4 * pad, line + 2 * pad, BACK, 200);
  drawText(canvas, task, tx, 2 * pad, { scale: unit, color: TASK, shadow: SHADOW });
  // Timer top left, task count top right, below the banner's row.
  const row = line + 4 * pad;
  const minutes = Math.floor(scene.secondsLeft / 60);
  const time = `TIME ${minutes}:${String(scene.secondsLeft % 60).padStart(2, '0')}`;
  fillRect(canvas, pad, row, measureText(time, unit) + 2 * pad, line + 2 * pad, BACK, 170);
  drawText(canvas, time, 2 * pad, row + pad, { scale: unit, color: TEXT, shadow: SHADOW });
  const count = `TASKS DONE ${scene.taskIndex}/${scene.taskCount}`;
  const cw = measureText(count, unit);
  fillRect(canvas, width - cw - 3 * pad, row, cw + 2 * pad, line + 2 * pad, BACK, 170);
  drawText(canvas, count, width - cw - 2 * pad, row + pad, { scale: unit, color: TEXT, shadow: SHADOW });
  // Keys held, bottom left.
  if (scene.inventory.length > 0) {
    const label = 'KEYS:';
    const y = height - line - 2 * pad;
    const swatches = scene.inventory.map((c) => c.toUpperCase());
    const w = measureText(label, unit) + swatches.reduce((n, s) => n + measureText(s, unit) + pad, 0) + 2 * pad;
    fillRect(canvas, pad, y - pad, w + pad, line + 2 * pad, BACK, 170);
    drawText(canvas, label, 2 * pad, y, { scale: unit, color: TEXT, shadow: SHADOW });
    let x = 2 * pad + measureText(label, unit) + pad;
    for (const name of scene.inventory) {
      const color = COLOURS.includes(name as ColourName) ? OBJECT_RGB[name as ColourName] : TEXT;
      drawText(canvas, name.toUpperCase(), x, y, { scale: unit, color, shadow: SHADOW });
      x += measureText(name, unit) + pad;
    }
  }
  // Prompt and message, bottom centre.
  const y = height - 2 * line - 6 * pad;
  if (scene.prompt !== undefined) centred(canvas, scene.prompt.toUpperCase(), y + line + 2 * pad, unit, PROMPT);
  if (scene.message !== undefined) centred(canvas, scene.message.text.toUpperCase(), y, unit, scene.message.good ? GOOD : BAD);
}

function centred(canvas: Canvas, text: string, y: number, unit: number, color: Rgb): void {
  const pad = 3 * unit;
  const w = measureText(text, unit);
  const x = Math.round((canvas.width - w) / 2);
  fillRect(canvas, x - 2 * pad, y - pad, w + 4 * pad, textHeight(unit) + 2 * pad, BACK, 200);
  drawText(canvas, text, x, y, { scale: unit, color, shadow: SHADOW });
}
