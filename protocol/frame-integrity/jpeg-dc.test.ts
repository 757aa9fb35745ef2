import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blockHash, decodedBlockHash, hashDistance } from './block-hash.js';
import { jpegDcGrid } from './jpeg-dc.js';
import { HuffmanTables } from './jpeg-huffman.js';

/** A busy RGB picture: gradients, a checkerboard and a bright square, so every block has its own level. */
function picture(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const check = ((x >> 3) + (y >> 4)) % 2 === 0 ? 40 : 0;
      const square = x > width / 3 && x < width / 2 && y > height / 4 && y < height / 2 ? 120 : 0;
      data[i] = Math.min(255, ((x * 255) / width + square) | 0);
      data[i + 1] = Math.min(255, ((y * 255) / height + check) | 0);
      data[i + 2] = Math.min(255, (((x + y) * 128) / (width + height) + check + square) | 0);
    }
  }
  return data;
}

/** Mean luma of each 8 x 8 block of the fully decoded image (the JFIF weights), edge blocks over the pixels they hold. */
async function decodedBlockMeans(jpeg: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const columns = Math.ceil(width / 8);
  const rows = Math.ceil(height / 8);
  const sums = new Float64Array(columns * rows);
  const counts = new Uint32Array(columns * rows);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * info.channels;
      const luma = info.channels === 1 ? data[i]! : 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      const b = (y >> 3) * columns + (x >> 3);
      sums[b]! += luma;
      counts[b]!++;
    }
  }
  return Uint8Array.from(sums, (s, b) => Math.round(s / counts[b]!));
}

const encode = (rgb: Uint8Array, width: number, height: number, options: sharp.JpegOptions, gray = false): Promise<Uint8Array> => {
  const img = sharp(rgb, { raw: { width, height, channels: 3 } });
  return (gray ? img.grayscale() : img).jpeg(options).toBuffer().then((b) => new Uint8Array(b));
};

describe('the DC reader of baseline JPEGs', () => {
  const cases: [string, number, number, sharp.JpegOptions, boolean][] = [
    ['4:2:0 at quality 85, 640 x 360', 640, 360, { quality: 85 }, false],
    ['4:4:4 at quality 95', 320, 180, { quality: 95, chromaSubsampling: '4:4:4' }, false],
    ['grayscale at quality 70', 320, 180, { quality: 70 }, true],
    ['a size that fills no whole MCU, 100 x 75', 100, 75, { quality: 90 }, false],
    ['optimised Huffman tables', 320, 180, { quality: 80, optimiseCoding: true }, false],
  ];
  for (const [name, width, height, options, gray] of cases) {
    it(`reads every block's mean level as a full decode averages it: ${name}`, async () => {
      const jpeg = await encode(picture(width, height), width, height, options, gray);
      const grid = jpegDcGrid(jpeg);
      expect(grid).toBeDefined();
      expect([grid!.columns, grid!.rows]).toEqual([Math.ceil(width / 8), Math.ceil(height / 8)]);
      const full = await decodedBlockMeans(jpeg, width, height);
      // Only the blocks wholly inside the picture (an edge block's padding is the encoder's, not the image's).
      let worst = 0;
      for (let y = 0; y < Math.floor(height / 8); y++) for (let x = 0; x < Math.floor(width / 8); x++) worst = Math.max(worst, Math.abs(grid!.means[y * grid!.columns + x]! - full[y * grid!.columns + x]!));
      expect(worst).toBeLessThanOrEqual(2);
    });
  }

  it('skips every AC coefficient of full blocks: noise at quality 100 (long codes, blocks without an end code, runs across the look-up window)', async () => {
    const width = 320;
    const height = 184;
    const rgb = new Uint8Array(width * height * 3);
    let seed = 12345;
    for (let i = 0; i < rgb.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      // Noise over a gradient, so the block means still differ from one block to the next.
      rgb[i] = Math.min(255, ((i / 3) % width) * 0.5 + (seed >>> 25));
    }
    for (const options of [{ quality: 100 }, { quality: 100, optimiseCoding: false }, { quality: 97, chromaSubsampling: '4:4:4' }] as sharp.JpegOptions[]) {
      const jpeg = await encode(rgb, width, height, options);
      const grid = jpegDcGrid(jpeg);
      expect(grid).toBeDefined();
      const full = await decodedBlockMeans(jpeg, width, height);
      let worst = 0;
      for (let b = 0; b < full.length; b++) worst = Math.max(worst, Math.abs(grid!.means[b]! - full[b]!));
      expect(worst).toBeLessThanOrEqual(2);
    }
  });

  it('reads the very block means it read before it was made faster: grids of fixed encodes, whole and cut in the last MCU row, pinned', async () => {
    const rgb = new Uint8Array(320 * 184 * 3);
    let seed = 12345;
    for (let i = 0; i < rgb.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      rgb[i] = Math.min(255, ((i / 3) % 320) * 0.5 + (seed >>> 25));
    }
    const jpegs = [await encode(picture(640, 360), 640, 360, { quality: 85 }), await encode(rgb, 320, 184, { quality: 100 })];
    const bytes = createHash('sha256');
    const grids = createHash('sha256');
    for (const jpeg of jpegs) {
      bytes.update(jpeg);
      // Whole, cut in the last MCU row (still read: the rest reads as zeros), and cut before it (not read).
      for (const cut of [0, 200, 3000]) grids.update(jpegDcGrid(jpeg.subarray(0, jpeg.length - cut))?.means ?? new Uint8Array([cut & 255]));
    }
    // The encoder's bytes first: when sharp encodes otherwise, both digests are to be taken anew from the old reader.
    expect(bytes.digest('hex').slice(0, 16)).toBe('9c203f81d04413f7');
    expect(grids.digest('hex').slice(0, 16)).toBe('f09cd76bed72cb12');
  });

  it('leaves progressive JPEGs, cut JPEGs and other bytes to the full decoder', async () => {
    const rgb = picture(320, 180);
    const progressive = await encode(rgb, 320, 180, { quality: 85, progressive: true });
    expect(jpegDcGrid(progressive)).toBeUndefined();
    const whole = await encode(rgb, 320, 180, { quality: 85 });
    expect(jpegDcGrid(whole.subarray(0, Math.floor(whole.length * 0.6)))).toBeUndefined();
    expect(jpegDcGrid(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined();
    expect(jpegDcGrid(new Uint8Array(100))).toBeUndefined();
    // A progressive frame is still hashed, the slow way.
    const frame = { width: 320, height: 180, encoding: 'jpeg' as const, data: progressive };
    expect(hashDistance(await blockHash(frame), await decodedBlockHash(frame))).toBe(0);
  });

  it('tells a moved square from a re-encoded copy, as the decoded hash does', async () => {
    const a = picture(320, 180);
    const moved = picture(320, 180).copyWithin(12, 0); // every row shifted by 4 pixels
    const frame = async (rgb: Uint8Array, quality: number): Promise<{ width: number; height: number; encoding: 'jpeg'; data: Uint8Array }> => ({ width: 320, height: 180, encoding: 'jpeg', data: await encode(rgb, 320, 180, { quality }) });
    const base = await blockHash(await frame(a, 90));
    expect(hashDistance(base, await blockHash(await frame(a, 60)))).toBeLessThanOrEqual(2);
    expect(hashDistance(base, await blockHash(await frame(moved, 90)))).toBeGreaterThan(2);
  });

  it('takes the Huffman tables of the frame before when a frame brings the same ones, and builds them anew when not', async () => {
    const a = picture(320, 180);
    const b = picture(320, 180).copyWithin(12, 0);
    // The standard tables (the same bytes in both frames), then tables optimised for each image.
    const standard = [await encode(a, 320, 180, { quality: 85, optimiseCoding: false }), await encode(b, 320, 180, { quality: 85, optimiseCoding: false })];
    const optimised = [await encode(a, 320, 180, { quality: 85 }), await encode(b, 320, 180, { quality: 85 })];
    // The same code lengths with two symbols swapped: the first two of the luma AC table.
    const swapped = Uint8Array.from(standard[0]!);
    for (let at = 2; ; at += 2 + ((swapped[at + 2]! << 8) | swapped[at + 3]!)) {
      if (swapped[at + 1] === 0xc4 && swapped[at + 4] === 0x10) {
        swapped.copyWithin(at + 21, at + 22, at + 23).set([standard[0]![at + 21]!], at + 22);
        break;
      }
    }
    const tables = new HuffmanTables();
    const built: number[] = [];
    for (const jpeg of [...standard, swapped, ...optimised, standard[0]!]) {
      expect(jpegDcGrid(jpeg, tables)).toEqual(jpegDcGrid(jpeg, new HuffmanTables()));
      built.push(tables.built);
    }
    // DC and AC tables for luma and chroma, four for the first frame; then one for the swapped table and back.
    expect(built).toEqual([4, 4, 5, 9, 13, 17]);
    expect(jpegDcGrid(standard[1]!, tables)).toBeDefined();
  });
});
