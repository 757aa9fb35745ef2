/** monster_shoot's 2D overlay: crosshair, player HP, countdown, monsters left, damage share and the hurt flash. */
import { drawText, fillRect, measureText, textHeight, type Canvas, type Rgb } from '../render/index.js';
import { HUD_SHADOW, HUD_TEXT, drawTopCounter, hudUnit } from '../common/hud.js';
import { Rules } from './rules.js';
import type { Scene } from './scene.js';

const HUD_BACK: Rgb = [16, 18, 30];
const CROSS: Rgb = [255, 255, 255];
const CROSS_ON: Rgb = [255, 40, 40];
const HP_FULL: Rgb = [60, 210, 80];
const HP_LOW: Rgb = [230, 50, 40];
const HURT: Rgb = [220, 0, 0];
const ARROW: Rgb = [255, 70, 50];

/** Draws the overlay over the finished 3D scene. */
export function drawHud(canvas: Canvas, scene: Scene, offscreen: { readonly left: number; readonly right: number }): void {
  const { width, height } = canvas;
  const unit = hudUnit(height);
  if (scene.hurtMs > 0) {
    const a = Math.round((150 * scene.hurtMs) / Rules.hurtFlashMs);
    const e = 10 * unit;
    fillRect(canvas, 0, 0, width, e, HURT, a);
    fillRect(canvas, 0, height - e, width, e, HURT, a);
    fillRect(canvas, 0, e, e, height - 2 * e, HURT, a);
    fillRect(canvas, width - e, e, e, height - 2 * e, HURT, a);
  }
  drawCrosshair(canvas, unit, scene.onTarget);
  if (offscreen.left > 0) drawArrow(canvas, unit, -1, offscreen.left);
  if (offscreen.right > 0) drawArrow(canvas, unit, 1, offscreen.right);
  const pad = 3 * unit;
  const small = unit;
  const line = textHeight(small);
  // Player HP, top left.
  const hp = scene.body.hp;
  const barW = 60 * unit;
  fillRect(canvas, pad, pad, barW + 2 * pad + measureText('HP 100', small) + pad, line + 2 * pad, HUD_BACK, 170);
  drawText(canvas, `HP ${hp}`, 2 * pad, 2 * pad, { scale: small, color: HUD_TEXT, shadow: HUD_SHADOW });
  const bx = 2 * pad + measureText('HP 100', small) + pad;
  fillRect(canvas, bx, 2 * pad, barW, line, [50, 50, 50]);
  fillRect(canvas, bx, 2 * pad, Math.round((barW * hp) / Rules.playerHp), line, hp > 50 ? HP_FULL : HP_LOW);
  // Countdown, top centre.
  drawTopCounter(canvas, String(scene.secondsLeft), { scale: unit * 2, top: 2 * pad, padX: 2 * pad, padY: pad, back: HUD_BACK, alpha: 170, color: HUD_TEXT });
  // Monsters left and damage dealt, top right.
  const lines = [`MONSTERS LEFT ${scene.monstersLeft}`, `DAMAGE ${Math.floor(scene.progress * 100)}%`];
  const w = Math.max(...lines.map((l) => measureText(l, small)));
  fillRect(canvas, width - w - 3 * pad, pad, w + 2 * pad, 2 * line + 3 * pad, HUD_BACK, 170);
  lines.forEach((l, i) => drawText(canvas, l, width - w - 2 * pad, 2 * pad + i * (line + pad), { scale: small, color: HUD_TEXT, shadow: HUD_SHADOW }));
}

function drawCrosshair(canvas: Canvas, unit: number, on: boolean): void {
  const cx = Math.floor(canvas.width / 2);
  const cy = Math.floor(canvas.height / 2);
  const len = 6 * unit;
  const gap = 3 * unit;
  const t = unit;
  const color = on ? CROSS_ON : CROSS;
  const arms: [number, number, number, number][] = [
    [cx - gap - len, cy - Math.floor(t / 2), len, t],
    [cx + gap, cy - Math.floor(t / 2), len, t],
    [cx - Math.floor(t / 2), cy - gap - len, t, len],
    [cx - Math.floor(t / 2), cy + gap, t, len],
  ];
  for (const [x, y, w, h] of arms) fillRect(canvas, x - 1, y - 1, w + 2, h + 2, HUD_SHADOW);
  for (const [x, y, w, h] of arms) fillRect(canvas, x, y, w, h, color);
  fillRect(canvas, cx - Math.floor(t / 2), cy - Math.floor(t / 2), t, t, color);
}

/** A red arrow at the left (`side` -1) or right (1) edge with the number of monsters out of sight that way. */
function drawArrow(canvas: Canvas, unit: number, side: -1 | 1, count: number): void {
  const size = 9 * unit;
  const cy = Math.floor(canvas.height / 2);
  const tip = side < 0 ? 2 * unit : canvas.width - 2 * unit;
  for (let i = 0; i < size; i++) {
    const half = Math.round((i * size) / (2 * size)) + unit;
    const x = tip - side * i;
    fillRect(canvas, side < 0 ? x : x - 1, cy - half, 1, 2 * half, ARROW);
  }
  const label = String(count);
  const lx = side < 0 ? tip + size + unit : tip - size - unit - measureText(label, unit * 2);
  drawText(canvas, label, lx, cy - textHeight(unit * 2) / 2, { scale: unit * 2, color: ARROW, shadow: HUD_SHADOW });
}
