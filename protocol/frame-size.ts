/** The one frame-size rule: the size a frame is sent at for a longest side, shared by the JPEG encoder and the game-host's scaled links. */

/** The size a `width` x `height` frame is sent at: scaled down to fit `maxSide` keeping its aspect, never up (at least 1 px a side). */
export function fitSize(width: number, height: number, maxSide: number | undefined): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (maxSide === undefined || longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
