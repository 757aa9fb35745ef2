/** A plot's SVG document: white ground, a title that fits, the plots' colours and a legend of coloured squares. */
import { svgText } from './svg-axes.js';

/** The series colours of every plot, in order. */
export const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'] as const;

/** The colour of series `i`. */
export const colour = (i: number): string => COLOURS[i % COLOURS.length]!;

/** An SVG document `width` x `height` px (wider when its 14 px title needs it, about 7.5 px a character) around `body`. */
export function svgDoc(width: number, height: number, title: string, body: readonly string[]): string {
  const w = Math.max(width, Math.ceil(title.length * 7.5) + 40);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${height}" viewBox="0 0 ${w} ${height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    svgText(w / 2, 20, title, { anchor: 'middle', size: 14, cls: 'plot-title' }),
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

/** A legend: a coloured square and a name per item, one under another from (`x`, `y`). */
export function legend(items: readonly string[], x: number, y: number): string[] {
  return items.flatMap((a, i) => [`<rect x="${x}" y="${y + i * 16 - 9}" width="10" height="10" fill="${colour(i)}"/>`, svgText(x + 14, y + i * 16, a)]);
}
