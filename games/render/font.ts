/** Bitmap text: 5x7 glyphs drawn at an integer scale; lower case draws as upper case, unknown characters as '?'. */
import { fillRect, type Canvas } from './canvas.js';
import type { Rgb } from './color.js';
import { GLYPHS, GLYPH_HEIGHT, GLYPH_WIDTH } from './glyphs.js';

/** Glyphs compiled for drawing: the inked pixels of each as (column, row) pairs. */
export type CompiledGlyphs = ReadonlyMap<string, readonly number[]>;

/** Compiles 5x7 glyphs drawn as rows of '#' (inked) and '.' for {@link TextStyle.glyphs}. */
export function compileGlyphs(glyphs: Readonly<Record<string, readonly string[]>>): CompiledGlyphs {
  return new Map(
    Object.entries(glyphs).map(([ch, rows]) => {
      const pixels: number[] = [];
      rows.forEach((row, y) => {
        for (let x = 0; x < GLYPH_WIDTH; x++) if (row[x] === '#') pixels.push(x, y);
      });
      return [ch, pixels];
    }),
  );
}

const COMPILED = compileGlyphs(GLYPHS);
const FALLBACK = COMPILED.get('?') ?? [];

export interface TextStyle {
  /** Integer pixel scale of the 5x7 glyphs; default 1. */
  readonly scale?: number;
  readonly color: Rgb;
  /** Colour of a drop shadow offset by one scaled pixel; none by default. */
  readonly shadow?: Rgb;
  /** Further glyphs, looked up before the built-in ones (and without upper-casing), e.g. punctuation a panel needs. */
  readonly glyphs?: CompiledGlyphs;
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
  if (style.shadow !== undefined) drawGlyphs(canvas, text, x + scale, y + scale, scale, style.shadow, style.glyphs);
  drawGlyphs(canvas, text, x, y, scale, style.color, style.glyphs);
}

function drawGlyphs(canvas: Canvas, text: string, x: number, y: number, scale: number, color: Rgb, extra?: CompiledGlyphs): void {
  let cx = Math.round(x);
  const top = Math.round(y);
  for (const ch of text) {
    const pixels = extra?.get(ch) ?? COMPILED.get(ch.toUpperCase()) ?? FALLBACK;
    for (let i = 0; i < pixels.length; i += 2) {
      fillRect(canvas, cx + pixels[i]! * scale, top + pixels[i + 1]! * scale, scale, scale, color);
    }
    cx += (GLYPH_WIDTH + 1) * scale;
  }
}
