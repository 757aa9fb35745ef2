/** Block figures made of axis-aligned boxes that turn in quarter turns, and the square shadow under a body. */
import { DEFAULT_LIGHT, drawBox, drawPolygon, type Canvas, type Rgb, type View } from '../render/index.js';
import { RAD } from './angles.js';

/** Draws the box [u0, u1] x [v0, v1] x [w0, w1] of a figure's own frame: u to its right, v up, w forwards, m. */
export type FigurePart = (u0: number, u1: number, v0: number, v1: number, w0: number, w1: number, color: Rgb) => void;

/**
 * The part drawer of a figure with its feet at (x, y, z) facing `facingDeg` (0 = +z) rounded to a quarter
 * turn, so every part stays an axis-aligned box.
 */
export function quarterTurnFigure(canvas: Canvas, view: View, x: number, y: number, z: number, facingDeg: number): FigurePart {
  const q = (((Math.round(facingDeg / 90) % 4) + 4) % 4) * 90 * RAD;
  const fx = Math.round(Math.sin(q));
  const fz = Math.round(Math.cos(q));
  return (u0, u1, v0, v1, w0, w1, color) => {
    const xa = x + u0 * fz + w0 * fx;
    const xb = x + u1 * fz + w1 * fx;
    const za = z - u0 * fx + w0 * fz;
    const zb = z - u1 * fx + w1 * fz;
    drawBox(canvas, view, [Math.min(xa, xb), y + v0, Math.min(za, zb)], [Math.max(xa, xb), y + v1, Math.max(za, zb)], color, DEFAULT_LIGHT);
  };
}

/** A flat square of half side `half` at height `y` centred under (x, z): a body's shadow. */
export function drawSquareShadow(canvas: Canvas, view: View, x: number, y: number, z: number, half: number, color: Rgb): void {
  drawPolygon(canvas, view, [[x - half, y, z - half], [x + half, y, z - half], [x + half, y, z + half], [x - half, y, z + half]], color);
}

const SUIT: Rgb = [36, 86, 232];
const SUIT_HEAD: Rgb = [84, 132, 255];
const VISOR: Rgb = [235, 240, 250];

/** Heights of a suited runner's parts above its feet, m: legs up to `hip`, torso up to `neck`, then arms, head and visor. */
export interface SuitHeights {
  readonly hip: number;
  readonly neck: number;
  readonly arms: readonly [number, number];
  readonly head: readonly [number, number];
  readonly visor: readonly [number, number];
}

/** Draws the blue-suited runner of the platform games (legs, torso, arms, helmet, visor) with `part`. */
export function drawSuitFigure(part: FigurePart, h: SuitHeights): void {
  part(-0.3, -0.05, 0, h.hip, -0.14, 0.14, SUIT);
  part(0.05, 0.3, 0, h.hip, -0.14, 0.14, SUIT);
  part(-0.32, 0.32, h.hip, h.neck, -0.18, 0.18, SUIT);
  part(-0.46, -0.32, h.arms[0], h.arms[1], -0.1, 0.1, SUIT_HEAD);
  part(0.32, 0.46, h.arms[0], h.arms[1], -0.1, 0.1, SUIT_HEAD);
  part(-0.2, 0.2, h.head[0], h.head[1], -0.2, 0.2, SUIT_HEAD);
  part(-0.14, 0.14, h.visor[0], h.visor[1], 0.2, 0.24, VISOR);
}
