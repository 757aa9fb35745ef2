/** Flat-shaded solids: faces coloured by a base colour times a directional light factor. */
import type { View } from './camera.js';
import type { Canvas } from './canvas.js';
import { scaleColor, type Rgb } from './color.js';
import { drawPolygon } from './raster.js';
import { normalize, type Vec3 } from './vec3.js';

/** A directional light: `direction` points towards the light; factor = ambient + diffuse * max(0, n . direction). */
export interface DirectionalLight {
  readonly direction: Vec3;
  readonly ambient: number;
  readonly diffuse: number;
}

/** A light from above, front-right: tops bright, sides in three distinct shades. */
export const DEFAULT_LIGHT: DirectionalLight = { direction: normalize([0.45, 1, -0.3]), ambient: 0.5, diffuse: 0.55 };

/** Brightness factor of a face with unit normal (nx, ny, nz) under `light`. */
export function lightFactor(light: DirectionalLight, nx: number, ny: number, nz: number): number {
  const d = light.direction;
  return light.ambient + light.diffuse * Math.max(0, nx * d[0] + ny * d[1] + nz * d[2]);
}

/** Draws a convex polygon shaded by its own normal (from its first three points). */
export function drawShadedPolygon(canvas: Canvas, view: View, points: readonly Vec3[], color: Rgb, light: DirectionalLight): void {
  const [a, b, c] = points;
  if (a === undefined || b === undefined || c === undefined) return;
  const n = normalize(cross([b[0] - a[0], b[1] - a[1], b[2] - a[2]], [c[0] - a[0], c[1] - a[1], c[2] - a[2]]));
  // Shade the side facing the camera.
  const toCam = (view.px - a[0]) * n[0] + (view.py - a[1]) * n[1] + (view.pz - a[2]) * n[2];
  const s = toCam >= 0 ? 1 : -1;
  drawPolygon(canvas, view, points, scaleColor(color, lightFactor(light, n[0] * s, n[1] * s, n[2] * s)));
}

function cross(u: Vec3, v: Vec3): Vec3 {
  return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
}

/**
 * Draws an axis-aligned box from corner `min` to corner `max`; only faces turned towards the camera are
 * drawn, each `color` times its light factor. `topColor`, when given, replaces the colour of the +y face.
 */
export function drawBox(canvas: Canvas, view: View, min: Vec3, max: Vec3, color: Rgb, light: DirectionalLight, topColor?: Rgb): void {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const { px, py, pz } = view;
  if (py > y1) drawPolygon(canvas, view, [[x0, y1, z0], [x1, y1, z0], [x1, y1, z1], [x0, y1, z1]], scaleColor(topColor ?? color, lightFactor(light, 0, 1, 0)));
  if (py < y0) drawPolygon(canvas, view, [[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]], scaleColor(color, lightFactor(light, 0, -1, 0)));
  if (px > x1) drawPolygon(canvas, view, [[x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1]], scaleColor(color, lightFactor(light, 1, 0, 0)));
  if (px < x0) drawPolygon(canvas, view, [[x0, y0, z0], [x0, y1, z0], [x0, y1, z1], [x0, y0, z1]], scaleColor(color, lightFactor(light, -1, 0, 0)));
  if (pz > z1) drawPolygon(canvas, view, [[x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]], scaleColor(color, lightFactor(light, 0, 0, 1)));
  if (pz < z0) drawPolygon(canvas, view, [[x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0]], scaleColor(color, lightFactor(light, 0, 0, -1)));
}
