/**
 * The replay of a run: `replay.jpg`, a strip of decision frames (a grid of thumbnails in decision order),
 * and `replay.html`, each decision's frame beside the model's answer, reasoning and the chunk that ran.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

interface DecisionLine {
  slot: number;
  step: number;
  observedAtMs: number;
  frame?: string;
  status: string;
  answer?: string;
  reasoning?: string;
  invalidReason?: string;
  chunk?: unknown;
}

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

const escape = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export async function writeReplay(dir: string, options: { thumbWidth?: number; columns?: number; maxFrames?: number } = {}): Promise<void> {
  const decisions = readJsonl<DecisionLine>(join(dir, 'decisions.jsonl')).filter((d) => d.frame);
  if (decisions.length === 0) return;
  const thumbWidth = options.thumbWidth ?? 192;
  const columns = options.columns ?? 8;
  const every = Math.max(1, Math.ceil(decisions.length / (options.maxFrames ?? 64)));
  const picked = decisions.filter((_, i) => i % every === 0);
  const first = await sharp(join(dir, picked[0]!.frame!)).metadata();
  const thumbHeight = Math.round(((first.height ?? 360) / (first.width ?? 640)) * thumbWidth);
  const thumbs = await Promise.all(picked.map((d) => sharp(join(dir, d.frame!)).resize(thumbWidth, thumbHeight).toBuffer()));
  const rows = Math.ceil(thumbs.length / columns);
  await sharp({ create: { width: columns * thumbWidth, height: rows * thumbHeight, channels: 3, background: { r: 16, g: 16, b: 16 } } })
    .composite(thumbs.map((input, i) => ({ input, left: (i % columns) * thumbWidth, top: Math.floor(i / columns) * thumbHeight })))
    .jpeg({ quality: 80 })
    .toFile(join(dir, 'replay.jpg'));
  const rowsHtml = decisions
    .map((d) => {
      const text = [d.reasoning ? `<p class="r">${escape(d.reasoning)}</p>` : '', d.answer ? `<pre>${escape(d.answer)}</pre>` : '', `<pre>${escape(JSON.stringify(d.chunk))}</pre>`].join('');
      return `<tr><td><img src="${escape(d.frame!)}" width="320"></td><td><b>slot ${d.slot} step ${d.step}</b> at ${(d.observedAtMs / 1000).toFixed(2)} s: ${escape(d.status)}${d.invalidReason ? ` (${escape(d.invalidReason)})` : ''}${text}</td></tr>`;
    })
    .join('\n');
  writeFileSync(
    join(dir, 'replay.html'),
    `<!doctype html><meta charset="utf-8"><title>replay</title><style>body{font:14px sans-serif;background:#111;color:#ddd}td{vertical-align:top;padding:4px}pre{white-space:pre-wrap;max-width:60em}.r{color:#9cf}</style><table>\n${rowsHtml}\n</table>\n`,
  );
}
