/**
 * Where to put a small text label near a point so it crosses no line and covers no marker: the first of a few
 * places around the point (above, below, the four diagonals, right, left) whose box is clear, else above.
 */
import type { PlotBox } from './svg-axes.js';

/** A box, px: x0 < x1, y0 < y1 (SVG's y grows down). */
export type Box = PlotBox;

/** A line segment, px. */
export interface Segment {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** What a label must keep clear of: lines, and boxes (markers, other labels). */
export interface Obstacles {
  readonly segments: Segment[];
  readonly boxes: Box[];
}

/** The box a text of `size` px takes, anchored in the middle at baseline (x, y); ~0.6 em per character in the plots' font. */
export function textBox(x: number, y: number, s: string, size: number): Box {
  const w = s.length * size * 0.62;
  return { x0: x - w / 2, x1: x + w / 2, y0: y - size * 0.8, y1: y + size * 0.2 };
}

/** Whether the segment meets the box (Liang-Barsky clipping). */
export function segmentMeetsBox(s: Segment, b: Box): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = s.x1 - s.x0;
  const dy = s.y1 - s.y0;
  for (const [p, q] of [
    [-dx, s.x0 - b.x0],
    [dx, b.x1 - s.x0],
    [-dy, s.y0 - b.y0],
    [dy, b.y1 - s.y0],
  ] as const) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

const boxesMeet = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** A box grown by `pad` px on every side. */
export const padBox = (b: Box, pad: number): Box => ({ x0: b.x0 - pad, y0: b.y0 - pad, x1: b.x1 + pad, y1: b.y1 + pad });

/**
 * The baseline (x, y) for a middle-anchored label of `s` at `size` px next to the point (px, py), `gap` px off it,
 * inside `within`, clear of the obstacles (a 2 px margin); the placed box is added to the obstacles' boxes so
 * later labels keep clear of it.
 */
export function placeLabel(px: number, py: number, s: string, size: number, gap: number, within: Box, obstacles: Obstacles): { x: number; y: number } {
  const w = s.length * size * 0.62;
  const h = size;
  const candidates: [number, number][] = [
    [0, -gap],
    [0, gap + h * 0.8],
    [w / 2 + gap, -gap],
    [-(w / 2 + gap), -gap],
    [w / 2 + gap, gap + h * 0.8],
    [-(w / 2 + gap), gap + h * 0.8],
    [w / 2 + gap, h * 0.3],
    [-(w / 2 + gap), h * 0.3],
  ];
  const clear = (b: Box): boolean =>
    b.x0 >= within.x0 && b.x1 <= within.x1 && b.y0 >= within.y0 && b.y1 <= within.y1 && !obstacles.segments.some((sg) => segmentMeetsBox(sg, padBox(b, 2))) && !obstacles.boxes.some((o) => boxesMeet(padBox(b, 2), o));
  const [dx, dy] = candidates.find(([cx, cy]) => clear(textBox(px + cx, py + cy, s, size))) ?? candidates[0]!;
  const placed = { x: px + dx, y: py + dy };
  obstacles.boxes.push(textBox(placed.x, placed.y, s, size));
  return placed;
}
