/** Draws cue_chase's landmarks and people as boxes, each landmark kind with its own shape and colours. */
import { DEFAULT_LIGHT, drawBox, type Canvas, type Rgb, type View } from '../render/index.js';
import { quarterTurnFigure } from '../common/figure.js';
import type { Landmark, Person } from './plaza.js';
import type { Hat, LandmarkKind, Shirt } from './rules.js';

export const SHIRT_RGB: Readonly<Record<Shirt, Rgb>> = {
  red: [222, 40, 40],
  blue: [40, 90, 232],
  green: [40, 172, 60],
  yellow: [244, 212, 40],
  purple: [150, 60, 206],
  orange: [246, 136, 26],
  white: [242, 242, 242],
  black: [34, 34, 40],
};

const SKIN: Rgb = [234, 194, 158];
const TROUSERS: Rgb = [70, 72, 96];
const CAP: Rgb = [70, 84, 120];
const TOP_HAT: Rgb = [24, 24, 28];
const STRAW: Rgb = [226, 196, 120];
const STONE: Rgb = [160, 160, 172];
const WATER: Rgb = [70, 140, 232];
const WOOD: Rgb = [140, 92, 48];
const DARK_WOOD: Rgb = [96, 64, 34];
const LEAVES: Rgb = [40, 142, 52];
const GOLD: Rgb = [224, 182, 50];
const WHITE: Rgb = [244, 244, 244];
const RED: Rgb = [204, 44, 44];

/** Height above the ground to hang a landmark's name label, m. */
export const LABEL_HEIGHT: Readonly<Record<LandmarkKind, number>> = {
  fountain: 2.4,
  tree: 4.4,
  well: 2.6,
  statue: 3.2,
  'market stall': 2.9,
  bench: 1.4,
  'lamp post': 4.2,
  'flower bed': 1.1,
  cart: 1.7,
  signpost: 2.6,
};

type BoxFn = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, color: Rgb) => void;

/** Draws one landmark. */
export function drawLandmark(canvas: Canvas, view: View, l: Landmark): void {
  const box: BoxFn = (x0, y0, z0, x1, y1, z1, color) => drawBox(canvas, view, [l.x + x0, y0, l.z + z0], [l.x + x1, y1, l.z + z1], color, DEFAULT_LIGHT);
  switch (l.kind) {
    case 'fountain':
      box(-1.6, 0, -1.6, 1.6, 0.7, 1.6, STONE);
      box(-1.3, 0.7, -1.3, 1.3, 0.72, 1.3, WATER);
      box(-0.2, 0.72, -0.2, 0.2, 1.7, 0.2, STONE);
      box(-0.5, 1.7, -0.5, 0.5, 1.9, 0.5, WATER);
      return;
    case 'tree':
      box(-0.3, 0, -0.3, 0.3, 2.2, 0.3, DARK_WOOD);
      box(-1.3, 2, -1.3, 1.3, 4, 1.3, LEAVES);
      return;
    case 'well':
      box(-0.7, 0, -0.7, 0.7, 0.9, 0.7, STONE);
      box(-0.5, 0.9, -0.5, 0.5, 0.91, 0.5, [30, 60, 110]);
      box(-0.7, 0.9, -0.08, -0.56, 2, 0.08, WOOD);
      box(0.56, 0.9, -0.08, 0.7, 2, 0.08, WOOD);
      box(-0.95, 2, -0.6, 0.95, 2.25, 0.6, RED);
      return;
    case 'statue':
      box(-0.6, 0, -0.6, 0.6, 1.2, 0.6, WHITE);
      box(-0.25, 1.2, -0.18, 0.25, 2.4, 0.18, GOLD);
      box(-0.16, 2.4, -0.16, 0.16, 2.75, 0.16, GOLD);
      return;
    case 'market stall':
      box(-1.3, 0, -0.6, 1.3, 0.9, 0.6, WOOD);
      for (const [px, pz] of [[-1.25, -0.55], [1.15, -0.55], [-1.25, 0.45], [1.15, 0.45]] as const) box(px, 0.9, pz, px + 0.1, 2.3, pz + 0.1, DARK_WOOD);
      for (let i = 0; i < 6; i++) box(-1.5 + i * 0.5, 2.3, -0.8, -1 + i * 0.5, 2.5, 0.8, i % 2 === 0 ? RED : WHITE);
      return;
    case 'bench':
      box(-1, 0, -0.3, -0.9, 0.45, 0.3, DARK_WOOD);
      box(0.9, 0, -0.3, 1, 0.45, 0.3, DARK_WOOD);
      box(-1, 0.45, -0.3, 1, 0.55, 0.3, WOOD);
      box(-1, 0.55, 0.2, 1, 0.9, 0.3, WOOD);
      return;
    case 'lamp post':
      box(-0.12, 0, -0.12, 0.12, 3.3, 0.12, [40, 40, 46]);
      box(-0.28, 3.3, -0.28, 0.28, 3.8, 0.28, [255, 232, 120]);
      return;
    case 'flower bed': {
      box(-1, 0, -1, 1, 0.3, 1, [104, 72, 40]);
      const petals: readonly Rgb[] = [[236, 60, 90], [250, 220, 60], [250, 250, 250], [180, 90, 220]];
      for (let i = 0; i < 4; i++) {
        for (let j = 0; j < 4; j++) box(-0.85 + i * 0.45, 0.3, -0.85 + j * 0.45, -0.6 + i * 0.45, 0.5, -0.6 + j * 0.45, petals[(i + j) % 4] ?? WHITE);
      }
      return;
    }
    case 'cart':
      box(-0.9, 0.4, -0.6, 0.9, 1, 0.6, WOOD);
      box(-0.5, 0, -0.72, 0.3, 0.8, -0.6, DARK_WOOD);
      box(-0.5, 0, 0.6, 0.3, 0.8, 0.72, DARK_WOOD);
      box(0.9, 0.55, -0.05, 1.6, 0.65, 0.05, DARK_WOOD);
      return;
    case 'signpost':
      box(-0.1, 0, -0.1, 0.1, 2.2, 0.1, WOOD);
      box(-0.1, 1.7, -0.6, 0.1, 1.95, 0.4, [206, 176, 116]);
      box(-0.1, 1.3, -0.4, 0.1, 1.55, 0.6, [206, 176, 116]);
      return;
  }
}

/**
 * Draws a figure standing at (x, z) facing `facingDeg` (quarter turns), wearing `shirt` and `hat`; the
 * player passes its own shirt colour.
 */
export function drawFigure(canvas: Canvas, view: View, x: number, y: number, z: number, facingDeg: number, shirt: Rgb, hat: Hat): void {
  // u runs to the figure's right, w forwards.
  const part = quarterTurnFigure(canvas, view, x, y, z, facingDeg);
  part(-0.25, -0.04, 0, 0.75, -0.12, 0.12, TROUSERS);
  part(0.04, 0.25, 0, 0.75, -0.12, 0.12, TROUSERS);
  part(-0.3, 0.3, 0.75, 1.4, -0.16, 0.16, shirt);
  part(-0.42, -0.3, 0.8, 1.38, -0.09, 0.09, shirt);
  part(0.3, 0.42, 0.8, 1.38, -0.09, 0.09, shirt);
  part(-0.18, 0.18, 1.42, 1.78, -0.18, 0.18, SKIN);
  switch (hat) {
    case 'no hat':
      return;
    case 'cap':
      part(-0.2, 0.2, 1.74, 1.88, -0.2, 0.2, CAP);
      part(-0.16, 0.16, 1.74, 1.8, 0.2, 0.42, CAP);
      return;
    case 'top hat':
      part(-0.3, 0.3, 1.76, 1.82, -0.3, 0.3, TOP_HAT);
      part(-0.18, 0.18, 1.82, 2.3, -0.18, 0.18, TOP_HAT);
      return;
    case 'straw hat':
      part(-0.5, 0.5, 1.74, 1.8, -0.5, 0.5, STRAW);
      part(-0.2, 0.2, 1.8, 1.96, -0.2, 0.2, STRAW);
      return;
  }
}

/** Draws a person of the plaza. */
export function drawPerson(canvas: Canvas, view: View, p: Person): void {
  drawFigure(canvas, view, p.x, 0, p.z, p.facingDeg, SHIRT_RGB[p.shirt], p.hat);
}
