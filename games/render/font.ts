/** Bitmap text: 5x7 glyphs drawn at an integer scale; lower case draws as upper case, unknown characters as '?'. */
import { fillRect, type Canvas } from './canvas.js';
import type { Rgb } from './color.js';
import { GLYPHS, GLYPH_HEIGHT, GLYPH_WIDTH } from './glyphs.js';

/** Inked pixels of each glyph as (column, row) pairs, compiled once. */
const COMPILED = new Map<string, readonly number[]>(
  Object.entries(GLYPHS).map(([ch, rows]) => {
    const pixels: number[] = [];
    rows.forEach((row, y) => {
      for (let x = 0; x < GLYPH_WIDTH; x++) if (row[x] === '#') pixels.push(x, y);
    });
    return [ch, pixels];
  }),
);
const FALLBACK = COMPILED.get('?') ?? [];

export interface TextStyle {
  /** Integer pixel scale of the 5x7 glyphs; default 1. */
  readonly scale?: number;
  readonly color: Rgb;
  /** Colour of a drop shadow offset by one scaled pixel; none by default. */
  readonly shadow?: Rgb;
}

/** Width in pixels of `text` at `scale` (glyphs 5 wide plus 1 of spacing, no trailing space). */
export function measureText(text: string, scale = 1): number {
  return text.length === 0 ? 0 : (text.length * (GLYPH_WIDTH + 1) - 1) * scale;
}

/** Height in pixels of a line of text at `scale`. */
export function textHeight(scale = 1): number {
  return GLYPH_HEIGHT * scale;
}

/** Draws `text` with its top-left corner at (x, y) in pixels, over everything (no depth test). */
export function drawText(canvas: Canvas, text: string, x: number, y: number, style: TextStyle): void {
  const scale = Math.max(1, Math.round(style.scale ?? 1));
  if (style.shadow !== undefined) drawGlyphs(canvas, text, x + scale, y + scale, scale, style.shadow);
  drawGlyphs(canvas, text, x, y, scale, style.color);
}

function drawGlyphs(canvas: Canvas, text: string, x: number, y: number, scale: number, color: Rgb): void {
  let cx = Math.round(x);
  const top = Math.round(y);
  for (const ch of text.toUpperCase()) {
    const pixels = COMPILED.get(ch) ?? FALLBACK;
    for (let i = 0; i < pixels.length; i += 2) {
      fillRect(canvas, cx + pixels[i]! * scale, top + pixels[i + 1]! * scale, scale, scale, color);
    }
    cx += (GLYPH_WIDTH + 1) * scale;
  }
}
