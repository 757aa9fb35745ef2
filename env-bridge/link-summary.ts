/** What a bridge link carried during a match, for its run record (`run.json` `link`). */
import type { LinkStats } from './game-client.js';

/** The record's summary of a link: absent for a link that stamped no frames and never dropped (loopback games). */
export interface LinkSummary {
  readonly frames: number;
  readonly bytesPerFrame: number;
  /** Age of the frames at the gateway, from the bridge's send stamp, ms. */
  readonly frameAgeP50Ms: number;
  readonly frameAgeP95Ms: number;
  /** Times the link dropped and the session was taken back. */
  readonly resumes: number;
}

function nearestRank(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** The summary of `stats`, or undefined when there is nothing to say. */
export function linkSummary(stats: LinkStats): LinkSummary | undefined {
  if (stats.frames === 0 && stats.resumes === 0) return undefined;
  const ages = [...stats.frameAgesMs].sort((a, b) => a - b);
  const round = (n: number): number => Math.round(n * 10) / 10;
  return {
    frames: stats.frames,
    bytesPerFrame: stats.frames === 0 ? 0 : Math.round(stats.frameBytes / stats.frames),
    frameAgeP50Ms: round(nearestRank(ages, 0.5)),
    frameAgeP95Ms: round(nearestRank(ages, 0.95)),
    resumes: stats.resumes,
  };
}
