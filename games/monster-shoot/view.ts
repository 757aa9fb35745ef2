/** Draws monster_shoot's 3D scene from the player's eyes: floor, walls, blocks, monsters and their health bars. */
import {
  DEFAULT_LIGHT,
  createView,
  drawBox,
  drawPolygon,
  drawSkyGradient,
  fillRect,
  horizonRow,
  toViewSpace,
  type Canvas,
  type Rgb,
  type View,
} from '../render/index.js';
import { hudUnit } from '../common/hud.js';
import type { Arena } from './arena.js';
import { drawHud } from './hud.js';
import type { Monster } from './monsters.js';
import type { PlayerBody } from './player.js';
import { Rules } from './rules.js';
import type { Scene } from './scene.js';

const SKY_TOP: Rgb = [40, 46, 84];
const SKY_HORIZON: Rgb = [150, 120, 140];
const SKY_BELOW: Rgb = [60, 60, 70];
const FLOOR_A: Rgb = [88, 96, 86];
const FLOOR_B: Rgb = [104, 112, 100];
const WALL: Rgb = [168, 146, 118];
const WALL_TOP: Rgb = [120, 104, 86];
const BLOCK: Rgb = [128, 120, 112];
const MONSTER_BODY: Rgb = [132, 44, 178];
const MONSTER_LEGS: Rgb = [84, 28, 116];
const MONSTER_HEAD: Rgb = [172, 84, 220];
const MONSTER_EYE: Rgb = [255, 232, 40];
const FLASH: Rgb = [255, 255, 255];
const BAR_BACK: Rgb = [20, 20, 20];
const BAR_FRAME: Rgb = [240, 240, 240];
const BAR_HIGH: Rgb = [60, 220, 60];
const BAR_MID: Rgb = [240, 200, 40];
const BAR_LOW: Rgb = [236, 50, 40];
const FLOOR_TILE = 4;

/** Renders the whole frame into `canvas`. */
export function drawScene(canvas: Canvas, scene: Scene): void {
  const { body } = scene;
  const view = createView(
    { position: [body.x, body.y + Rules.eyeHeight, body.z], yawDeg: scene.yawDeg, pitchDeg: scene.pitchDeg, fovDeg: Rules.fovDeg, near: 0.05 },
    canvas.width,
    canvas.height,
  );
  drawSkyGradient(canvas, horizonRow(view), SKY_TOP, SKY_HORIZON, SKY_BELOW);
  drawArena(canvas, view, scene.arena);
  for (const m of scene.monsters) drawMonster(canvas, view, m, body);
  drawHealthBars(canvas, view, scene);
  drawHud(canvas, scene, offscreen(view, scene.monsters));
}

/** How many monsters are out of sight to the left and to the right (behind counts by side). */
function offscreen(view: View, monsters: readonly Monster[]): { left: number; right: number } {
  let left = 0;
  let right = 0;
  const edge = view.width / 2 / view.focal;
  for (const m of monsters) {
    toViewSpace(view, m.x, 1, m.z, scratch, 0);
    const x = scratch[0]!;
    const z = scratch[2]!;
    if (z > 0.3 && Math.abs(x / z) <= edge) continue;
    if (x < 0) left++;
    else right++;
  }
  return { left, right };
}

function drawArena(canvas: Canvas, view: View, arena: Arena): void {
  const { halfX, halfZ } = arena;
  for (let x = -halfX; x < halfX; x += FLOOR_TILE) {
    for (let z = -halfZ; z < halfZ; z += FLOOR_TILE) {
      const x1 = Math.min(halfX, x + FLOOR_TILE);
      const z1 = Math.min(halfZ, z + FLOOR_TILE);
      const even = (Math.round((x + halfX) / FLOOR_TILE) + Math.round((z + halfZ) / FLOOR_TILE)) % 2 === 0;
      drawPolygon(canvas, view, [[x, 0, z], [x1, 0, z], [x1, 0, z1], [x, 0, z1]], even ? FLOOR_A : FLOOR_B);
    }
  }
  const h = Rules.wallHeight;
  const t = 0.5;
  drawBox(canvas, view, [-halfX - t, 0, -halfZ - t], [halfX + t, h, -halfZ], WALL, DEFAULT_LIGHT, WALL_TOP);
  drawBox(canvas, view, [-halfX - t, 0, halfZ], [halfX + t, h, halfZ + t], WALL, DEFAULT_LIGHT, WALL_TOP);
  drawBox(canvas, view, [-halfX - t, 0, -halfZ], [-halfX, h, halfZ], WALL, DEFAULT_LIGHT, WALL_TOP);
  drawBox(canvas, view, [halfX, 0, -halfZ], [halfX + t, h, halfZ], WALL, DEFAULT_LIGHT, WALL_TOP);
  for (const b of arena.blocks) drawBox(canvas, view, [b.minX, 0, b.minZ], [b.maxX, b.height, b.maxZ], BLOCK, DEFAULT_LIGHT, WALL_TOP);
}

function drawMonster(canvas: Canvas, view: View, m: Monster, body: PlayerBody): void {
  const flash = m.flashMs > 0;
  const hw = Rules.monsterHalfWidth;
  const box = (u: number, y0: number, y1: number, color: Rgb): void =>
    drawBox(canvas, view, [m.x - u, y0, m.z - u], [m.x + u, y1, m.z + u], flash ? FLASH : color, DEFAULT_LIGHT);
  box(hw * 0.7, 0, 0.7, MONSTER_LEGS);
  box(hw, 0.7, 1.5, MONSTER_BODY);
  box(hw * 0.75, 1.5, Rules.monsterHeight, MONSTER_HEAD);
  // Eyes on the head side that faces the player.
  const dx = body.x - m.x;
  const dz = body.z - m.z;
  const alongX = Math.abs(dx) > Math.abs(dz);
  const side = (alongX ? Math.sign(dx) : Math.sign(dz)) || 1;
  const face = hw * 0.75 + 0.02;
  for (const offset of [-0.17, 0.17]) {
    const cx = alongX ? m.x + side * face : m.x + offset;
    const cz = alongX ? m.z + offset : m.z + side * face;
    const ex = alongX ? 0.02 : 0.08;
    const ez = alongX ? 0.08 : 0.02;
    drawBox(canvas, view, [cx - ex, 1.7, cz - ez], [cx + ex, 1.82, cz + ez], MONSTER_EYE, { direction: [0, 1, 0], ambient: 1, diffuse: 0 });
  }
}

const scratch = new Float64Array(3);

/** Health bars over the monsters, far ones first, hidden behind walls and blocks. */
function drawHealthBars(canvas: Canvas, view: View, scene: Scene): void {
  const bars: { x: number; y: number; z: number; w: number; fraction: number }[] = [];
  for (const m of scene.monsters) {
    toViewSpace(view, m.x, Rules.monsterHeight + 0.3, m.z, scratch, 0);
    const z = scratch[2]!;
    if (z < 0.3) continue;
    const x = view.width / 2 + (scratch[0]! * view.focal) / z;
    const y = view.height / 2 - (scratch[1]! * view.focal) / z;
    if (x < -50 || x > view.width + 50 || y < -20 || y > view.height + 20) continue;
    // Occluded when something nearer than the monster covers the bar's centre.
    toViewSpace(view, m.x, Rules.monsterHeight * 0.9, m.z, scratch, 0);
    const probeZ = scratch[2]!;
    const probeY = Math.round(view.height / 2 - (scratch[1]! * view.focal) / Math.max(0.3, probeZ));
    const px = Math.round(x);
    if (px >= 0 && px < canvas.width && probeY >= 0 && probeY < canvas.height) {
      const seen = canvas.depth[probeY * canvas.width + px] ?? 0;
      if (seen > (1 / Math.max(0.3, probeZ - Rules.monsterHalfWidth)) * 1.02) continue;
    }
    const w = Math.min(90, Math.max(26, (1.4 * view.focal) / z));
    bars.push({ x, y, z, w, fraction: m.health / scene.maxHealth });
  }
  bars.sort((a, b) => b.z - a.z);
  const unit = hudUnit(canvas.height);
  const h = 3 * unit;
  for (const bar of bars) {
    const left = Math.round(bar.x - bar.w / 2);
    const top = Math.round(bar.y - h);
    fillRect(canvas, left - 1, top - 1, bar.w + 2, h + 2, BAR_FRAME);
    fillRect(canvas, left, top, bar.w, h, BAR_BACK);
    const color = bar.fraction > 0.6 ? BAR_HIGH : bar.fraction > 0.3 ? BAR_MID : BAR_LOW;
    fillRect(canvas, left, top, Math.max(1, Math.round(bar.w * bar.fraction)), h, color);
  }
}
