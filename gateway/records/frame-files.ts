/**
 * The record's decision frames on disk. A frame is recorded as the very bytes an agent got when they are an
 * image (the JPEG a JPEG agent got, the PNG a PNG agent got, the game's own JPEG); a raw RGB frame is
 * recorded as its exact pixels, with no encode on the match's CPU: during play a PPM (`P6` header and the
 * game's bytes, written as they are), and once the match is over a lossless PNG of the same pixels
 * (`compactFrames`). The decision line names the PNG; until the match closes (or after a kill) the PPM
 * beside it holds the frame, and `recordedFramePath` finds whichever is there. Either decodes to the pixels
 * the frame digest was taken of (`recordedPixels`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/** The file name a PNG-named frame is kept under until it is compacted. */
export function pendingFrameName(rel: string): string {
  return rel.replace(/\.png$/, '.ppm');
}

/** Writes a raw RGB frame's exact pixels as a PPM (the header and the bytes as given, no copy), under the pending name of `rel`. */
export async function writeRawFrame(dir: string, rel: string, width: number, height: number, rgb: Uint8Array): Promise<void> {
  const file = await open(join(dir, pendingFrameName(rel)), 'w');
  try {
    await file.writev([Buffer.from(`P6\n${width} ${height}\n255\n`), rgb]);
  } finally {
    await file.close();
  }
}

/** A PPM's size and pixels (only the `P6` form with 255 levels, which `writeRawFrame` writes). */
export function readPpm(bytes: Buffer): { width: number; height: number; rgb: Buffer } {
  const head = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!head) throw new Error('not a P6 PPM with 255 levels');
  const width = Number(head[1]);
  const height = Number(head[2]);
  const rgb = bytes.subarray(head[0].length);
  if (rgb.length !== width * height * 3) throw new Error(`a ${width}x${height} PPM with ${rgb.length} bytes of pixels`);
  return { width, height, rgb };
}

/** The path of a recorded frame as it is now: the named file, else its pending PPM; undefined when neither is there. */
export function recordedFramePath(dir: string, rel: string): string | undefined {
  for (const name of [rel, pendingFrameName(rel)]) if (existsSync(join(dir, name))) return join(dir, name);
  return undefined;
}

/** A recorded frame's bytes as an image a browser or sharp reads (a pending PPM is made a PNG first). */
export async function recordedFrameImage(path: string): Promise<{ type: 'image/jpeg' | 'image/png'; data: Buffer }> {
  const bytes = await readFile(path);
  if (!path.endsWith('.ppm')) return { type: path.endsWith('.png') ? 'image/png' : 'image/jpeg', data: bytes };
  return { type: 'image/png', data: await ppmToPng(bytes) };
}

/** The raw RGB pixels of a recorded frame (PNG, pending PPM or JPEG), as `frameDigest` of an RGB frame reads them. */
export async function recordedPixels(path: string): Promise<{ width: number; height: number; rgb: Buffer }> {
  const bytes = readFileSync(path);
  if (path.endsWith('.ppm')) return readPpm(bytes);
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}

/** `frameDigest` of the pixels a recorded raw frame holds (`rgb:WxH:<sha256>`). */
export async function recordedRgbDigest(path: string): Promise<string> {
  const { width, height, rgb } = await recordedPixels(path);
  return `rgb:${width}x${height}:${createHash('sha256').update(rgb).digest('hex')}`;
}

/** A lossless PNG of a PPM's pixels (adaptive row filters: smaller on photo-like frames, the same pixels). */
async function ppmToPng(bytes: Buffer): Promise<Buffer> {
  const { width, height, rgb } = readPpm(bytes);
  return sharp(rgb, { raw: { width, height, channels: 3 } }).png({ adaptiveFiltering: true }).toBuffer();
}

/**
 * Turns every pending PPM under `frames/` into its PNG (written aside and renamed, then the PPM removed), so a
 * run closes with the files its decision lines name. Returns how many it compacted. Safe to run again: a
 * PPM whose PNG is already there (a kill between the rename and the unlink) is only removed.
 */
export async function compactFrames(dir: string): Promise<number> {
  const framesDir = join(dir, 'frames');
  if (!existsSync(framesDir)) return 0;
  let done = 0;
  for (const name of readdirSync(framesDir).filter((f) => f.endsWith('.ppm')).sort()) {
    const ppm = join(framesDir, name);
    const png = join(framesDir, name.replace(/\.ppm$/, '.png'));
    if (!existsSync(png)) {
      await writeFile(`${png}.tmp`, await ppmToPng(await readFile(ppm)));
      await rename(`${png}.tmp`, png);
    }
    await unlink(ppm);
    done++;
  }
  return done;
}
