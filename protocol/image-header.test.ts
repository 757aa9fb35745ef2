import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ArenaError } from './errors.js';
import { MAX_DECODE_PIXELS, checkImageHeader, readImageSize } from './image-header.js';

const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 40 } } });

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof ArenaError) return err.code;
    throw err;
  }
  return 'none';
}

describe('readImageSize', () => {
  it('reads a baseline JPEG size from its frame header', async () => {
    expect(readImageSize(await image(640, 360).jpeg().toBuffer(), 'jpeg')).toEqual({ width: 640, height: 360 });
  });

  it('reads a progressive JPEG (SOF2) after its other segments', async () => {
    const bytes = await image(33, 17).jpeg({ progressive: true }).withMetadata({ exif: { IFD0: { Copyright: 'arena' } } }).toBuffer();
    expect(readImageSize(bytes, 'jpeg')).toEqual({ width: 33, height: 17 });
  });

  it('reads a PNG size from IHDR', async () => {
    expect(readImageSize(await image(320, 200).png().toBuffer(), 'png')).toEqual({ width: 320, height: 200 });
  });

  it('says why bytes without a header have no size', async () => {
    const jpeg = await image(8, 8).jpeg().toBuffer();
    expect(readImageSize(jpeg.subarray(0, 20), 'jpeg')).toMatch(/JPEG/);
    expect(readImageSize(new Uint8Array([0xff, 0xd8, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a]), 'jpeg')).toMatch(/no JPEG marker/);
    expect(readImageSize(jpeg, 'png')).toMatch(/PNG signature/);
  });
});

describe('checkImageHeader', () => {
  it('passes an image that is the size declared', async () => {
    expect(checkImageHeader(await image(64, 32).jpeg().toBuffer(), 'jpeg', { width: 64, height: 32 })).toEqual({ width: 64, height: 32 });
  });

  it('refuses an image of another size than declared with BAD_MESSAGE', async () => {
    expect(codeOf(() => checkImageHeader(new Uint8Array(0), 'png', { width: 1, height: 1 }))).toBe('BAD_MESSAGE');
    const small = await image(32, 32).png().toBuffer();
    expect(codeOf(() => checkImageHeader(small, 'png', { width: 640, height: 360 }))).toBe('BAD_MESSAGE');
  });

  it('refuses an image whose header claims more than the decode bound with TOO_LARGE, before decoding', async () => {
    const png = Buffer.from(await image(4, 4).png().toBuffer());
    png.writeUInt32BE(16_000, 16);
    png.writeUInt32BE(16_000, 20);
    expect(16_000 * 16_000).toBeGreaterThan(MAX_DECODE_PIXELS);
    expect(codeOf(() => checkImageHeader(png, 'png', { width: 16_000, height: 16_000 }))).toBe('TOO_LARGE');
    expect(codeOf(() => checkImageHeader(png, 'png', { width: 16_000, height: 16_000 }, 16_000 * 16_000))).toBe('none');
  });
});
