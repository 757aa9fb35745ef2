/** How different two frames look: mean absolute difference per RGB byte after decoding, 0 = identical. */
import sharp from 'sharp';

export interface AnyFrame {
  readonly data: Uint8Array;
  readonly encoding: 'rgb' | 'jpeg' | 'png';
  readonly width: number;
  readonly height: number;
}

async function rgbOf(frame: AnyFrame): Promise<Uint8Array> {
  if (frame.encoding === 'rgb') return frame.data;
  return sharp(frame.data).removeAlpha().raw().toBuffer();
}

/** Mean absolute difference per byte (0..255); Infinity when the sizes differ. */
export async function frameDifference(a: AnyFrame, b: AnyFrame): Promise<number> {
  if (a.width !== b.width || a.height !== b.height) return Infinity;
  if (a.encoding === b.encoding && Buffer.compare(Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength), Buffer.from(b.data.buffer, b.data.byteOffset, b.data.byteLength)) === 0) return 0;
  const [x, y] = await Promise.all([rgbOf(a), rgbOf(b)]);
  if (x.length !== y.length) return Infinity;
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

/** Below this mean difference two frames count as the same picture (JPEG noise of a re-rendered still scene). */
export const SAME_PICTURE = 0.5;
