import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../protocol/index.js';
import { encodeJpeg } from './jpeg.js';

const rgb = (width: number, height: number, value: number) => ({ seq: 0, width, height, encoding: 'rgb' as const, data: new Uint8Array(width * height * 3).fill(value) });

describe('encodeJpeg', () => {
  it('encodes raw RGB as a JPEG of the fitted size', async () => {
    const image = await encodeJpeg(rgb(64, 36, 120), { quality: 85, maxSide: 32 });
    const meta = await sharp(image.data).metadata();
    expect([meta.format, meta.width, meta.height, image.width, image.height]).toEqual(['jpeg', 32, 18, 32, 18]);
  });

  it('makes the same bytes as sharp does at that quality with the standard Huffman tables when no scaling is needed', async () => {
    const frame = rgb(16, 8, 77);
    const direct = await sharp(frame.data, { raw: { width: 16, height: 8, channels: 3 } }).jpeg({ quality: 70, optimiseCoding: false }).toBuffer();
    expect((await encodeJpeg(frame, { quality: 70 })).data.equals(direct)).toBe(true);
  });

  it('decodes to the very pixels of the fitted-tables encode, in more bytes', async () => {
    // A picture with detail, so the fitted tables have something to fit.
    const width = 96;
    const height = 64;
    const data = new Uint8Array(width * height * 3).map((_, i) => (i * 37 + ((i / 3 / width) | 0) * 11) % 251);
    const frame = { seq: 0, width, height, encoding: 'rgb' as const, data };
    const standard = (await encodeJpeg(frame, { quality: 85 })).data;
    const fitted = await sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85, optimiseCoding: true }).toBuffer();
    expect(standard.equals(fitted)).toBe(false);
    expect(standard.length).toBeGreaterThan(fitted.length);
    const pixels = async (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();
    expect((await pixels(standard)).equals(await pixels(fitted))).toBe(true);
  });

  it('rejects a raw frame whose byte count does not match its size with BAD_MESSAGE', async () => {
    await expect(encodeJpeg({ seq: 0, width: 4, height: 4, encoding: 'rgb', data: new Uint8Array(10) }, { quality: 85 })).rejects.toMatchObject({ code: ErrorCode.BAD_MESSAGE });
  });

  it('rejects bytes that are no image with BAD_MESSAGE', async () => {
    await expect(encodeJpeg({ seq: 3, width: 4, height: 4, encoding: 'png', data: new Uint8Array(10) }, { quality: 85 })).rejects.toMatchObject({ code: ErrorCode.BAD_MESSAGE });
  });
});
