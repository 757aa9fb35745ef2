/**
 * The whole decision loop (observe, decide, compile, advance, record) per decision, against one JPEG encode
 * of its frame with the standard tables (the encode the arena does), measured in interleaved rounds in this
 * process. The record keeps each raw frame's exact pixels (no encode during play; the PNGs are made when
 * the run closes, inside the time), and a full record queue makes the match wait, so every frame is in the
 * time: the bench counts the frames missing from the record (0) and how long the match waited for it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdleAgent } from '../../agents/index.js';
import { encodeJpeg } from '../../frame-images/index.js';
import { pumpMatch } from './pump-match.js';
import { testImage } from './pump-game.js';
import { interleaved, median, ratioSpread, timedBatch, type RatioSpread } from './stats.js';

export interface MatchLoopResult {
  readonly decisions: number;
  /** Median over rounds of the wall time per decision, ms. */
  readonly perDecisionMs: number;
  /** Median over rounds of one JPEG encode (q85) of the same frame, ms. */
  readonly encodeMs: number;
  /** Loop time per decision / encode time, by round: median and quartiles. */
  readonly loopOverEncode: RatioSpread;
  /** Decision frames missing from the record, over all rounds (0: every decision's frame was written). */
  readonly framesMissing: number;
  /** How long the matches waited for their record queue, over all rounds, ms. */
  readonly recordWaitMs: number;
}

/** A match's wall time per decision; its frames missing and its wait for the record are added to `tally`. */
async function oneMatch(width: number, height: number, decisions: number, runsDir: string, tally: { missing: number; waitedMs: number }): Promise<number> {
  const { result, perDecisionMs } = await pumpMatch({ width, height, decisions, agent: new IdleAgent(), runsDir });
  const dir = result.dir;
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { recorder?: { waitedMs?: number } };
  tally.missing += decisions - readdirSync(join(dir, 'frames')).filter((f) => f.endsWith('.png')).length;
  tally.waitedMs += run.recorder?.waitedMs ?? 0;
  rmSync(dir, { recursive: true, force: true });
  return perDecisionMs;
}

export async function benchMatchLoop(width: number, height: number, decisions = 300, rounds = 3): Promise<MatchLoopResult> {
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-'));
  const image = testImage(width, height);
  const encodes = Math.max(20, Math.round(decisions / 5));
  const encode = timedBatch(encodes, (i) => encodeJpeg({ seq: i, width, height, encoding: 'rgb', data: image }, { quality: 85 }));
  try {
    const tally = { missing: 0, waitedMs: 0 };
    // A warm-up of each, then the interleaved rounds.
    await oneMatch(width, height, Math.min(50, decisions), runsDir, tally);
    await encode();
    tally.missing = 0;
    tally.waitedMs = 0;
    const [loopMs, encodeMs] = await interleaved(rounds, [() => oneMatch(width, height, decisions, runsDir, tally), encode]);
    return {
      decisions,
      perDecisionMs: median(loopMs!),
      encodeMs: median(encodeMs!),
      loopOverEncode: ratioSpread(loopMs!, encodeMs!),
      framesMissing: tally.missing,
      recordWaitMs: tally.waitedMs,
    };
  } finally {
    rmSync(runsDir, { recursive: true, force: true });
  }
}
