/** Draws crystal_guard for one player: a first-person view from that player's eyes, then the HUD. */
import {
  DEFAULT_LIGHT,
  createView,
  drawBox,
  drawPolygon,
  drawSkyGradient,
  drawTurnedBox,
  horizonRow,
  scaleColor,
  type Canvas,
  type Rgb,
  type TurnedFrame,
  type Vec3,
  type View,
} from '../render/index.js';
import type { Arena, Box } from './arena.js';
import { drawHud } from './hud.js';
import { alive, type Player } from './player.js';
import type { Scene } from './scene.js';
import { Rules } from './rules.js';

const SKY_TOP: Rgb = [70, 96, 150];
const SKY_HORIZON: Rgb = [186, 200, 222];
const SKY_BELOW: Rgb = [90, 90, 96];
/** Floor tiles on team 0's half and team 1's half. */
const FLOOR: readonly (readonly [Rgb, Rgb])[] = [
  [[120, 130, 156], [136, 146, 172]],
  [[156, 124, 124], [172, 140, 140]],
];
const MIDLINE: Rgb = [235, 235, 235];
const STONE: Rgb = [150, 146, 136];
const WALL: Rgb = [112, 108, 104];
const IRON: Rgb = [70, 74, 84];
const IRON_BAND: Rgb = [110, 116, 128];
const LAMP_OPEN: Rgb = [60, 255, 90];
const LAMP_SHUT: Rgb = [255, 50, 40];
/** Crystal, body and accent colours of team 0 (blue) and team 1 (red). */
const TEAM_COLORS: readonly (readonly [Rgb, Rgb, Rgb])[] = [
  [[80, 170, 255], [40, 90, 230], [20, 40, 120]],
  [[255, 90, 110], [220, 44, 40], [110, 20, 20]],
];
const SKIN: Rgb = [236, 200, 168];
const GUN: Rgb = [40, 40, 44];
const FOV_DEG = 74;
const TILE = 2;

/** Renders the whole frame into `canvas`. */
export function drawScene(canvas: Canvas, scene: Scene): void {
  const { self } = scene;
  const view = createView({ position: [self.x, Rules.eyeHeight, self.z], yawDeg: self.yawDeg, pitchDeg: self.pitchDeg, fovDeg: FOV_DEG, near: 0.05 }, canvas.width, canvas.height);
  drawSkyGradient(canvas, horizonRow(view), SKY_TOP, SKY_HORIZON, SKY_BELOW);
  drawFloor(canvas, view, scene.arena);
  for (const s of scene.arena.solids) drawBox(canvas, view, [...s.min], [...s.max], s.kind === 'pillar' ? STONE : s.kind === 'vault' ? IRON_BAND : WALL, DEFAULT_LIGHT);
  scene.arena.gates.forEach((g, team) => drawGate(canvas, view, g, scene.gatesOpen[team] === true));
  scene.arena.crystals.forEach((c, team) => drawCrystal(canvas, view, c, team, scene.crystalHp[team] ?? 0, scene.simMs));
  if (alive(scene.other)) drawFigure(canvas, view, scene.other);
  drawHud(canvas, scene);
}

function drawFloor(canvas: Canvas, view: View, arena: Arena): void {
  const hw = arena.width / 2;
  const hl = arena.length / 2;
  const cols = Math.ceil(arena.width / TILE);
  const rows = Math.ceil(arena.length / TILE);
  for (let r = 0; r < rows; r++) {
    const z0 = -hl + r * TILE;
    const z1 = Math.min(hl, z0 + TILE);
    const half = FLOOR[(z0 + z1) / 2 < 0 ? 0 : 1]!;
    for (let c = 0; c < cols; c++) {
      const x0 = -hw + c * TILE;
      const x1 = Math.min(hw, x0 + TILE);
      drawPolygon(canvas, view, [[x0, 0, z0], [x1, 0, z0], [x1, 0, z1], [x0, 0, z1]], half[(r + c) % 2]!);
    }
  }
  drawPolygon(canvas, view, [[-hw, 0.01, -0.1], [hw, 0.01, -0.1], [hw, 0.01, 0.1], [-hw, 0.01, 0.1]], MIDLINE);
}

function drawGate(canvas: Canvas, view: View, gate: Box, open: boolean): void {
  const [x0, , z0] = gate.min;
  const [x1, y1, z1] = gate.max;
  if (open) {
    // Raised: only the top band shows.
    drawBox(canvas, view, [x0, y1 - 0.45, z0], [x1, y1, z1], IRON, DEFAULT_LIGHT);
  } else {
    drawBox(canvas, view, [x0, 0, z0], [x1, y1, z1], IRON, DEFAULT_LIGHT);
    for (const y of [0.7, 1.8, 2.9]) drawBox(canvas, view, [x0, y, z0 - 0.05], [x1, y + 0.18, z1 + 0.05], IRON_BAND, DEFAULT_LIGHT);
    for (let x = x0 + 0.5; x < x1 - 0.2; x += 0.8) drawBox(canvas, view, [x, 0, z0 - 0.04], [x + 0.1, y1, z1 + 0.04], IRON_BAND, DEFAULT_LIGHT);
  }
  const mid = (x0 + x1) / 2;
  drawBox(canvas, view, [mid - 0.35, y1, z0 - 0.05], [mid + 0.35, y1 + 0.4, z1 + 0.05], open ? LAMP_OPEN : LAMP_SHUT, { ...DEFAULT_LIGHT, ambient: 0.9, diffuse: 0.1 });
}

function drawCrystal(canvas: Canvas, view: View, box: Box, team: number, hp: number, simMs: number): void {
  if (hp <= 0) return;
  const [color] = TEAM_COLORS[team % 2]!;
  const cx = (box.min[0] + box.max[0]) / 2;
  const cz = (box.min[2] + box.max[2]) / 2;
  const r = (box.max[0] - box.min[0]) / 2;
  const top: Vec3 = [cx, box.max[1], cz];
  const bottom: Vec3 = [cx, box.min[1], cz];
  const midY = box.min[1] + (box.max[1] - box.min[1]) * 0.55;
  // A slow spin, in whole ticks so frames stay deterministic.
  const spin = ((simMs % 8000) / 8000) * 2 * Math.PI;
  const ring: Vec3[] = [0, 1, 2, 3].map((k) => [cx + Math.sin(spin + (k * Math.PI) / 2) * r, midY, cz + Math.cos(spin + (k * Math.PI) / 2) * r]);
  for (let k = 0; k < 4; k++) {
    const a = ring[k]!;
    const b = ring[(k + 1) % 4]!;
    const shade = 0.75 + 0.25 * ((k % 2) + 0.5 * Math.cos(spin + k));
    drawPolygon(canvas, view, [top, a, b], scaleColor(color, shade));
    drawPolygon(canvas, view, [bottom, a, b], scaleColor(color, shade * 0.7));
  }
}

function drawFigure(canvas: Canvas, view: View, p: Player): void {
  const [, body, accent] = TEAM_COLORS[p.team % 2]!;
  const frame: TurnedFrame = { x: p.x, y: 0, z: p.z, yawDeg: p.yawDeg };
  const swing = Math.sin(p.stride * 2.4) * 0.18;
  drawTurnedBox(canvas, view, frame, -0.26, -0.04, 0, 0.85, -0.12 + swing, 0.12 + swing, accent);
  drawTurnedBox(canvas, view, frame, 0.04, 0.26, 0, 0.85, -0.12 - swing, 0.12 - swing, accent);
  drawTurnedBox(canvas, view, frame, -0.32, 0.32, 0.85, 1.5, -0.18, 0.18, body);
  drawTurnedBox(canvas, view, frame, -0.2, 0.2, 1.52, 1.85, -0.2, 0.2, SKIN);
  drawTurnedBox(canvas, view, frame, -0.22, 0.22, 1.78, 1.9, -0.22, 0.22, body);
  drawTurnedBox(canvas, view, frame, 0.1, 0.22, 1.2, 1.34, 0.1, 0.85, GUN);
}
