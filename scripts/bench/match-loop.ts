/**
 * The whole decision loop (observe, decide, compile, advance, record) per decision, against the one JPEG
 * encode of its frame that each decision must do (the recorder's), measured in interleaved rounds in this
 * process: what the gateway adds on top of that encode. The match's record queue holds every frame here, so
 * that each decision's frame is encoded and written inside the time (the match's end waits for the queue);
 * a match whose recorder fell behind would otherwise drop frames and look faster than it is.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdleAgent } from '../../agents/index.js';
import { encodeJpeg } from '../../frame-images/index.js';
import { encodeFrame } from '../../game-host/index.js';
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
  /** Median over rounds of the same encode with tables fitted to the frame (what the loop's encode was before the standard tables), ms. */
  readonly fittedEncodeMs: number;
  /** Loop time per decision / the fitted-tables encode, by round. */
  readonly loopOverFitted: RatioSpread;
  /** Decision frames the record left out, over all rounds (0: every decision's frame was encoded and written). */
  readonly framesDropped: number;
}

/** A match's decisions and wall time per decision; its frames dropped are added to `dropped`. */
async function oneMatch(width: number, height: number, decisions: number, runsDir: string, dropped: { count: number }): Promise<number> {
  const { result, perDecisionMs } = await pumpMatch({ width, height, decisions, agent: new IdleAgent(), runsDir, recordQueue: { frames: decisions } });
  const dir = result.dir;
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { recorder?: { framesDropped?: number } };
  dropped.count += run.recorder?.framesDropped ?? 0;
  rmSync(dir, { recursive: true, force: true });
  return perDecisionMs;
}

export async function benchMatchLoop(width: number, height: number, decisions = 300, rounds = 3): Promise<MatchLoopResult> {
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-'));
  const image = testImage(width, height);
  const encodes = Math.max(20, Math.round(decisions / 5));
  const encode = timedBatch(encodes, (i) => encodeJpeg({ seq: i, width, height, encoding: 'rgb', data: image }, { quality: 85 }));
  const encodeFitted = timedBatch(encodes, () => encodeFrame(image, width, height, 'jpeg', 85, 'fitted'));
  try {
    const dropped = { count: 0 };
    // A warm-up of each, then the interleaved rounds.
    await oneMatch(width, height, Math.min(50, decisions), runsDir, dropped);
    await encode();
    await encodeFitted();
    dropped.count = 0;
    const [loopMs, encodeMs, fittedMs] = await interleaved(rounds, [() => oneMatch(width, height, decisions, runsDir, dropped), encode, encodeFitted]);
    return {
      decisions,
      perDecisionMs: median(loopMs!),
      encodeMs: median(encodeMs!),
      loopOverEncode: ratioSpread(loopMs!, encodeMs!),
      fittedEncodeMs: median(fittedMs!),
      loopOverFitted: ratioSpread(loopMs!, fittedMs!),
      framesDropped: dropped.count,
    };
  } finally {
    rmSync(runsDir, { recursive: true, force: true });
  }
}
