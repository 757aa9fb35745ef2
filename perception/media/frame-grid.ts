/**
 * Where frames are taken from a video: the native protocol's grid (1 fps, at most 256 frames spread uniformly,
 * the grid ending one interval before the video's end) and the uniform grids the agentic tools ask for.
 */

/** The native protocol's target rate, frames per second. */
export const NATIVE_FPS = 1;
/** The native protocol's most frames per request. */
export const NATIVE_MAX_FRAMES = 256;
/** The widest frame either protocol sends, px (aspect kept). */
export const MAX_FRAME_WIDTH = 768;

/** Times (s) of `count` frames from `startS`, `stepS` apart, rounded to the millisecond. */
export function uniformTimes(startS: number, stepS: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.round((startS + i * stepS) * 1000) / 1000);
}

/** The sampling interval of the native grid for a video of `durationS` seconds: 1 s, or duration/256 past 256 s. */
export function nativeInterval(durationS: number): number {
  return Math.max(1 / NATIVE_FPS, durationS / NATIVE_MAX_FRAMES);
}

/**
 * The native grid: t_i = i * interval for every i with t_i < duration, at most 256 of them. A 20 s video gives
 * 0, 1, ..., 19; a 300 s video gives 256 frames 300/256 s apart, the last at 300 - 300/256 s.
 */
export function nativeGrid(durationS: number): number[] {
  if (!(durationS > 0)) return [];
  const step = nativeInterval(durationS);
  const count = Math.min(NATIVE_MAX_FRAMES, Math.max(1, Math.ceil(durationS / step - 1e-9)));
  return uniformTimes(0, step, count);
}
