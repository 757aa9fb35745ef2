/**
 * A cheap perceptual hash of a frame: the mean gray level of each cell of a 32 x 18 grid, from a sparse
 * sample of the pixels (raw RGB) or a small decode (JPEG, PNG). Two frames are near duplicates when no cell
 * differs by more than a declared number of gray levels: a re-encoded copy of the same image stays within
 * it, a sprite that moves a few pixels does not.
 */
import sharp from 'sharp';
import { MAX_DECODE_PIXELS, type FrameEncoding } from '../../protocol/index.js';

/** Columns and rows of the hash grid (16:9, like the frames). */
export const HASH_GRID = { columns: 32, rows: 18 } as const;

/** A frame as the game sent it. */
export interface HashableFrame {
  readonly width: number;
  readonly height: number;
  readonly encoding: FrameEncoding;
  readonly data: Uint8Array;
}

// Raw frames are sampled every STRIDE pixels in both directions: 1/16 of the work, and still hundreds of
// samples per cell at 640 x 360.
const STRIDE = 4;

function rgbBlockHash(data: Uint8Array, width: number, height: number): Uint8Array {
  const { columns, rows } = HASH_GRID;
  const sums = new Float64Array(columns * rows);
  const counts = new Uint32Array(columns * rows);
  for (let y = 0; y < height; y += STRIDE) {
    const row = Math.min(rows - 1, Math.floor((y * rows) / height)) * columns;
    const line = y * width * 3;
    for (let x = 0; x < width; x += STRIDE) {
      const i = line + x * 3;
      const cell = row + Math.min(columns - 1, Math.floor((x * columns) / width));
      // Integer luma (BT.601 weights out of 256).
      sums[cell]! += (77 * data[i]! + 150 * data[i + 1]! + 29 * data[i + 2]!) >> 8;
      counts[cell]!++;
    }
  }
  const out = new Uint8Array(columns * rows);
  for (let c = 0; c < out.length; c++) out[c] = counts[c] ? Math.round(sums[c]! / counts[c]!) : 0;
  return out;
}

/** The frame's grid of mean gray levels (HASH_GRID cells, row by row). An encoded frame is decoded small, within the decode bound. */
export async function blockHash(frame: HashableFrame): Promise<Uint8Array> {
  if (frame.encoding === 'rgb') return rgbBlockHash(frame.data, frame.width, frame.height);
  const gray = await sharp(frame.data, { limitInputPixels: MAX_DECODE_PIXELS })
    .resize(HASH_GRID.columns, HASH_GRID.rows, { fit: 'fill', kernel: 'cubic' })
    .grayscale()
    .raw()
    .toBuffer();
  return new Uint8Array(gray.buffer, gray.byteOffset, HASH_GRID.columns * HASH_GRID.rows);
}

/** The largest difference between two hashes' cells, gray levels (0 = the same picture at this scale). */
export function hashDistance(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return 255;
  let most = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    if (d > most) most = d;
  }
  return most;
}
