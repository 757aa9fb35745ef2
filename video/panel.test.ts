import { describe, expect, it } from 'vitest';
import { createCanvas, drawText } from '../games/index.js';
import { printable } from './panel.js';
import { FALLBACK_CHAR, PANEL_GLYPHS } from './panel-glyphs.js';

const drawn = (text: string, glyphs?: typeof PANEL_GLYPHS): string => {
  const c = createCanvas(12, 8);
  drawText(c, text, 0, 0, { color: [255, 255, 255], ...(glyphs ? { glyphs } : {}) });
  return [...c.rgb].map((v) => (v > 0 ? '#' : '.')).join('');
};

/** Every printable ASCII character but the space. */
const ASCII = Array.from({ length: 0x7e - 0x20 }, (_, i) => String.fromCharCode(0x21 + i));

describe('the video panel text', () => {
  it('keeps an answer as written: the action markers, lower case, semicolons, brackets and quotes', () => {
    const answer = '<|action_start|>0 0 0 ; W ; "D" [x] {y} `a~b^c\\d&e@f$g#h*i <|action_end|>';
    expect(printable(answer)).toBe(answer);
    expect(printable(ASCII.join(''))).toBe(ASCII.join(''));
  });

  it('draws white space as one space, and any other character as the fallback glyph', () => {
    expect(printable('tab\there\nnewline \u00e9 \u4e2d \u{1f600}')).toBe(`tab here newline ${FALLBACK_CHAR} ${FALLBACK_CHAR} ${FALLBACK_CHAR}`);
  });

  it('draws every printable ASCII character with a glyph of its own: none blank, none the fallback, no two alike', () => {
    const blank = drawn(' ');
    const fallback = drawn(FALLBACK_CHAR, PANEL_GLYPHS);
    expect(fallback).not.toBe(blank);
    const seen = new Map<string, string>();
    for (const ch of ASCII) {
      const pixels = drawn(ch, PANEL_GLYPHS);
      expect(pixels, ch).not.toBe(blank);
      expect(pixels, ch).not.toBe(fallback);
      expect(seen.get(pixels), `${ch} looks like ${seen.get(pixels)}`).toBeUndefined();
      seen.set(pixels, ch);
    }
    // The games' own font draws lower case as upper case and ';' as its unknown glyph: the panel's glyphs are what tell them apart.
    expect(drawn('a')).toBe(drawn('A'));
    expect(drawn('a', PANEL_GLYPHS)).not.toBe(drawn('A', PANEL_GLYPHS));
    expect(drawn(';')).toBe(drawn('?'));
  });
});
