/** The render target: an RGB framebuffer (row-major, 3 bytes a pixel) plus a depth buffer of 1/z (0 = empty). */
import { mixColor, type Rgb } from './color.js';

export interface Canvas {
  readonly width: number;
  readonly height: number;
  /** width x height x 3 bytes, top row first. */
  readonly rgb: Uint8Array;
  /** width x height reciprocal view depths; larger is nearer, 0 is nothing drawn. */
  readonly depth: Float32Array;
}

/** A canvas over `rgb` and `depth` (both allocated when omitted); throws RangeError on a size mismatch. */
export function createCanvas(width: number, height: number, rgb?: Uint8Array, depth?: Float32Array): Canvas {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`bad canvas size ${width}x${height}`);
  }
  const pixels = width * height;
  const color = rgb ?? new Uint8Array(pixels * 3);
  const z = depth ?? new Float32Array(pixels);
  if (color.length !== pixels * 3) throw new RangeError(`rgb buffer has ${color.length} bytes, expected ${pixels * 3}`);
  if (z.length !== pixels) throw new RangeError(`depth buffer has ${z.length} entries, expected ${pixels}`);
  return { width, height, rgb: color, depth: z };
}

/** Marks every pixel as empty in the depth buffer. */
export function clearDepth(canvas: Canvas): void {
  canvas.depth.fill(0);
}

/** Fills the whole framebuffer with `color` and clears the depth buffer. */
export function clearCanvas(canvas: Canvas, color: Rgb): void {
  fillRow(canvas.rgb, 0, canvas.width * canvas.height, color);
  clearDepth(canvas);
}

function fillRow(rgb: Uint8Array, start: number, count: number, color: Rgb): void {
  if (count <= 0) return;
  const [r, g, b] = color;
  const o = start * 3;
  rgb[o] = r;
  rgb[o + 1] = g;
  rgb[o + 2] = b;
  // Doubling copies: far faster than a per-pixel loop for long runs.
  let filled = 3;
  const total = count * 3;
  while (filled < total) {
    const n = Math.min(filled, total - filled);
    rgb.copyWithin(o + filled, o, o + n);
    filled += n;
  }
}

/**
 * Draws a 2D rectangle in pixels over the framebuffer (ignores depth), clipped to the canvas; `alpha`
 * 0..255 blends it over what is there with integer arithmetic (255, the default, is opaque).
 */
export function fillRect(canvas: Canvas, x: number, y: number, w: number, h: number, color: Rgb, alpha = 255): void {
  const x0 = Math.max(0, Math.round(x));
  const y0 = Math.max(0, Math.round(y));
  const x1 = Math.min(canvas.width, Math.round(x + w));
  const y1 = Math.min(canvas.height, Math.round(y + h));
  if (x1 <= x0 || y1 <= y0) return;
  const a = alpha <= 0 ? 0 : alpha >= 255 ? 255 : Math.round(alpha);
  if (a === 0) return;
  const rgb = canvas.rgb;
  for (let py = y0; py < y1; py++) {
    const row = py * canvas.width;
    if (a === 255) {
      fillRow(rgb, row + x0, x1 - x0, color);
      continue;
    }
    const ia = 255 - a;
    const [r, g, b] = color;
    for (let i = (row + x0) * 3, end = (row + x1) * 3; i < end; i += 3) {
      rgb[i] = ((r * a + rgb[i]! * ia + 127) / 255) | 0;
      rgb[i + 1] = ((g * a + rgb[i + 1]! * ia + 127) / 255) | 0;
      rgb[i + 2] = ((b * a + rgb[i + 2]! * ia + 127) / 255) | 0;
    }
  }
}

/**
 * Paints a sky over the whole canvas and clears depth: `zenith` at the top edge blending to `horizon` at
 * row `horizonY` (may lie off screen), then to `nadir` at `horizonY + height` and below.
 */
export function drawSkyGradient(canvas: Canvas, horizonY: number, zenith: Rgb, horizon: Rgb, nadir: Rgb): void {
  const h = canvas.height;
  const top = Math.min(0, horizonY - h * 0.25);
  for (let py = 0; py < h; py++) {
    const y = py + 0.5;
    const color =
      y < horizonY ? mixColor(zenith, horizon, (y - top) / Math.max(1, horizonY - top)) : mixColor(horizon, nadir, (y - horizonY) / h);
    fillRow(canvas.rgb, py * canvas.width, canvas.width, color);
  }
  clearDepth(canvas);
}
