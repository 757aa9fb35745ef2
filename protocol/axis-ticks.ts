/** Axis ticks a reader can read: 1, 2 or 5 times a power of ten, from zero (or the data's low end) past the data's top. */

/** The step between about `count` ticks over `span`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceStep(span: number, count = 5): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / Math.max(1, count);
  const p = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5, 10].find((m) => m * p >= raw) ?? 10) * p;
}

/** Ticks from `lo` (rounded down to a step) to at least `hi` (rounded up), about `count` of them; the last tick is the axis maximum. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  const top = hi > lo ? hi : lo + 1;
  const step = niceStep(top - lo, count);
  const start = Math.floor(lo / step) * step;
  const ticks: number[] = [];
  for (let v = start; v < top + step * 0.999 && ticks.length < 50; v += step) ticks.push(Number(v.toPrecision(12)));
  if (ticks[ticks.length - 1]! < top) ticks.push(Number((start + ticks.length * step).toPrecision(12)));
  return ticks;
}

/** A tick's label: as few decimals as its step needs (0.025 steps get three). */
export function tickLabel(v: number, step: number): string {
  let d = 0;
  while (d < 6 && Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) > 1e-6) d++;
  return v.toFixed(d);
}
