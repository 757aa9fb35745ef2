/**
 * The replay of a run: `replay.jpg`, a contact sheet of decision frames (thumbnails in decision order, each
 * labelled with slot, step and game time), and `replay.html`, a player that scrubs through the decisions.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
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
  const first = await sharp(join(dir, picked[0]!.frame!)).metadata();
  const thumbHeight = Math.round(((first.height ?? 360) / (first.width ?? 640)) * thumbWidth);
  const label = (d: DecisionRecord): Buffer =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${thumbWidth}" height="16"><rect width="${thumbWidth}" height="16" fill="#000" fill-opacity="0.6"/><text x="4" y="12" font-family="DejaVu Sans, sans-serif" font-size="11" fill="#fff">s${d.slot} step ${d.step} ${(d.observedAtMs / 1000).toFixed(1)} s ${d.status === 'valid' ? '' : d.status}</text></svg>`);
  const thumbs = await Promise.all(picked.map((d) => sharp(join(dir, d.frame!)).resize(thumbWidth, thumbHeight).composite([{ input: label(d), left: 0, top: 0 }]).toBuffer()));
  const rows = Math.ceil(thumbs.length / columns);
  await sharp({ create: { width: columns * thumbWidth, height: rows * thumbHeight, channels: 3, background: { r: 16, g: 16, b: 16 } } })
    .composite(thumbs.map((input, i) => ({ input, left: (i % columns) * thumbWidth, top: Math.floor(i / columns) * thumbHeight })))
    .jpeg({ quality: 80 })
    .toFile(join(dir, 'replay.jpg'));
  writeFileSync(join(dir, 'replay.html'), replayPage(dir.split('/').pop() ?? 'replay', all));
}
