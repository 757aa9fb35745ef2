/**
 * Flat-colour convex polygons with a depth buffer: world points go to view space, are clipped against the
 * near plane, projected, and filled span by span (pixel centres, 1/z depth interpolated linearly on screen).
 */
import { toViewSpace, type View } from './camera.js';
import type { Canvas } from './canvas.js';
import type { Rgb } from './color.js';
import type { Vec3 } from './vec3.js';

/** Most corners a polygon may have. */
export const MAX_POLYGON_VERTICES = 8;

// Scratch buffers: rendering is synchronous, so one set serves every call.
const viewIn = new Float64Array(MAX_POLYGON_VERTICES * 3);
const clipped = new Float64Array((MAX_POLYGON_VERTICES + 1) * 3);
const screen = new Float64Array((MAX_POLYGON_VERTICES + 1) * 3);

/** Draws a flat-coloured convex polygon (3..8 coplanar world points, either winding) with depth testing. */
export function drawPolygon(canvas: Canvas, view: View, points: readonly Vec3[], color: Rgb): void {
  const n = points.length;
  if (n < 3 || n > MAX_POLYGON_VERTICES) throw new RangeError(`a polygon needs 3..${MAX_POLYGON_VERTICES} points, got ${n}`);
  let front = 0;
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    toViewSpace(view, p[0], p[1], p[2], viewIn, i * 3);
    if (viewIn[i * 3 + 2]! >= view.near) front++;
  }
  if (front === 0) return;
  let src = viewIn;
  let m = n;
  if (front < n) {
    m = clipNear(viewIn, n, view.near, clipped);
    src = clipped;
    if (m < 3) return;
  }
  const cx = view.width / 2;
  const cy = view.height / 2;
  for (let i = 0; i < m; i++) {
    const inv = 1 / src[i * 3 + 2]!;
    screen[i * 3] = cx + src[i * 3]! * view.focal * inv;
    screen[i * 3 + 1] = cy - src[i * 3 + 1]! * view.focal * inv;
    screen[i * 3 + 2] = inv;
  }
  for (let i = 1; i < m - 1; i++) rasterTriangle(canvas, 0, i, i + 1, color);
}

/** Draws one flat-coloured triangle with depth testing. */
export function drawTriangle(canvas: Canvas, view: View, a: Vec3, b: Vec3, c: Vec3, color: Rgb): void {
  drawPolygon(canvas, view, [a, b, c], color);
}

/** Sutherland-Hodgman against z >= near; returns the vertex count written to `out`. */
function clipNear(src: Float64Array, n: number, near: number, out: Float64Array): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const zi = src[i * 3 + 2]!;
    const zj = src[j * 3 + 2]!;
    const inI = zi >= near;
    if (inI) {
      out[m * 3] = src[i * 3]!;
      out[m * 3 + 1] = src[i * 3 + 1]!;
      out[m * 3 + 2] = zi;
      m++;
    }
    if (inI !== zj >= near) {
      const t = (near - zi) / (zj - zi);
      out[m * 3] = src[i * 3]! + (src[j * 3]! - src[i * 3]!) * t;
      out[m * 3 + 1] = src[i * 3 + 1]! + (src[j * 3 + 1]! - src[i * 3 + 1]!) * t;
      out[m * 3 + 2] = near;
      m++;
    }
  }
  return m;
}

function rasterTriangle(canvas: Canvas, i0: number, i1: number, i2: number, color: Rgb): void {
  const x0 = screen[i0 * 3]!, y0 = screen[i0 * 3 + 1]!, w0 = screen[i0 * 3 + 2]!;
  const x1 = screen[i1 * 3]!, y1 = screen[i1 * 3 + 1]!, w1 = screen[i1 * 3 + 2]!;
  const x2 = screen[i2 * 3]!, y2 = screen[i2 * 3 + 1]!, w2 = screen[i2 * 3 + 2]!;
  const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (!(Math.abs(area) > 1e-9)) return;
  const { width, height, rgb, depth } = canvas;
  const rowStart = Math.max(0, Math.ceil(Math.min(y0, y1, y2) - 0.5));
  const rowEnd = Math.min(height - 1, Math.floor(Math.max(y0, y1, y2) - 0.5));
  if (rowEnd < rowStart) return;
  // Depth plane w = A x + B y + C through the three projected corners.
  const dA = ((w1 - w0) * (y2 - y0) - (w2 - w0) * (y1 - y0)) / area;
  const dB = ((x1 - x0) * (w2 - w0) - (x2 - x0) * (w1 - w0)) / area;
  const dC = w0 - dA * x0 - dB * y0;
  const s = area > 0 ? 1 : -1;
  // Edge i from P to Q: inside when s * ((Qx-Px)(y-Py) - (Qy-Py)(x-Px)) >= 0, i.e. a*x + b(y) >= 0.
  const a0 = -s * (y1 - y0), a1 = -s * (y2 - y1), a2 = -s * (y0 - y2);
  const ex0 = s * (x1 - x0), ex1 = s * (x2 - x1), ex2 = s * (x0 - x2);
  const [r, g, b] = color;
  for (let py = rowStart; py <= rowEnd; py++) {
    const yc = py + 0.5;
    let lo = -Infinity;
    let hi = Infinity;
    const b0 = ex0 * (yc - y0) - a0 * x0;
    const b1 = ex1 * (yc - y1) - a1 * x1;
    const b2 = ex2 * (yc - y2) - a2 * x2;
    if (a0 > 0) lo = Math.max(lo, -b0 / a0);
    else if (a0 < 0) hi = Math.min(hi, -b0 / a0);
    else if (b0 < 0) continue;
    if (a1 > 0) lo = Math.max(lo, -b1 / a1);
    else if (a1 < 0) hi = Math.min(hi, -b1 / a1);
    else if (b1 < 0) continue;
    if (a2 > 0) lo = Math.max(lo, -b2 / a2);
    else if (a2 < 0) hi = Math.min(hi, -b2 / a2);
    else if (b2 < 0) continue;
    const pxStart = Math.max(0, Math.ceil(lo - 0.5));
    const pxEnd = Math.min(width - 1, Math.floor(hi - 0.5));
    if (pxEnd < pxStart) continue;
    const row = py * width;
    let w = dA * (pxStart + 0.5) + dB * yc + dC;
    for (let px = pxStart; px <= pxEnd; px++, w += dA) {
      const i = row + px;
      if (w > depth[i]!) {
        depth[i] = w;
        const o = i * 3;
        rgb[o] = r;
        rgb[o + 1] = g;
        rgb[o + 2] = b;
      }
    }
  }
}
