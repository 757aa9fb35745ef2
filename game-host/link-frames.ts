/** The size of a frame on a link that asked for a longest side: scaled down keeping its aspect, never up. */
export function linkFrameSize(width: number, height: number, maxSide: number | undefined): { width: number; height: number } {
  const side = Math.max(width, height);
  if (maxSide === undefined || side <= maxSide) return { width, height };
  const scale = maxSide / side;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
