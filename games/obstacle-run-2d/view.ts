/** Draws obstacle_run_2d: a side view that follows the runner, with parallax clouds and the HUD. */
import { drawSkyGradient, drawText, fillRect, measureText, type Canvas, type Rgb } from '../render/index.js';
import type { Prng } from '../../protocol/index.js';
import { hudUnit } from '../common/hud.js';
import { drawRunHud } from '../common/run-hud.js';
import type { RunnerBody } from './body.js';
import type { Course, Platform } from './course.js';
import { Rules } from './rules.js';

/** A background cloud: world x at parallax, screen-height fraction, size in m. */
export interface Cloud {
  readonly x: number;
  readonly row: number;
  readonly size: number;
}

/** What the view needs of the game. */
export interface Scene {
  readonly course: Course;
  readonly body: RunnerBody;
  readonly clouds: readonly Cloud[];
  /** Height the camera frames (the last platform stood on), m. */
  readonly cameraY: number;
  readonly simMs: number;
  readonly timeLimitMs: number;
  readonly progress: number;
}

const SKY_TOP: Rgb = [58, 112, 200];
const SKY_HORIZON: Rgb = [200, 224, 246];
const SKY_BELOW: Rgb = [110, 140, 196];
const CLOUD: Rgb = [246, 248, 252];
const OUTLINE: Rgb = [40, 30, 26];
const SOIL: Rgb = [138, 98, 64];
const SOIL_DARK: Rgb = [104, 72, 48];
const GRASS: Rgb = [86, 184, 74];
const FINISH_DARK: Rgb = [24, 24, 28];
const FINISH_LIGHT: Rgb = [250, 250, 250];
const POLE: Rgb = [210, 210, 220];
const BODY: Rgb = [36, 86, 232];
const LEGS: Rgb = [26, 48, 140];
const HEAD: Rgb = [96, 144, 255];
const VISOR: Rgb = [240, 244, 252];
const FIGURE_OUTLINE: Rgb = [10, 16, 40];
const LABEL: Rgb = [255, 236, 120];
const LABEL_SHADOW: Rgb = [0, 0, 0];

/** Metres of world the frame shows vertically. */
const VIEW_HEIGHT_M = 11.25;
/** Screen fractions where the runner's x and the followed ground height sit. */
const RUNNER_COLUMN = 0.3;
const GROUND_ROW = 0.64;
/** Clouds move at this fraction of the camera's speed. */
const PARALLAX = 0.35;

/** Seeded background clouds along the course. */
export function makeClouds(prng: Prng, finishX: number): Cloud[] {
  const clouds: Cloud[] = [];
  for (let x = -12; x < finishX * PARALLAX + 30; x += 5 + prng.next() * 6) {
    clouds.push({ x, row: 0.18 + prng.next() * 0.5, size: 1.2 + prng.next() * 1.6 });
  }
  return clouds;
}

/** World-to-screen mapping for one frame. */
interface Frame {
  readonly scale: number;
  readonly left: number;
  readonly groundRow: number;
  readonly cameraY: number;
}

const sx = (f: Frame, x: number): number => (x - f.left) * f.scale;
const sy = (f: Frame, y: number): number => f.groundRow - (y - f.cameraY) * f.scale;

/** Fills the world rectangle [x0, x1] x [y0, y1] (y up). */
function worldRect(canvas: Canvas, f: Frame, x0: number, y0: number, x1: number, y1: number, color: Rgb): void {
  const left = Math.round(sx(f, x0));
  const right = Math.round(sx(f, x1));
  const top = Math.round(sy(f, y1));
  const bottom = Math.round(sy(f, y0));
  fillRect(canvas, left, top, right - left, bottom - top, color);
}

/** Renders the whole frame into `canvas`. */
export function drawScene(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const scale = height / VIEW_HEIGHT_M;
  const f: Frame = { scale, left: scene.body.x - (RUNNER_COLUMN * width) / scale, groundRow: GROUND_ROW * height, cameraY: scene.cameraY };
  drawSkyGradient(canvas, height * 0.8, SKY_TOP, SKY_HORIZON, SKY_BELOW);
  drawClouds(canvas, f, scene.clouds);
  const right = f.left + width / scale;
  for (const p of scene.course.platforms) if (p.x1 > f.left && p.x0 < right) drawPlatform(canvas, f, p);
  drawFinish(canvas, f, scene.course);
  drawRunner(canvas, f, scene.body);
  drawRunHud(canvas, 'OBSTACLE RUN', scene.timeLimitMs - scene.simMs, scene.progress);
}

function drawClouds(canvas: Canvas, f: Frame, clouds: readonly Cloud[]): void {
  const s = f.scale * 0.6;
  for (const c of clouds) {
    const w = c.size * s;
    const x = (c.x - f.left * PARALLAX) * s;
    if (x > canvas.width || x + w * 3 < 0) continue;
    const y = c.row * canvas.height;
    // A puffy outline of stacked, narrowing bands: soft and clearly not a platform.
    fillRect(canvas, x, y, w * 3, w * 0.45, CLOUD, 110);
    fillRect(canvas, x + w * 0.3, y - w * 0.3, w * 2.2, w * 0.3, CLOUD, 110);
    fillRect(canvas, x + w * 0.8, y - w * 0.55, w * 1, w * 0.25, CLOUD, 110);
  }
}

function drawPlatform(canvas: Canvas, f: Frame, p: Platform): void {
  const edge = 2 / f.scale;
  worldRect(canvas, f, p.x0, p.bottom, p.x1, p.top, OUTLINE);
  worldRect(canvas, f, p.x0 + edge, p.bottom + edge, p.x1 - edge, p.top - edge, SOIL);
  worldRect(canvas, f, p.x0 + edge, p.bottom + edge, p.x1 - edge, p.bottom + 0.2, SOIL_DARK);
  worldRect(canvas, f, p.x0 + edge, p.top - 0.24, p.x1 - edge, p.top - edge, GRASS);
}

function drawFinish(canvas: Canvas, f: Frame, course: Course): void {
  const last = course.platforms[course.platforms.length - 1];
  if (last === undefined) return;
  const x = course.finishX;
  if (sx(f, x) < -100 || sx(f, x) > canvas.width + 100) return;
  const cell = 0.25;
  // A checkered band across the platform top and a checkered flag on a pole.
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 3; j++) worldRect(canvas, f, x - 0.25 + i * cell, last.top - (j + 1) * cell, x + i * cell, last.top - j * cell, (i + j) % 2 === 0 ? FINISH_DARK : FINISH_LIGHT);
  }
  worldRect(canvas, f, x - 0.06, last.top, x + 0.06, last.top + 3.6, POLE);
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 4; j++) {
      worldRect(canvas, f, x + 0.06 + i * cell, last.top + 3.6 - (j + 1) * cell, x + 0.06 + (i + 1) * cell, last.top + 3.6 - j * cell, (i + j) % 2 === 0 ? FINISH_DARK : FINISH_LIGHT);
    }
  }
  const unit = hudUnit(canvas.height);
  const label = 'FINISH';
  drawText(canvas, label, Math.round(sx(f, x) - measureText(label, unit) / 2), Math.round(sy(f, last.top + 3.6) - 11 * unit), { scale: unit, color: LABEL, shadow: LABEL_SHADOW });
}

function drawRunner(canvas: Canvas, f: Frame, body: RunnerBody): void {
  const { x, y } = body;
  const hw = Rules.halfWidth;
  const o = 1.5 / f.scale;
  // Legs stride while running on the ground and tuck in the air.
  const stride = body.onGround && body.vx !== 0 ? (Math.floor(x / 0.36) % 2 === 0 ? 0.1 : -0.1) : 0;
  const legTop = body.onGround ? 0.62 : 0.5;
  const legBottom = body.onGround ? 0 : 0.18;
  worldRect(canvas, f, x - hw * 0.85 - o + stride, y + legBottom - o, x - hw * 0.15 + o + stride, y + legTop, FIGURE_OUTLINE);
  worldRect(canvas, f, x + hw * 0.15 - o - stride, y + legBottom - o, x + hw * 0.85 + o - stride, y + legTop, FIGURE_OUTLINE);
  worldRect(canvas, f, x - hw * 0.85 + stride, y + legBottom, x - hw * 0.15 + stride, y + legTop, LEGS);
  worldRect(canvas, f, x + hw * 0.15 - stride, y + legBottom, x + hw * 0.85 - stride, y + legTop, LEGS);
  worldRect(canvas, f, x - hw - o, y + 0.55 - o, x + hw + o, y + 1.16 + o, FIGURE_OUTLINE);
  worldRect(canvas, f, x - hw, y + 0.55, x + hw, y + 1.16, BODY);
  worldRect(canvas, f, x - 0.22 - o, y + 1.16, x + 0.22 + o, y + Rules.height + o, FIGURE_OUTLINE);
  worldRect(canvas, f, x - 0.22, y + 1.16, x + 0.22, y + Rules.height, HEAD);
  const vx = body.facing > 0 ? x + 0.04 : x - 0.22;
  worldRect(canvas, f, vx, y + 1.34, vx + 0.18, y + 1.46, VISOR);
}
