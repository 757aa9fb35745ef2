/**
 * What a reader of a plot checks, on its SVG text (a file a command wrote, or a page's inline plot): the tick
 * labels of an axis are nice (from 0, evenly 1, 2, 2.5 or 5 times a power of ten apart, as many decimals as the
 * step needs) and each axis is labelled.
 */
import { expect } from 'vitest';

const unescape = (s: string): string => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The texts of the `<text class="CLS">` elements, in order. */
export function svgTexts(svg: string, cls: string): string[] {
  return [...svg.matchAll(new RegExp(`<text [^>]*class="${cls}"[^>]*>([^<]*)</text>`, 'g'))].map((m) => unescape(m[1]!));
}

/** Asserts one axis' tick labels (one panel's: a run of labels from 0) are nice. */
export function expectNiceTicks(labels: readonly string[], what: string): void {
  const values = labels.map(Number);
  expect(values.length, what).toBeGreaterThanOrEqual(2);
  expect(values[0], what).toBe(0);
  const step = values[1]! - values[0]!;
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  expect([1, 2, 2.5, 5].some((m) => Math.abs(m - mantissa) < 1e-6), `${what}: step ${step}`).toBe(true);
  values.forEach((v, i) => expect(v, what).toBeCloseTo(i * step, 9));
  const decimals = (x: string): number => x.split('.')[1]?.length ?? 0;
  expect(Math.max(...labels.map(decimals)), what).toBe(decimals(String(Number(step.toPrecision(6)))));
}

/** Splits an axis' tick labels into its panels' runs (each starts again at 0). */
export function panels(labels: readonly string[]): string[][] {
  const out: string[][] = [];
  for (const l of labels) {
    if (Number(l) === 0 || out.length === 0) out.push([]);
    out[out.length - 1]!.push(l);
  }
  return out;
}
