/**
 * The native protocol's temporal sampling ceiling: the share of reference events that some delivered timestamp
 * lies within 3 s of, from the case's own event times and grid (1 fps, 256 cap, the grid ending one interval
 * before the video's end), beside the uniform ceiling min(1, 2 * 3 s / interval) that assumes event times
 * uniform relative to the grid.
 */
import { nativeGrid, nativeInterval } from '../media/frame-grid.js';
import { TIME_TOLERANCE_S } from '../tuple.js';

/** A case's two ceilings, fractions in [0, 1]; `unreachable` counts the events no timestamp reaches. */
export interface SamplingCeiling {
  readonly actual: number;
  readonly uniform: number;
  readonly unreachable: number;
  /** Of those, the ones after the last delivered timestamp (the grid's tail). */
  readonly afterLastFrame: number;
}

/** The ceilings of a case with reference times `times` (s) in a video of `durationS` s. */
export function samplingCeiling(times: readonly number[], durationS: number): SamplingCeiling {
  const grid = nativeGrid(durationS);
  const uniform = Math.min(1, (2 * TIME_TOLERANCE_S) / nativeInterval(durationS));
  const last = grid.at(-1) ?? -Infinity;
  let unreachable = 0;
  let afterLastFrame = 0;
  for (const t of times) {
    // The grid is sorted: the nearest timestamp is next to t's insertion point.
    let lo = 0;
    let hi = grid.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (grid[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    const near = Math.min(Math.abs((grid[lo] ?? Infinity) - t), Math.abs((grid[lo - 1] ?? -Infinity) - t));
    if (near > TIME_TOLERANCE_S + 1e-9) {
      unreachable += 1;
      if (t > last) afterLastFrame += 1;
    }
  }
  return { actual: times.length === 0 ? 1 : (times.length - unreachable) / times.length, uniform, unreachable, afterLastFrame };
}
