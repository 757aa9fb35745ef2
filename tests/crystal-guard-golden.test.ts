import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { crystalGuardGame } from '../games/index.js';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), 'golden', 'crystal_guard-origin.png');
const WIDTH = 640;
const HEIGHT = 360;

describe('crystal_guard golden frame', () => {
  it('renders the first frame of slot 0 on origin seed 1 pixel-exactly as checked in (UPDATE_GOLDEN=1 rewrites it)', async () => {
    const sim = crystalGuardGame.create({ seed: 1, variant: 'origin', slots: [0, 1] });
    const frame = new Uint8Array(WIDTH * HEIGHT * 3);
    sim.render(0, WIDTH, HEIGHT, frame);
    if (process.env.UPDATE_GOLDEN === '1') {
      await mkdir(dirname(GOLDEN), { recursive: true });
      await sharp(frame, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).png({ compressionLevel: 9 }).toFile(GOLDEN);
    }
    const { data, info } = await sharp(GOLDEN).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([WIDTH, HEIGHT, 3]);
    const differing = frame.reduce((n, byte, i) => (byte === data[i] ? n : n + 1), 0);
    expect(differing).toBe(0);
  });
});
