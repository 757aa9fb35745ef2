/** Draws obstacle_run_3d: a third-person view from behind and above the runner, the finish flag, and the HUD. */
import {
  DEFAULT_LIGHT,
  createView,
  drawBox,
  drawPolygon,
  drawSkyGradient,
  drawText,
  horizonRow,
  measureText,
  projectPoint,
  type Camera,
  type Canvas,
  type Rgb,
  type View,
} from '../render/index.js';
import { drawSquareShadow, drawSuitFigure, quarterTurnFigure } from '../common/figure.js';
import { hudUnit } from '../common/hud.js';
import { orbitCamera } from '../common/orbit-camera.js';
import { drawRunHud } from '../common/run-hud.js';
import type { RunnerBody } from './body.js';
import type { Course, Platform } from './course.js';

/** What the view needs of the game. */
export interface Scene {
  readonly course: Course;
  readonly body: RunnerBody;
  readonly yawDeg: number;
  readonly pitchDeg: number;
  readonly simMs: number;
  readonly timeLimitMs: number;
  readonly progress: number;
}

const SKY_TOP: Rgb = [56, 108, 200];
const SKY_HORIZON: Rgb = [204, 226, 248];
const SKY_BELOW: Rgb = [150, 178, 220];
/** Side and top colours of the steps, cycled along the course. */
const STEP_COLORS: readonly (readonly [Rgb, Rgb])[] = [
  [[214, 122, 52], [246, 170, 96]],
  [[62, 142, 204], [118, 190, 240]],
  [[138, 92, 196], [186, 146, 236]],
  [[72, 160, 84], [126, 206, 120]],
];
const START_SIDE: Rgb = [128, 132, 144];
const START_TOP: Rgb = [176, 180, 192];
const FINISH_SIDE: Rgb = [196, 146, 24];
const FINISH_TOP: Rgb = [250, 208, 56];
const POLE: Rgb = [232, 232, 238];
const FLAG_A: Rgb = [230, 40, 40];
const FLAG_B: Rgb = [250, 250, 250];
const SHADOW: Rgb = [40, 40, 52];
const LABEL: Rgb = [255, 236, 120];
const LABEL_SHADOW: Rgb = [0, 0, 0];

/** Orbit distance of the camera from its pivot above the runner (m) and its field of view (degrees). */
const LENS = { distance: 8, fovDeg: 62 } as const;
const PIVOT_HEIGHT = 1.6;
const FLAG_HEIGHT = 4.5;

/** The camera orbiting behind the runner at the scene's yaw and pitch. */
export function sceneCamera(scene: Scene): Camera {
  const { body } = scene;
  return orbitCamera({ x: body.x, y: Math.max(body.y, scene.course.deathY + 2) + PIVOT_HEIGHT, z: body.z }, scene.yawDeg, scene.pitchDeg, LENS);
}

/** Renders the whole frame into `canvas`. */
export function drawScene(canvas: Canvas, scene: Scene): void {
  const view = createView(sceneCamera(scene), canvas.width, canvas.height);
  drawSkyGradient(canvas, horizonRow(view), SKY_TOP, SKY_HORIZON, SKY_BELOW);
  const { platforms } = scene.course;
  platforms.forEach((p, i) => drawPlatform(canvas, view, p, i, platforms.length));
  drawFlag(canvas, view, scene.course.finish);
  drawRunner(canvas, view, scene);
  drawFinishLabel(canvas, view, scene.course.finish);
  drawRunHud(canvas, 'OBSTACLE RUN 3D', scene.timeLimitMs - scene.simMs, scene.progress);
}

function drawPlatform(canvas: Canvas, view: View, p: Platform, index: number, count: number): void {
  const [side, top] = index === 0 ? [START_SIDE, START_TOP] : index === count - 1 ? [FINISH_SIDE, FINISH_TOP] : (STEP_COLORS[(index - 1) % STEP_COLORS.length] ?? [START_SIDE, START_TOP]);
  drawBox(canvas, view, [p.x - p.halfX, p.bottom, p.z - p.halfZ], [p.x + p.halfX, p.top, p.z + p.halfZ], side, DEFAULT_LIGHT, top);
}

function drawFlag(canvas: Canvas, view: View, finish: Platform): void {
  const { x, z, top } = finish;
  drawBox(canvas, view, [x - 0.08, top, z - 0.08], [x + 0.08, top + FLAG_HEIGHT, z + 0.08], POLE, DEFAULT_LIGHT);
  // A two-by-two chequered flag, drawn double-sided in the x-y plane.
  const w = 0.8;
  const h = 0.55;
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 2; j++) {
      const x0 = x + 0.08 + i * w;
      const y1 = top + FLAG_HEIGHT - j * h;
      drawPolygon(canvas, view, [[x0, y1, z], [x0 + w, y1, z], [x0 + w, y1 - h, z], [x0, y1 - h, z]], (i + j) % 2 === 0 ? FLAG_A : FLAG_B);
    }
  }
}

function drawFinishLabel(canvas: Canvas, view: View, finish: Platform): void {
  const at = projectPoint(view, [finish.x, finish.top + FLAG_HEIGHT + 0.5, finish.z]);
  if (at === undefined) return;
  const unit = hudUnit(canvas.height);
  const text = 'FINISH';
  const x = Math.round(at.x - measureText(text, unit) / 2);
  // Kept below the HUD band so the label never covers the countdown.
  const y = Math.max(23 * unit, Math.round(at.y - 9 * unit));
  if (x < -50 || x > canvas.width || y > canvas.height) return;
  drawText(canvas, text, x, y, { scale: unit, color: LABEL, shadow: LABEL_SHADOW });
}

function drawRunner(canvas: Canvas, view: View, scene: Scene): void {
  const { body, course } = scene;
  const ground = course.below(body.x, body.y, body.z);
  if (ground !== undefined) drawSquareShadow(canvas, view, body.x, ground.top + 0.01, body.z, 0.34, SHADOW);
  const part = quarterTurnFigure(canvas, view, body.x, body.y, body.z, body.facingDeg);
  drawSuitFigure(part, { hip: 0.8, neck: 1.42, arms: [0.84, 1.4], head: [1.44, 1.82], visor: [1.56, 1.7] });
}
