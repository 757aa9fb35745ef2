/**
 * replay.jpg, the contact sheet: each picked decision frame scaled into its cell in decision order, under a
 * label band, whether the run's frames share one size (one joined pipeline) or not (one pipeline a frame).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { writeReplay } from './replay.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

type Colour = readonly [number, number, number];

/** A run directory whose decisions each have a flat-coloured frame of the given size. */
async function runDir(frames: readonly { colour: Colour; width: number; height: number }[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'arena-replay-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'frames'));
  const lines: string[] = [];
  for (const [step, f] of frames.entries()) {
    const name = `frames/${String(step).padStart(4, '0')}-s0.jpg`;
    const [r, g, b] = f.colour;
    await sharp({ create: { width: f.width, height: f.height, channels: 3, background: { r, g, b } } }).jpeg({ quality: 90 }).toFile(join(dir, name));
    lines.push(JSON.stringify({ slot: 0, step, observedAtMs: step * 100, frame: name, status: 'valid' }));
  }
  writeFileSync(join(dir, 'decisions.jsonl'), `${lines.join('\n')}\n`);
  return dir;
}

/** The sheet's pixel at (x, y). */
async function pixel(dir: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(join(dir, 'replay.jpg')).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

const near = (got: number[], want: Colour): void => {
  for (let c = 0; c < 3; c++) expect(Math.abs(got[c]! - want[c]!), `channel ${c} of ${got.join(',')} against ${want.join(',')}`).toBeLessThanOrEqual(12);
};

const RED: Colour = [220, 30, 30];
const GREEN: Colour = [30, 200, 40];
const BLUE: Colour = [30, 40, 210];

describe('writeReplay', () => {
  it('lays frames of one size out in decision order, eight to a row, each under its label band', async () => {
    const colours = [RED, GREEN, BLUE, RED, GREEN, BLUE, RED, GREEN, BLUE];
    const dir = await runDir(colours.map((colour) => ({ colour, width: 640, height: 360 })));
    await writeReplay(dir);
    const meta = await sharp(join(dir, 'replay.jpg')).metadata();
    expect([meta.width, meta.height]).toEqual([8 * 192, 2 * 108]);
    // The middle of each cell is its frame; the second row holds the ninth frame, then the background.
    for (const [i, colour] of colours.entries()) near(await pixel(dir, (i % 8) * 192 + 96, Math.floor(i / 8) * 108 + 60), colour);
    near(await pixel(dir, 192 + 96, 108 + 60), [16, 16, 16]);
    // The label band darkens the top of the cell.
    const band = await pixel(dir, 150, 3);
    expect(band[0]!).toBeLessThan(RED[0] * 0.6);
  });

  it('scales frames of different sizes each into its own cell', async () => {
    const dir = await runDir([
      { colour: RED, width: 640, height: 360 },
      { colour: GREEN, width: 320, height: 180 },
      { colour: BLUE, width: 640, height: 360 },
    ]);
    await writeReplay(dir);
    const meta = await sharp(join(dir, 'replay.jpg')).metadata();
    expect([meta.width, meta.height]).toEqual([8 * 192, 108]);
    // The small frame fills its whole cell, as the large ones do.
    for (const [i, colour] of [RED, GREEN, BLUE].entries()) {
      near(await pixel(dir, i * 192 + 96, 60), colour);
      near(await pixel(dir, i * 192 + 185, 100), colour);
    }
  });
});
