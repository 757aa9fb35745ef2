import { describe, expect, it } from 'vitest';
import { createCanvas, drawText } from '../games/index.js';
import { printable } from './panel.js';
import { PANEL_GLYPHS } from './panel-glyphs.js';

const drawn = (text: string, glyphs?: typeof PANEL_GLYPHS): string => {
  const c = createCanvas(12, 8);
  drawText(c, text, 0, 0, { color: [255, 255, 255], ...(glyphs ? { glyphs } : {}) });
  return [...c.rgb].map((v) => (v > 0 ? '#' : '.')).join('');
};

describe('the video panel text', () => {
  it('keeps an answer as written: the action markers, semicolons, brackets and quotes', () => {
    expect(printable('<|action_start|>0 0 0 ; W ; "D" [x] {y} <|action_end|>')).toBe('<|action_start|>0 0 0 ; W ; "D" [x] {y} <|action_end|>');
    expect(printable('tab\there\nnewline \u00e9')).toBe('tab here newline ?');
  });

  it('draws each of those characters with a glyph of its own, not the unknown glyph', () => {
    const unknown = drawn('?');
    const blank = drawn(' ');
    const seen = new Set<string>();
    for (const ch of '|;<>[]{}"#*') {
      const pixels = drawn(ch, PANEL_GLYPHS);
      expect(pixels, ch).not.toBe(unknown);
      expect(pixels, ch).not.toBe(blank);
      expect(seen.has(pixels), ch).toBe(false);
      seen.add(pixels);
    }
    // Without the panel's glyphs the games' font draws them as the unknown glyph (what the panel used to avoid by mapping ';' to ',').
    expect(drawn(';')).toBe(unknown);
    expect(drawn(';', PANEL_GLYPHS)).not.toBe(drawn(',', PANEL_GLYPHS));
  });
});
