/** Colours and small drawing helpers shared by the arena and the HUD. */
import { drawText, fillRect, measureText, textHeight, type Canvas, type Rgb } from '../render/index.js';
import type { Item } from './items.js';

/** The workshop games' colours. */
export const Palette = {
  background: [28, 31, 40] as Rgb,
  floorA: [198, 188, 166] as Rgb,
  floorB: [186, 176, 154] as Rgb,
  /** Floor the viewer cannot walk on (the other side of a divide). */
  farFloorA: [120, 118, 112] as Rgb,
  farFloorB: [112, 110, 104] as Rgb,
  wall: [66, 70, 84] as Rgb,
  wallEdge: [48, 51, 62] as Rgb,
  crate: [146, 98, 52] as Rgb,
  workbench: [84, 104, 138] as Rgb,
  counter: [40, 138, 68] as Rgb,
  bin: [44, 44, 50] as Rgb,
  transfer: [118, 86, 160] as Rgb,
  stationEdge: [24, 24, 28] as Rgb,
  target: [255, 255, 255] as Rgb,
  gold: [255, 206, 0] as Rgb,
  you: [255, 226, 40] as Rgb,
  text: [255, 255, 255] as Rgb,
  dim: [170, 176, 190] as Rgb,
  shadow: [0, 0, 0] as Rgb,
  panel: [18, 20, 28] as Rgb,
  card: [40, 44, 58] as Rgb,
  barBack: [70, 74, 90] as Rgb,
  barOk: [80, 200, 110] as Rgb,
  barUrgent: [235, 70, 60] as Rgb,
  progress: [255, 206, 0] as Rgb,
} as const;

/** Player colours by slot: blue, orange, then spares. */
export const PLAYER_COLORS: readonly Rgb[] = [
  [44, 110, 240],
  [240, 124, 28],
  [170, 60, 200],
  [30, 170, 160],
];

/** The names of PLAYER_COLORS, for the HUD's "YOU ARE BLUE". */
export const PLAYER_COLOR_NAMES: readonly string[] = ['BLUE', 'ORANGE', 'PURPLE', 'TEAL'];

const ITEM_COLORS: readonly Rgb[] = [
  [228, 64, 64],
  [64, 150, 240],
  [70, 200, 90],
  [220, 220, 228],
  [190, 100, 230],
  [240, 150, 60],
];

/** A colour per item kind: its index in `kinds` (the variant's crate parts, in order). */
export function itemColor(kind: string, kinds: readonly string[]): Rgb {
  const i = kinds.indexOf(kind);
  return ITEM_COLORS[(i < 0 ? kinds.length : i) % ITEM_COLORS.length] ?? ITEM_COLORS[0]!;
}

/** A filled disc centred at (cx, cy), radius r pixels. */
export function fillCircle(canvas: Canvas, cx: number, cy: number, r: number, color: Rgb): void {
  for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
    const dy = y + 0.5 - cy;
    const half = Math.sqrt(Math.max(0, r * r - dy * dy));
    if (half <= 0) continue;
    fillRect(canvas, Math.round(cx - half), y, Math.round(cx + half) - Math.round(cx - half), 1, color);
  }
}

/** An item icon: a square in the item's colour with its initial; High-grade items get a gold frame. */
export function drawItemIcon(canvas: Canvas, item: Item, cx: number, cy: number, size: number, kinds: readonly string[]): void {
  const s = Math.max(6, Math.round(size));
  const x = Math.round(cx - s / 2);
  const y = Math.round(cy - s / 2);
  const frame = Math.max(1, Math.round(s / 7));
  fillRect(canvas, x - frame, y - frame, s + 2 * frame, s + 2 * frame, item.high ? Palette.gold : Palette.stationEdge);
  fillRect(canvas, x, y, s, s, itemColor(item.kind, kinds));
  const scale = Math.max(1, Math.floor(s / 9));
  const letter = item.kind.slice(0, 1);
  drawText(canvas, letter, Math.round(cx - measureText(letter, scale) / 2), Math.round(cy - textHeight(scale) / 2), { scale, color: Palette.shadow });
}

/** Text centred on (cx, cy) with a shadow. */
export function drawCentredText(canvas: Canvas, text: string, cx: number, cy: number, scale: number, color: Rgb): void {
  drawText(canvas, text, Math.round(cx - measureText(text, scale) / 2), Math.round(cy - textHeight(scale) / 2), { scale, color, shadow: Palette.shadow });
}

/** A rectangle outline `t` pixels thick. */
export function strokeRect(canvas: Canvas, x: number, y: number, w: number, h: number, t: number, color: Rgb): void {
  fillRect(canvas, x, y, w, t, color);
  fillRect(canvas, x, y + h - t, w, t, color);
  fillRect(canvas, x, y, t, h, color);
  fillRect(canvas, x + w - t, y, t, h, color);
}
