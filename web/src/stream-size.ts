/**
 * The size a player view is shown at and the spectator stream size it asks for: each view gets an equal share
 * of its row (at most MAX_VIEW_PX, never more than the game's own frame), and the stream is the smallest of a
 * few fixed widths that covers that share at the screen's pixel ratio, so the browser scales a frame down by
 * less than one step and never up. The fixed widths keep the service's encodes shared between pages.
 */

/** The stream widths a page chooses from (longest side, px). */
export const STREAM_STEPS: readonly number[] = [160, 240, 320, 480, 640, 800, 960, 1280, 1600, 1920];

/** The widest a player view is shown (CSS px), however wide the page. */
export const MAX_VIEW_PX = 960;

/** The smallest stream width that covers `cssPx` at `ratio` device pixels per CSS pixel (the largest step past them). */
export function streamWidth(cssPx: number, ratio = 1): number {
  const need = Math.ceil(cssPx * ratio);
  return STREAM_STEPS.find((s) => s >= need) ?? STREAM_STEPS[STREAM_STEPS.length - 1]!;
}

/** One view's width in a row `rowPx` wide holding `views` views `gapPx` apart, at most MAX_VIEW_PX and the source's width (when known). */
export function viewWidth(rowPx: number, views: number, gapPx: number, sourcePx?: number): number {
  const share = Math.floor((rowPx - gapPx * Math.max(0, views - 1)) / Math.max(1, views));
  return Math.max(STREAM_STEPS[0]!, Math.min(MAX_VIEW_PX, share, sourcePx ?? Infinity));
}

/** How old a frame is, for its caption: `0.3 s old`, `12 s old`. */
export function ageText(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  return `${s < 10 ? s.toFixed(1) : s.toFixed(0)} s old`;
}
