/** Boxes turned about the vertical axis, for figures and swords that face any heading. */
import type { View } from './camera.js';
import type { Canvas } from './canvas.js';
import { scaleColor, type Rgb } from './color.js';
import { drawPolygon } from './raster.js';
import { DEFAULT_LIGHT, lightFactor } from './shapes.js';
import type { Vec3 } from './vec3.js';

const RAD = Math.PI / 180;

/** A local frame: an origin and a heading; u runs right, v up, w forward. */
export interface TurnedFrame {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly yawDeg: number;
}

// Corner order: bit 0 = u, bit 1 = v, bit 2 = w (0 = min, 1 = max).
const FACES: readonly (readonly [number, number, number, number, number])[] = [
  // corner indices of the face, then the local axis (0 u, 1 v, 2 w) * 2 + (0 min side, 1 max side)
  [0, 2, 6, 4, 0],
  [1, 3, 7, 5, 1],
  [0, 1, 5, 4, 2],
  [2, 3, 7, 6, 3],
  [0, 1, 3, 2, 4],
  [4, 5, 7, 6, 5],
];

/** Draws the box [u0,u1] x [v0,v1] x [w0,w1] of `frame`, faces towards the camera only, flat shaded. */
export function drawTurnedBox(canvas: Canvas, view: View, frame: TurnedFrame, u0: number, u1: number, v0: number, v1: number, w0: number, w1: number, color: Rgb): void {
  const yaw = frame.yawDeg * RAD;
  const s = Math.sin(yaw);
  const c = Math.cos(yaw);
  // Right (u) is (cos, 0, -sin); forward (w) is (sin, 0, cos).
  const corners: Vec3[] = [];
  for (let i = 0; i < 8; i++) {
    const u = i & 1 ? u1 : u0;
    const v = i & 2 ? v1 : v0;
    const w = i & 4 ? w1 : w0;
    corners.push([frame.x + u * c + w * s, frame.y + v, frame.z - u * s + w * c]);
  }
  const normals: readonly Vec3[] = [[-c, 0, s], [c, 0, -s], [0, -1, 0], [0, 1, 0], [-s, 0, -c], [s, 0, c]];
  for (const [a, b, d, e, axis] of FACES) {
    const n = normals[axis]!;
    const p = corners[a]!;
    if ((view.px - p[0]) * n[0] + (view.py - p[1]) * n[1] + (view.pz - p[2]) * n[2] <= 0) continue;
    drawPolygon(canvas, view, [p, corners[b]!, corners[d]!, corners[e]!], scaleColor(color, lightFactor(DEFAULT_LIGHT, n[0], n[1], n[2])));
  }
}
