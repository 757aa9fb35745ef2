/** Draws sky_duel for one player: a third-person camera behind that player's fighter, then the HUD. */
import {
  DEFAULT_LIGHT,
  createView,
  drawBox,
  drawPolygon,
  drawSkyGradient,
  drawTurnedBox,
  horizonRow,
  projectPoint,
  type Camera,
  type Canvas,
  type Rgb,
  type TurnedFrame,
  type View,
} from '../render/index.js';
import { drawSquareShadow } from '../common/figure.js';
import { orbitCamera } from '../common/orbit-camera.js';
import type { Fighter } from './fighter.js';
import { drawHud, drawOverheadBar } from './hud.js';
import { Rules } from './rules.js';
import type { Scene } from './scene.js';

const SKY_TOP: Rgb = [58, 104, 190];
const SKY_HORIZON: Rgb = [200, 222, 246];
const SKY_BELOW: Rgb = [120, 150, 205];
const TILE_A: Rgb = [162, 150, 128];
const TILE_B: Rgb = [182, 170, 146];
const EDGE_A: Rgb = [230, 196, 40];
const EDGE_B: Rgb = [40, 40, 44];
const ROCK: Rgb = [110, 92, 76];
/** Body, limb and accent colours of slot 0 (blue) and slot 1 (red). */
const TEAM: readonly (readonly [Rgb, Rgb, Rgb])[] = [
  [[40, 90, 230], [90, 140, 255], [20, 40, 120]],
  [[220, 44, 40], [255, 110, 96], [110, 20, 20]],
];
const SKIN: Rgb = [236, 200, 168];
const BLADE: Rgb = [226, 232, 240];
const HILT: Rgb = [120, 84, 40];
const FLASH: Rgb = [255, 255, 255];
const SHADOW: Rgb = [92, 84, 70];
const CLOUD: Rgb = [250, 252, 255];
const CLOUD_LIGHT = { direction: DEFAULT_LIGHT.direction, ambient: 0.86, diffuse: 0.14 };

/** Orbit distance of the camera from its pivot above the fighter (m) and its field of view (degrees). */
const LENS = { distance: 6.5, fovDeg: 62 } as const;
const PIVOT_HEIGHT = 1.7;
/** Side of one checker tile on the platform, m. */
const TILE = 2;
/** Width of the hazard stripe along the edge, m. */
const EDGE = 0.35;
const RAD = Math.PI / 180;

/** The camera behind and above the viewer's fighter, looking along its heading. */
export function sceneCamera(scene: Scene): Camera {
  const { self } = scene;
  return orbitCamera({ x: self.x, y: Math.max(self.y, -1) + PIVOT_HEIGHT, z: self.z }, self.yawDeg, Rules.cameraPitch, LENS);
}

/** Renders the whole frame into `canvas`. */
export function drawScene(canvas: Canvas, scene: Scene): void {
  const view = createView(sceneCamera(scene), canvas.width, canvas.height);
  drawSkyGradient(canvas, horizonRow(view), SKY_TOP, SKY_HORIZON, SKY_BELOW);
  for (const c of scene.clouds) drawBox(canvas, view, [c.x - c.w / 2, c.y - 1, c.z - c.d / 2], [c.x + c.w / 2, c.y + 1, c.z + c.d / 2], CLOUD, CLOUD_LIGHT);
  drawPlatform(canvas, view, scene.side);
  for (const f of [scene.self, scene.other]) drawFighter(canvas, view, f, scene.side);
  const head = projectPoint(view, [scene.other.x, scene.other.y + 2.35, scene.other.z]);
  if (head && !scene.other.fallen) drawOverheadBar(canvas, head.x, head.y, scene.other.hp / Rules.maxHp, scene.other.slot);
  drawHud(canvas, scene);
}

function drawPlatform(canvas: Canvas, view: View, side: number): void {
  const half = side / 2;
  drawBox(canvas, view, [-half, -Rules.platformThickness, -half], [half, -0.06, half], ROCK, DEFAULT_LIGHT);
  const inner = half - EDGE;
  const n = Math.max(1, Math.round((2 * inner) / TILE));
  const size = (2 * inner) / n;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x0 = -inner + i * size;
      const z0 = -inner + j * size;
      drawPolygon(canvas, view, [[x0, 0, z0], [x0 + size, 0, z0], [x0 + size, 0, z0 + size], [x0, 0, z0 + size]], (i + j) % 2 === 0 ? TILE_A : TILE_B);
    }
  }
  // A yellow-and-black stripe marks the edge on all four sides.
  const stripes = Math.max(4, Math.round(side / 0.8));
  const step = side / stripes;
  for (let k = 0; k < stripes; k++) {
    const a = -half + k * step;
    const color = k % 2 === 0 ? EDGE_A : EDGE_B;
    drawPolygon(canvas, view, [[a, 0, -half], [a + step, 0, -half], [a + step, 0, -inner], [a, 0, -inner]], color);
    drawPolygon(canvas, view, [[a, 0, inner], [a + step, 0, inner], [a + step, 0, half], [a, 0, half]], color);
    drawPolygon(canvas, view, [[-half, 0, a], [-inner, 0, a], [-inner, 0, a + step], [-half, 0, a + step]], color);
    drawPolygon(canvas, view, [[inner, 0, a], [half, 0, a], [half, 0, a + step], [inner, 0, a + step]], color);
  }
}

/** Sword angle relative to the facing during a swing, degrees: raised right, sweeping left on the strike. */
function swordAngle(f: Fighter): number {
  const t = f.swingMs;
  if (t < Rules.windupMs) return 40 + (35 * t) / Rules.windupMs;
  const after = t - Rules.windupMs;
  if (after < 120) return 75 - (150 * after) / 120;
  if (after < 320) return -75 + (115 * (after - 120)) / 200;
  return 40;
}

function drawFighter(canvas: Canvas, view: View, f: Fighter, side: number): void {
  if (f.y < -Rules.fallDepth - 4) return;
  const [body, limb, accent] = TEAM[f.team % 2]!;
  const half = side / 2;
  if (f.y > -0.05 && Math.abs(f.x) < half - 0.3 && Math.abs(f.z) < half - 0.3) drawSquareShadow(canvas, view, f.x, 0.01, f.z, 0.42, SHADOW);
  const frame: TurnedFrame = { x: f.x, y: f.y, z: f.z, yawDeg: f.yawDeg };
  const flash = f.knockMs > Rules.knockbackMs - 120;
  const torso = flash ? FLASH : body;
  const swing = Math.sin(f.stride * 2.4) * 0.18;
  drawTurnedBox(canvas, view, frame, -0.26, -0.04, 0, 0.8, -0.12 + swing, 0.12 + swing, accent);
  drawTurnedBox(canvas, view, frame, 0.04, 0.26, 0, 0.8, -0.12 - swing, 0.12 - swing, accent);
  drawTurnedBox(canvas, view, frame, -0.32, 0.32, 0.8, 1.5, -0.18, 0.18, torso);
  drawTurnedBox(canvas, view, frame, -0.46, -0.32, 0.85, 1.45, -0.1, 0.1, limb);
  drawTurnedBox(canvas, view, frame, 0.32, 0.46, 0.95, 1.45, -0.1, 0.25, limb);
  drawTurnedBox(canvas, view, frame, -0.2, 0.2, 1.55, 1.95, -0.2, 0.2, SKIN);
  drawTurnedBox(canvas, view, frame, -0.22, 0.22, 1.85, 2.02, -0.22, 0.22, body);
  // The sword turns about the right hand.
  const yaw = f.yawDeg * RAD;
  const hx = f.x + Math.cos(yaw) * 0.39 + Math.sin(yaw) * 0.3;
  const hz = f.z - Math.sin(yaw) * 0.39 + Math.cos(yaw) * 0.3;
  const sword: TurnedFrame = { x: hx, y: f.y, z: hz, yawDeg: f.yawDeg + swordAngle(f) };
  drawTurnedBox(canvas, view, sword, -0.05, 0.05, 1.05, 1.17, -0.05, 0.2, HILT);
  drawTurnedBox(canvas, view, sword, -0.04, 0.04, 1.06, 1.16, 0.2, 1.45, BLADE);
}
