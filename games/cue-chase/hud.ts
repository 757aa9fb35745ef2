/** cue_chase's 2D overlay: the hint, trade count, timer, the held item, the interaction prompt, messages and landmark names. */
import { drawText, fillRect, measureText, textHeight, toViewSpace, type Canvas, type Rgb, type View } from '../render/index.js';
import { withArticle } from './plaza.js';
import type { Scene } from './scene.js';

const BACK: Rgb = [14, 16, 28];
const TEXT: Rgb = [255, 255, 255];
const SHADOW: Rgb = [0, 0, 0];
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

const scratch = new Float64Array(3);

/** Draws `labels` where their anchor is in view and not hidden behind something nearer. */
export function drawLabels(canvas: Canvas, view: View, labels: readonly Label[]): void {
  const unit = Math.max(1, Math.round(canvas.height / 180));
  const placed: { x: number; y: number; z: number; text: string }[] = [];
  for (const label of labels) {
    toViewSpace(view, label.x, label.y, label.z, scratch, 0);
    const z = scratch[2]!;
    if (z < 0.5) continue;
    const x = Math.round(view.width / 2 + (scratch[0]! * view.focal) / z);
    const y = Math.round(view.height / 2 - (scratch[1]! * view.focal) / z);
    // Labels stay clear of the HUD rows at the top.
    if (x < 0 || y < 40 * unit || x >= canvas.width || y >= canvas.height) continue;
    if ((canvas.depth[y * canvas.width + x] ?? 0) > (1 / z) * 1.03) continue;
    placed.push({ x, y, z, text: label.text.toUpperCase() });
  }
  placed.sort((a, b) => b.z - a.z);
  for (const p of placed) {
    const w = measureText(p.text, unit);
    const left = Math.min(canvas.width - w - 3 * unit, Math.max(3 * unit, p.x - Math.round(w / 2)));
    const top = p.y - textHeight(unit) - unit;
    fillRect(canvas, left - 2 * unit, top - unit, w + 4 * unit, textHeight(unit) + 2 * unit, BACK, 150);
    drawText(canvas, p.text, left, top, { scale: unit, color: LABEL, shadow: SHADOW });
  }
}

/** Draws the HUD over the finished scene. */
export function drawHud(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const unit = Math.max(1, Math.round(height / 180));
  const line = textHeight(unit);
  const pad = 3 * unit;
  // The hint, two lines at the top centre.
  const lines: [string, Rgb][] =
    scene.hint === undefined ? [['ALL TRADES DONE!', HINT]] : [[`TRADE YOUR ${scene.item.toUpperCase()} WITH`, TEXT], [scene.hint.toUpperCase(), HINT]];
  const bw = Math.max(...lines.map(([t]) => measureText(t, unit)));
  const bx = Math.round((width - bw) / 2);
  fillRect(canvas, bx - 2 * pad, pad, bw + 4 * pad, lines.length * (line + pad) + pad, BACK, 200);
  lines.forEach(([t, color], i) => drawText(canvas, t, Math.round((width - measureText(t, unit)) / 2), 2 * pad + i * (line + pad), { scale: unit, color, shadow: SHADOW }));
  // Timer top left, trade count top right, below the hint.
  const row = pad + lines.length * (line + pad) + 2 * pad;
  const time = `TIME ${Math.floor(scene.secondsLeft / 60)}:${String(scene.secondsLeft % 60).padStart(2, '0')}`;
  fillRect(canvas, pad, row, measureText(time, unit) + 2 * pad, line + 2 * pad, BACK, 170);
  drawText(canvas, time, 2 * pad, row + pad, { scale: unit, color: TEXT, shadow: SHADOW });
  const count = `TRADES ${scene.tradeIndex}/${scene.tradeCount}`;
  const cw = measureText(count, unit);
  fillRect(canvas, width - cw - 3 * pad, row, cw + 2 * pad, line + 2 * pad, BACK, 170);
  drawText(canvas, count, width - cw - 2 * pad, row + pad, { scale: unit, color: TEXT, shadow: SHADOW });
  // The held item, bottom left.
  const holding = `HOLDING: ${withArticle(scene.item).toUpperCase()}`;
  const hy = height - line - 2 * pad;
  fillRect(canvas, pad, hy - pad, measureText(holding, unit) + 2 * pad, line + 2 * pad, BACK, 200);
  drawText(canvas, holding, 2 * pad, hy, { scale: unit, color: HINT, shadow: SHADOW });
  // Prompt and message, bottom centre above the held item.
  const y = height - 3 * line - 8 * pad;
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
