/** Draws scene_escape: a third-person view from behind the player over the rooms, plus labels and the HUD. */
import {
  DEFAULT_LIGHT,
  createView,
  drawBox,
  drawPolygon,
  drawSkyGradient,
  horizonRow,
  type Camera,
  type Canvas,
  type Rgb,
  type View,
} from '../render/index.js';
import { clearLine, rayBox } from '../common/collide.js';
import { quarterTurnFigure } from '../common/figure.js';
import { drawHud, drawLabels, type Label } from './hud.js';
import { doorBox, type Box, type Door, type Thing } from './layout.js';
import { CHEST, EXIT_DOOR, EXIT_SIGN, FLOORS, FURNITURE, KNOB, OBJECT_RGB, PLAYER, PLAYER_HEAD, POST, POT, STAND, WALL, WALL_TOP } from './palette.js';
import { Rules } from './rules.js';
import type { Scene } from './scene.js';

const CAMERA_DISTANCE = 5.5;
const PIVOT_HEIGHT = 1.2;
const FOV_DEG = 62;
const RAD = Math.PI / 180;
const SKY: Rgb = [70, 74, 86];
const FLAT = { direction: [0, 1, 0], ambient: 1, diffuse: 0 } as const;

/** The camera behind and above the player, at a fixed distance (walls in between are cut away when drawn). */
export function sceneCamera(scene: Scene): Camera {
  const { body } = scene;
  const [bx, by, bz] = backDirection(scene);
  return {
    position: [body.x + bx * CAMERA_DISTANCE, body.y + PIVOT_HEIGHT + by * CAMERA_DISTANCE, body.z + bz * CAMERA_DISTANCE],
    yawDeg: scene.yawDeg,
    pitchDeg: scene.pitchDeg,
    fovDeg: FOV_DEG,
    near: 0.05,
  };
}

function backDirection(scene: Scene): [number, number, number] {
  const yaw = scene.yawDeg * RAD;
  const pitch = scene.pitchDeg * RAD;
  return [-Math.cos(pitch) * Math.sin(yaw), -Math.sin(pitch), -Math.cos(pitch) * Math.cos(yaw)];
}

/** Whether `box` stands between the camera and the player's upper body, hiding it. */
function occludes(scene: Scene, box: Box): boolean {
  const { body } = scene;
  const [bx, by, bz] = backDirection(scene);
  for (const lift of [0.4, 1.5]) {
    const t = rayBox(body.x, body.y + lift, body.z, bx, by, bz, box);
    if (t !== undefined && t < CAMERA_DISTANCE) return true;
  }
  return false;
}

/** Renders the whole frame into `canvas`. */
export function drawScene(canvas: Canvas, scene: Scene): void {
  const view = createView(sceneCamera(scene), canvas.width, canvas.height);
  drawSkyGradient(canvas, horizonRow(view), SKY, SKY, SKY);
  const { world } = scene;
  for (let r = 0; r < world.rows; r++) {
    for (let c = 0; c < world.cols; c++) {
      const s = Rules.roomSize;
      const color = FLOORS[(r * world.cols + c) % FLOORS.length] ?? FLOORS[0]!;
      drawPolygon(canvas, view, [[c * s, 0, r * s], [(c + 1) * s, 0, r * s], [(c + 1) * s, 0, (r + 1) * s], [c * s, 0, (r + 1) * s]], color);
    }
  }
  for (const w of world.walls) if (!occludes(scene, w)) drawBox(canvas, view, [w.minX, w.minY, w.minZ], [w.maxX, w.maxY, w.maxZ], WALL, DEFAULT_LIGHT, WALL_TOP);
  for (const d of world.doors) if (d.open || !occludes(scene, doorBox(d))) drawDoor(canvas, view, d);
  for (const f of world.furniture) {
    const b = f.box;
    if (occludes(scene, b)) continue;
    if (f.style === 'plant') {
      drawBox(canvas, view, [b.minX, 0, b.minZ], [b.maxX, 0.4, b.maxZ], POT, DEFAULT_LIGHT);
      drawBox(canvas, view, [b.minX - 0.15, 0.4, b.minZ - 0.15], [b.maxX + 0.15, b.maxY, b.maxZ + 0.15], FURNITURE.plant, DEFAULT_LIGHT);
    } else {
      drawBox(canvas, view, [b.minX, b.minY, b.minZ], [b.maxX, b.maxY, b.maxZ], FURNITURE[f.style], DEFAULT_LIGHT);
    }
  }
  for (const t of world.things) drawThing(canvas, view, t);
  drawPlayer(canvas, view, scene);
  // Labels name what the player could see from where it stands: walls and closed doors hide the rest.
  const { body } = scene;
  const closed = world.doors.filter((d) => !d.open);
  const walls = world.walls.filter((w) => w.minY <= 0);
  const seen = (x: number, z: number, own?: Door): boolean =>
    clearLine(body.x, body.z, x, z, 1, [...walls, ...closed.filter((d) => d !== own).map(doorBox)]);
  const labels: Label[] = [
    ...world.things
      .filter((t) => !(t.used && t.kind === 'key') && seen(t.x, t.z))
      .map((t) => ({ text: `${t.colour} ${t.kind}`, x: t.x, y: 1.6, z: t.z, color: OBJECT_RGB[t.colour] })),
    ...closed
      .filter((d) => seen(d.x, d.z, d))
      .map((d) => ({ text: d.kind === 'exit' ? 'EXIT' : `${d.colour ?? ''} ${d.kind}`, x: d.x, y: 2.75, z: d.z, color: d.kind === 'exit' ? EXIT_SIGN : OBJECT_RGB[d.colour ?? 'red'] })),
  ];
  drawLabels(canvas, view, labels, scene.body);
  drawHud(canvas, scene);
}

function drawDoor(canvas: Canvas, view: View, d: Door): void {
  if (d.open) return;
  const b = doorBox(d);
  if (d.kind === 'gate') {
    // Vertical bars in the gate's colour with a dark rail.
    const color = OBJECT_RGB[d.colour ?? 'red'];
    const along = d.axis === 'x';
    const lo = along ? b.minX : b.minZ;
    const hi = along ? b.maxX : b.maxZ;
    for (let u = lo + 0.1; u < hi; u += 0.36) {
      const min: [number, number, number] = along ? [u - 0.05, 0, b.minZ] : [b.minX, 0, u - 0.05];
      const max: [number, number, number] = along ? [u + 0.05, Rules.doorHeight, b.maxZ] : [b.maxX, Rules.doorHeight, u + 0.05];
      drawBox(canvas, view, min, max, color, DEFAULT_LIGHT);
    }
    drawBox(canvas, view, [b.minX, 1.9, b.minZ], [b.maxX, 2.05, b.maxZ], POST, DEFAULT_LIGHT);
    drawBox(canvas, view, [b.minX, 0.6, b.minZ], [b.maxX, 0.75, b.maxZ], POST, DEFAULT_LIGHT);
    return;
  }
  const color = d.kind === 'exit' ? EXIT_DOOR : OBJECT_RGB[d.colour ?? 'red'];
  drawBox(canvas, view, [b.minX, b.minY, b.minZ], [b.maxX, b.maxY, b.maxZ], color, DEFAULT_LIGHT);
  if (d.kind === 'exit') {
    const stripe = 0.25;
    const min: [number, number, number] = d.axis === 'x' ? [b.minX, 1.9, b.minZ - 0.02] : [b.minX - 0.02, 1.9, b.minZ];
    const max: [number, number, number] = d.axis === 'x' ? [b.maxX, 1.9 + stripe, b.maxZ + 0.02] : [b.maxX + 0.02, 1.9 + stripe, b.maxZ];
    drawBox(canvas, view, min, max, EXIT_SIGN, FLAT);
  }
  // A knob on both faces.
  const k = 0.7;
  const kx = d.axis === 'x' ? d.x + k : d.x;
  const kz = d.axis === 'x' ? d.z : d.z + k;
  const ex = d.axis === 'x' ? 0.06 : 0.16;
  const ez = d.axis === 'x' ? 0.16 : 0.06;
  drawBox(canvas, view, [kx - ex, 1, kz - ez], [kx + ex, 1.12, kz + ez], KNOB, DEFAULT_LIGHT);
}

function drawThing(canvas: Canvas, view: View, t: Thing): void {
  const color = OBJECT_RGB[t.colour];
  const box = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, c: Rgb): void =>
    drawBox(canvas, view, [t.x + x0, y0, t.z + z0], [t.x + x1, y1, t.z + z1], c, DEFAULT_LIGHT);
  switch (t.kind) {
    case 'key':
      box(-0.35, 0, -0.35, 0.35, 0.9, 0.35, STAND);
      if (t.used) return;
      box(-0.3, 0.9, -0.12, -0.02, 1.02, 0.12, color);
      box(-0.02, 0.92, -0.05, 0.3, 1.0, 0.05, color);
      box(0.2, 0.92, 0.05, 0.28, 1.0, 0.14, color);
      return;
    case 'button':
      box(-0.35, 0, -0.35, 0.35, 0.9, 0.35, STAND);
      box(-0.18, 0.9, -0.18, 0.18, t.used ? 0.95 : 1.12, 0.18, color);
      return;
    case 'lever':
      box(-0.35, 0, -0.35, 0.35, 0.9, 0.35, STAND);
      box(-0.06, 0.9, -0.06, 0.06, 1.05, 0.06, POST);
      if (t.used) box(-0.5, 1.0, -0.07, 0.0, 1.12, 0.07, color);
      else box(-0.07, 1.0, -0.07, 0.07, 1.55, 0.07, color);
      return;
    case 'chest':
      box(-0.5, 0, -0.35, 0.5, 0.55, 0.35, CHEST);
      if (t.used) box(-0.5, 0.75, 0.25, 0.5, 1.3, 0.4, color);
      else box(-0.5, 0.55, -0.35, 0.5, 0.7, 0.35, color);
      return;
  }
}

function drawPlayer(canvas: Canvas, view: View, scene: Scene): void {
  const { body } = scene;
  const part = quarterTurnFigure(canvas, view, body.x, body.y, body.z, scene.yawDeg);
  part(-0.25, -0.04, 0, 0.75, -0.12, 0.12, POST);
  part(0.04, 0.25, 0, 0.75, -0.12, 0.12, POST);
  part(-0.3, 0.3, 0.75, 1.4, -0.16, 0.16, PLAYER);
  part(-0.42, -0.3, 0.8, 1.38, -0.09, 0.09, PLAYER);
  part(0.3, 0.42, 0.8, 1.38, -0.09, 0.09, PLAYER);
  part(-0.18, 0.18, 1.45, 1.8, -0.18, 0.18, PLAYER_HEAD);
}
