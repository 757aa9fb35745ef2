/**
 * How often an endpoint hands back a stale frame: after input, and after a pause and resume. Each sample
 * sends input, lets game time pass and takes a frame, and judges it against the frame before with the
 * gateway's own detection (`assessFrame`: exact digest, near-duplicate block hash, image header and end
 * marker). A check fails when the stale share is above its declared bound.
 */
import { IntegrityTally, assessFrame, blockHash, type FrameIntegrity, type HashableFrame, type IntegrityCounts, type SeenFrame } from '../protocol/index.js';
import { expectThat, fmt } from './checks.js';

/** The stale-frame checks' settings: samples per check and the largest stale share that passes. */
export interface StaleFrameOptions {
  /** Samples per check (default 20). */
  readonly staleSamples?: number;
  /** Largest stale share that passes, 0..1 (default 0.05: one stale frame in 20). */
  readonly maxStaleShare?: number;
}

/** The declared defaults of the stale-frame checks. */
export const STALE_CHECK_DEFAULTS = { staleSamples: 20, maxStaleShare: 0.05 } as const;

/** A frame taken by a sample, with the game time it was taken at (ms; the frame's own when it has one). */
export interface TakenFrame {
  readonly frame: HashableFrame;
  readonly simMs: number;
}

/** Judges a run of frames, each against the one before, and counts the verdicts. */
export class StaleCounter {
  private previous: SeenFrame | undefined;
  private seq = 0;
  private readonly tally = new IntegrityTally();

  /** Takes `taken` as the frame the next sample is judged against, without counting it. */
  async base(taken: TakenFrame): Promise<void> {
    this.previous = await this.seen(taken);
  }

  /** Judges a sample's frame against the previous one (`inputs` sent since), counts it and keeps it. */
  async sample(taken: TakenFrame, inputs: number): Promise<FrameIntegrity> {
    let integrity: FrameIntegrity;
    let next: SeenFrame | undefined;
    try {
      next = await this.seen(taken);
      integrity = assessFrame(this.previous, next, { nowSimMs: taken.simMs, inputsSent: inputs });
    } catch (err) {
      integrity = { verdict: 'truncated', ageMs: 0, detail: `does not decode: ${err instanceof Error ? err.message : String(err)}` };
    }
    this.tally.add(integrity.verdict);
    if (next) this.previous = next;
    return integrity;
  }

  get counts(): IntegrityCounts {
    return this.tally.counts;
  }

  private async seen(taken: TakenFrame): Promise<SeenFrame> {
    const { frame, simMs } = taken;
    return { seq: this.seq++, simMs, ...frame, hash: await blockHash(frame) };
  }
}

/** Verdict counts as a check's detail: `3/20 stale (15%: duplicate 3), 17 fresh`. */
export function describeCounts(c: IntegrityCounts): string {
  const parts = Object.entries(c.verdicts)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([v, n]) => `${v} ${n}`);
  const stale = Math.round(c.staleShare * c.observations);
  return `${stale}/${c.observations} stale (${fmt(c.staleShare * 100, 1)}%): ${parts.join(', ')}`;
}

/** Passes with the counts, or fails when the stale share is above `maxShare`. */
export function withinBound(c: IntegrityCounts, maxShare: number, extra = ''): string {
  const detail = `${describeCounts(c)}${extra}; bound ${fmt(maxShare * 100, 1)}%`;
  expectThat(c.observations > 0, 'no samples taken');
  expectThat(c.staleShare <= maxShare, `${detail}: above the bound`);
  return detail;
}
