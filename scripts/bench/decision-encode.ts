/**
 * The decision loop of a model player before and after one JPEG per (frame, profile): the same match on the
 * pump game with an in-process answerer that does what the VLM agent does with its frame (JPEG, sha256, data
 * URL) and answers a chunk text at once, so the frame work is all there is to see. `after` takes its JPEG
 * from the gateway, which records that same JPEG; `before` takes raw RGB and encodes for itself, as the VLM
 * agent did, and the recorder encodes a second JPEG of the frame, as it did.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFrameImage } from '../../agents/index.js';
import type { Agent, Decision, FrameEncoding, JpegProfile, Observation } from '../../protocol/index.js';
import { pumpMatch } from './pump-match.js';

export interface DecisionEncodeResult {
  readonly decisions: number;
  /** Wall time per decision with the agent encoding for itself and the recorder encoding again, ms. */
  readonly beforeMs: number;
  /** Wall time per decision with one JPEG shared by the agent and the record, ms. */
  readonly afterMs: number;
}

const QUALITY = 85;

/** An answerer that treats its frame as the VLM agent does, with no model behind it. */
function answerer(frameEncoding: FrameEncoding): Agent & { jpeg?: JpegProfile } {
  return {
    kind: 'bench-vlm',
    privileged: false,
    frameEncoding,
    ...(frameEncoding === 'jpeg' ? { jpeg: { quality: QUALITY } } : {}),
    async start() {},
    async decide(observation: Observation): Promise<Decision> {
      const image = await encodeFrameImage(observation.frame, { maxSide: undefined, quality: QUALITY });
      return {
        kind: 'answer',
        answer: `seen ${image.dataUrl.length} chars <|action_start|>0 0 0 ; W <|action_end|>`,
        timings: { wallMs: 0 },
        sentImage: { data: image.jpeg, sha256: image.sha256, width: image.width, height: image.height },
      };
    },
    async close() {},
  };
}

async function perDecision(width: number, height: number, decisions: number, agent: Agent, runsDir: string): Promise<number> {
  return (await pumpMatch({ width, height, decisions, agent, runsDir, jpegQuality: QUALITY })).perDecisionMs;
}

/** Runs before and after alternately, `repeats` times each, and keeps the median of each. */
export async function benchDecisionEncode(width: number, height: number, decisions = 150, repeats = 3): Promise<DecisionEncodeResult> {
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-'));
  try {
    const before: number[] = [];
    const after: number[] = [];
    await perDecision(width, height, Math.min(20, decisions), answerer('jpeg'), runsDir);
    for (let r = 0; r < repeats; r++) {
      before.push(await perDecision(width, height, decisions, answerer('rgb'), runsDir));
      after.push(await perDecision(width, height, decisions, answerer('jpeg'), runsDir));
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    return { decisions, beforeMs: median(before), afterMs: median(after) };
  } finally {
    rmSync(runsDir, { recursive: true, force: true });
  }
}
