/**
 * Measures a desktop game on this machine: screen grab and grab + JPEG encode cost per frame, and the clock
 * error (actual / requested game time) over many advances. Run: `npx tsx env-bridge/desktop/measure.ts
 * [game id] [advances] [ms per advance] [normal]` (defaults: freedoom, 100, 120; `normal` leaves the process at
 * ordinary priority, as the bridge would be without root). Prints one JSON object.
 */
import { convertFrame } from '../convert-frame.js';
import { getGame } from '../../games-manifest/index.js';
import type { InputEvent } from '../../protocol/index.js';
import { DesktopBackend } from './desktop-backend.js';
import { raisePriority } from './wall-timer.js';

function stats(values: readonly number[], digits = 3): Record<string, number> {
  const s = [...values].sort((a, b) => a - b);
  const pick = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  const round = (v: number): number => Number(v.toFixed(digits));
  return { n: s.length, mean: round(s.reduce((a, b) => a + b, 0) / s.length), median: round(pick(0.5)), p95: round(pick(0.95)), min: round(s[0]!), max: round(s.at(-1)!) };
}

const entry = getGame(process.argv[2] ?? 'freedoom');
const count = Number(process.argv[3] ?? '100');
const ms = Number(process.argv[4] ?? '120');
const niceRaised = process.argv[5] !== 'normal' && raisePriority();
const backend = await DesktopBackend.create(entry);
try {
  const startReset = performance.now();
  await backend.reset({ seed: 1, variant: entry.variants[0]!.id, slots: [0], width: entry.frame.width, height: entry.frame.height });
  const resetMs = performance.now() - startReset;
  const grab: number[] = [];
  const grabJpeg: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    const frame = await backend.render(0, entry.frame.width, entry.frame.height);
    const t1 = performance.now();
    await convertFrame(frame, entry.frame.width, entry.frame.height, 'jpeg', 85);
    grab.push(t1 - t0);
    grabJpeg.push(performance.now() - t0);
  }
  const ratios: number[] = [];
  const errors: number[] = [];
  const key = entry.controls.keys[0]!;
  for (let i = 0; i < count; i++) {
    // Every other advance holds a key through it, as a chunk step would.
    const inputs: InputEvent[] = i % 2 === 0 ? [{ type: 'key', at: 0, slot: 0, key, down: true }, { type: 'key', at: ms, slot: 0, key, down: false }] : [];
    const stretch = await backend.advance(ms, inputs);
    ratios.push(stretch.actualMs / ms);
    errors.push(stretch.actualMs - ms);
  }
  process.stdout.write(
    `${JSON.stringify({ game: entry.id, niceRaised, resetMs: Math.round(resetMs), frame: entry.frame, grabMs: stats(grab, 2), grabJpegMs: stats(grabJpeg, 2), advanceMs: ms, actualOverRequested: stats(ratios, 4), errorMs: stats(errors, 2), hiddenMs: Math.round(backend.hiddenMs) }, null, 2)}\n`,
  );
} finally {
  await backend.close();
}
process.exit(0);
