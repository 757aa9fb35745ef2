/** Pixel-exact first frames of every built-in game against games/<folder>/golden/origin.png (UPDATE_GOLDEN=1 rewrites them). */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { builtinGames } from '../games/index.js';

const WIDTH = 640;
const HEIGHT = 360;
const golden = (id: string): string => join(dirname(fileURLToPath(import.meta.url)), '..', 'games', id.replaceAll('_', '-'), 'golden', 'origin.png');

describe('golden frames', () => {
  it.each(builtinGames.map((g) => [g.id, g] as const))(
    'renders the first frame of %s origin seed 1 (slot 0) pixel-exactly as checked in (UPDATE_GOLDEN=1 rewrites it)',
    async (id, game) => {
      const sim = game.create({ seed: 1, variant: 'origin', slots: game.slots.map((s) => s.slot) });
      const frame = new Uint8Array(WIDTH * HEIGHT * 3);
      sim.render(0, WIDTH, HEIGHT, frame);
      if (process.env.UPDATE_GOLDEN === '1') {
        await mkdir(dirname(golden(id)), { recursive: true });
        await sharp(frame, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).png({ compressionLevel: 9 }).toFile(golden(id));
      }
      const { data, info } = await sharp(golden(id)).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels]).toEqual([WIDTH, HEIGHT, 3]);
      const differing = frame.reduce((n, byte, i) => (byte === data[i] ? n : n + 1), 0);
      expect(differing).toBe(0);
    },
  );
});
