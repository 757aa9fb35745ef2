/**
 * A cheap perceptual hash of a frame: the mean gray level of each cell of a 32 x 18 grid, from a sparse
 * sample of the pixels (raw RGB), the DC coefficients of a baseline JPEG's luma blocks (no pixel decoded), or
 * a small decode through sharp (PNG, and JPEGs the DC reader does not take). Two frames are near duplicates
 * when no cell differs by more than a declared number of gray levels: a re-encoded copy of the same image
 * stays within it, a sprite that moves a few pixels does not.
 */
import type Sharp from 'sharp';
import { MAX_DECODE_PIXELS } from '../image-header.js';
import type { FrameEncoding } from '../game-link.js';
import { jpegDcGrid, type DcGrid } from './jpeg-dc.js';

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

// Which cell each sampled column and row falls in, and how many samples each cell gets, per frame size (frames
// of a match keep one size).
interface CellTables {
  readonly columns: Uint16Array;
  readonly rows: Uint16Array;
  readonly counts: Uint32Array;
}
const cellTables = new Map<string, CellTables>();

function tablesFor(width: number, height: number): CellTables {
  const key = `${width}x${height}`;
  let t = cellTables.get(key);
  if (!t) {
    const columns = new Uint16Array(Math.ceil(width / STRIDE));
    const rows = new Uint16Array(Math.ceil(height / STRIDE));
    for (let i = 0; i < columns.length; i++) columns[i] = Math.min(HASH_GRID.columns - 1, Math.floor((i * STRIDE * HASH_GRID.columns) / width));
    for (let i = 0; i < rows.length; i++) rows[i] = Math.min(HASH_GRID.rows - 1, Math.floor((i * STRIDE * HASH_GRID.rows) / height)) * HASH_GRID.columns;
    const counts = new Uint32Array(HASH_GRID.columns * HASH_GRID.rows);
    for (const row of rows) for (const column of columns) counts[row + column]!++;
    if (cellTables.size > 16) cellTables.clear();
    cellTables.set(key, (t = { columns, rows, counts }));
  }
  return t;
}

function rgbBlockHash(data: Uint8Array, width: number, height: number): Uint8Array {
  const cells = HASH_GRID.columns * HASH_GRID.rows;
  const sums = new Uint32Array(cells);
  const { columns, rows, counts } = tablesFor(width, height);
  const step = STRIDE * 3;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    let i = r * STRIDE * width * 3;
    // A row's samples of one cell are summed in a local and added to the cell once.
    let cell = row + columns[0]!;
    let sum = 0;
    for (let c = 0; c < columns.length; c++, i += step) {
      const at = row + columns[c]!;
      if (at !== cell) {
        sums[cell]! += sum;
        sum = 0;
        cell = at;
      }
      // Integer luma (BT.601 weights out of 256).
      sum += (77 * data[i]! + 150 * data[i + 1]! + 29 * data[i + 2]!) >> 8;
    }
    sums[cell]! += sum;
  }
  const out = new Uint8Array(cells);
  for (let c = 0; c < cells; c++) out[c] = counts[c] ? Math.round(sums[c]! / counts[c]!) : 0;
  return out;
}

// Which cell each luma block of a JPEG counts in (the cell its centre falls in), and how many blocks each cell
// gets, per grid and frame size.
interface BlockCells {
  readonly cells: Uint16Array;
  readonly counts: Uint32Array;
}
const blockCells = new Map<string, BlockCells>();

function blockCellsFor(grid: DcGrid, width: number, height: number): BlockCells {
  const key = `${grid.columns}x${grid.rows}/${width}x${height}`;
  let t = blockCells.get(key);
  if (!t) {
    const cells = new Uint16Array(grid.columns * grid.rows);
    const counts = new Uint32Array(HASH_GRID.columns * HASH_GRID.rows);
    for (let y = 0; y < grid.rows; y++) {
      const row = Math.min(HASH_GRID.rows - 1, Math.floor(((y * 8 + 4) * HASH_GRID.rows) / height)) * HASH_GRID.columns;
      for (let x = 0; x < grid.columns; x++) {
        const cell = row + Math.min(HASH_GRID.columns - 1, Math.floor(((x * 8 + 4) * HASH_GRID.columns) / width));
        cells[y * grid.columns + x] = cell;
        counts[cell]!++;
      }
    }
    if (blockCells.size > 16) blockCells.clear();
    blockCells.set(key, (t = { cells, counts }));
  }
  return t;
}

/** Folds a JPEG's luma block means into the hash grid: each block counts in the cell its centre falls in. */
function dcBlockHash(grid: DcGrid, width: number, height: number): Uint8Array {
  const { cells, counts } = blockCellsFor(grid, width, height);
  const sums = new Uint32Array(counts.length);
  const means = grid.means;
  for (let b = 0; b < cells.length; b++) sums[cells[b]!]! += means[b]!;
  const out = new Uint8Array(counts.length);
  for (let c = 0; c < counts.length; c++) out[c] = counts[c] ? Math.round(sums[c]! / counts[c]!) : 0;
  return out;
}

// sharp is loaded only when a frame needs it (PNG, a progressive JPEG): the protocol layer stays light to import.
let sharpModule: Promise<{ default: typeof Sharp }> | undefined;

/**
 * The frame's grid of mean gray levels (HASH_GRID cells, row by row). A baseline JPEG is read from its DC
 * coefficients; any other encoded frame is decoded small through sharp, within the decode bound. Rejects
 * when the bytes do not decode.
 */
export async function blockHash(frame: HashableFrame): Promise<Uint8Array> {
  if (frame.encoding === 'rgb') return rgbBlockHash(frame.data, frame.width, frame.height);
  if (frame.encoding === 'jpeg' && frame.width * frame.height <= MAX_DECODE_PIXELS) {
    const grid = jpegDcGrid(frame.data);
    if (grid) return dcBlockHash(grid, frame.width, frame.height);
  }
  return decodedBlockHash(frame);
}

/** The hash from a small decode through sharp (the way every encoded frame was hashed before the DC reader). */
export async function decodedBlockHash(frame: HashableFrame): Promise<Uint8Array> {
  const sharp = (await (sharpModule ??= import('sharp'))).default;
  const gray = await sharp(frame.data, { limitInputPixels: MAX_DECODE_PIXELS })
    .resize(HASH_GRID.columns, HASH_GRID.rows, { fit: 'fill', kernel: 'nearest' })
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
