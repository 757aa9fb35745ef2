/**
 * The record's raw frames: written as they came (a PPM), read as an image by every reader before and after
 * they are made their PNG, and always the same pixels.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compactFrames, pendingFrameName, readPpm, recordedFrameImage, recordedFramePath, recordedRgbDigest, writeRawFrame } from './frame-files.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'frame-files-'));
  mkdirSync(join(dir, 'frames'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A 5x3 frame whose every byte differs from its neighbours'. */
const pixels = Uint8Array.from({ length: 5 * 3 * 3 }, (_, i) => (i * 37) & 255);
const digest = `rgb:5x3:${createHash('sha256').update(pixels).digest('hex')}`;

describe('raw frame files', () => {
  it('finds a frame under its pending PPM until it is compacted, then under its PNG, with the same pixels', async () => {
    await writeRawFrame(dir, 'frames/0000-s0.png', 5, 3, pixels);
    const pending = recordedFramePath(dir, 'frames/0000-s0.png')!;
    expect(pending).toBe(join(dir, pendingFrameName('frames/0000-s0.png')));
    expect(await recordedRgbDigest(pending)).toBe(digest);
    const served = await recordedFrameImage(pending);
    expect(served.type).toBe('image/png');
    expect((await sharp(served.data).raw().toBuffer()).equals(Buffer.from(pixels))).toBe(true);

    expect(await compactFrames(dir)).toBe(1);
    expect(readdirSync(join(dir, 'frames'))).toEqual(['0000-s0.png']);
    const png = recordedFramePath(dir, 'frames/0000-s0.png')!;
    expect(await recordedRgbDigest(png)).toBe(digest);
    expect(await compactFrames(dir)).toBe(0);
  });

  it('says there is no frame when neither file is there', () => {
    expect(recordedFramePath(dir, 'frames/0009-s0.png')).toBeUndefined();
    expect(existsSync(join(dir, 'frames', '0009-s0.ppm'))).toBe(false);
  });

  it('refuses a PPM whose pixels do not fill its size', () => {
    expect(() => readPpm(Buffer.from('P6\n5 3\n255\nabc'))).toThrow(/5x3/);
    expect(() => readPpm(Buffer.from('P5\n5 3\n255\n'))).toThrow(/P6/);
  });
});
