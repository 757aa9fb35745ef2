/**
 * The replay of a run: `replay.jpg`, a contact sheet of decision frames (thumbnails in decision order, each
 * labelled with slot, step and game time), and `replay.html`, a player that scrubs through the decisions.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { recordedFrameImage, recordedFramePath } from './frame-files.js';
import { readImageSize } from '../../protocol/index.js';
import { replayPage } from './replay-player.js';
import { DecisionRecord } from './run-record-schema.js';

/** Reads a JSON-lines file, skipping a torn last line. */
export function readJsonl<T>(path: string): T[] {
  if (!existsSync(path)) return [];
  const out: T[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      break;
    }
  }
  return out;
}

/** Writes `replay.jpg` (a contact sheet of decision frames, each labelled with its step and time) and `replay.html`. */
export async function writeReplay(dir: string, options: { thumbWidth?: number; columns?: number; maxFrames?: number } = {}): Promise<void> {
  const all = readJsonl<unknown>(join(dir, 'decisions.jsonl')).flatMap((l) => {
    const p = DecisionRecord.safeParse(l);
    return p.success ? [p.data] : [];
  });
  const decisions = all.filter((d) => d.frame);
  if (decisions.length === 0) return;
  const thumbWidth = options.thumbWidth ?? 192;
  const columns = options.columns ?? 8;
  const every = Math.max(1, Math.ceil(decisions.length / (options.maxFrames ?? 64)));
  const picked = decisions.filter((_, i) => i % every === 0);
  const images = await Promise.all(picked.map((d) => recordedFrameImage(recordedFramePath(dir, d.frame!) ?? join(dir, d.frame!))));
  const files = images.map((i) => i.data);
  const sizes = images.map((i) => readImageSize(i.data, i.type === 'image/png' ? 'png' : 'jpeg'));
  const first = sizes[0]!;
  const { width: frameWidth, height: frameHeight } = typeof first === 'string' ? { width: 640, height: 360 } : first;
  const thumbHeight = Math.round((frameHeight / frameWidth) * thumbWidth);
  const rows = Math.ceil(picked.length / columns);
  const width = columns * thumbWidth;
  const height = rows * thumbHeight;
  const background = { r: 16, g: 16, b: 16 };
  const at = (i: number): { left: number; top: number } => ({ left: (i % columns) * thumbWidth, top: Math.floor(i / columns) * thumbHeight });
  // Every label is drawn in one SVG laid over the whole sheet: one text render per run, not one per thumbnail.
  const labels = picked.map((d, i) => `<g transform="translate(${at(i).left},${at(i).top})"><rect width="${thumbWidth}" height="16" fill="#000" fill-opacity="0.6"/><text x="4" y="12" font-family="DejaVu Sans, sans-serif" font-size="11" fill="#fff">s${d.slot} step ${d.step} ${(d.observedAtMs / 1000).toFixed(1)} s ${d.status === 'valid' ? '' : d.status}</text></g>`);
  const overlay = { input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${labels.join('')}</svg>`), left: 0, top: 0 };
  const out = join(dir, 'replay.jpg');
  const sameSize = sizes.every((z) => typeof z !== 'string' && z.width === frameWidth && z.height === frameHeight);
  if (sameSize) {
    // Frames of one size: joined into one grid and scaled down in one pipeline (a pipeline per frame costs more
    // than its decoding), then labelled in a second (labels composited in the first would be drawn per tile).
    const grid = await sharp(files, { join: { across: columns, background } }).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    await sharp(grid, { raw: { width, height, channels: 3 } }).composite([overlay]).jpeg({ quality: 80 }).toFile(out);
  } else {
    const thumbs = await Promise.all(files.map((bytes) => sharp(bytes).resize(thumbWidth, thumbHeight, { fit: 'fill' }).removeAlpha().raw().toBuffer()));
    const cells = thumbs.map((input, i) => ({ input, raw: { width: thumbWidth, height: thumbHeight, channels: 3 as const }, ...at(i) }));
    await sharp({ create: { width, height, channels: 3, background } }).composite([...cells, overlay]).jpeg({ quality: 80 }).toFile(out);
  }
  writeFileSync(join(dir, 'replay.html'), replayPage(dir.split('/').pop() ?? 'replay', all));
}
