import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/index.js';
import { solidFrame } from '../../tests/support/vlm-fixtures.js';
import { encodeFrameImage } from './frame-image.js';

describe('encodeFrameImage', () => {
  it('encodes a raw RGB frame as a JPEG of the fitted size', async () => {
    const image = await encodeFrameImage(solidFrame(64, 36, [200, 30, 30]), { maxSide: 16, quality: 85 });
    const meta = await sharp(image.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 16, 9]);
    expect(image.dataUrl).toBe(`data:image/jpeg;base64,${image.jpeg.toString('base64')}`);
    expect(image.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes a smaller file at a lower quality', async () => {
    const noisy = solidFrame(64, 36, [0, 0, 0]);
    for (let i = 0; i < noisy.data.length; i += 1) noisy.data[i] = (i * 7919) % 251;
    const high = await encodeFrameImage(noisy, { maxSide: undefined, quality: 95 });
    const low = await encodeFrameImage(noisy, { maxSide: undefined, quality: 20 });
    expect(low.jpeg.byteLength).toBeLessThan(high.jpeg.byteLength);
  });

  it('accepts a frame that is a JPEG already', async () => {
    const jpeg = await sharp(Buffer.alloc(32 * 16 * 3, 90), { raw: { width: 32, height: 16, channels: 3 } }).jpeg().toBuffer();
    const image = await encodeFrameImage({ seq: 0, width: 32, height: 16, encoding: 'jpeg', data: jpeg }, { maxSide: 8, quality: 85 });
    expect([image.width, image.height]).toEqual([8, 4]);
  });

  it('sends a JPEG frame that already fits as it is, without encoding it again', async () => {
    const jpeg = await sharp(Buffer.alloc(32 * 16 * 3, 90), { raw: { width: 32, height: 16, channels: 3 } }).jpeg({ quality: 40 }).toBuffer();
    const image = await encodeFrameImage({ seq: 0, width: 32, height: 16, encoding: 'jpeg', data: jpeg }, { maxSide: 32, quality: 85 });
    expect(image.jpeg.equals(jpeg)).toBe(true);
    expect([image.width, image.height]).toEqual([32, 16]);
  });

  it('rejects a raw frame whose byte count does not match its size with BAD_MESSAGE', async () => {
    const frame = { seq: 0, width: 4, height: 4, encoding: 'rgb' as const, data: new Uint8Array(10) };
    await expect(encodeFrameImage(frame, { maxSide: undefined, quality: 85 })).rejects.toMatchObject({ code: ErrorCode.BAD_MESSAGE });
  });
});
