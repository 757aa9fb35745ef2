/** What a match does with a stale frame: the policies, the retry bounds, and what the benchmark's profile allows. */
import { ArenaError, ErrorCode } from '../../protocol/index.js';

/** `flag`: record the verdict and go on (default). `retry`: ask again, bounded. `fail`: end the episode as infrastructure (STALE_FRAME). */
export type StaleFramePolicy = 'flag' | 'retry' | 'fail';

/** The policies, in the order `--help` lists them. */
export const STALE_FRAME_POLICIES: readonly StaleFramePolicy[] = ['flag', 'retry', 'fail'];

/** The `retry` policy's bounds: at most 3 more asks, 50 ms of wall time before each (never game time). */
export const STALE_RETRY = { attempts: 3, waitMs: 50 } as const;

/**
 * The policy a match runs under. The benchmark's runner delivers every screenshot it reads and acts on none,
 * so under `omnigamearena` only `flag` (record, change nothing) reproduces it: another is BAD_CONFIG.
 */
export function staleFramePolicy(profile: string | undefined, requested: StaleFramePolicy | undefined): StaleFramePolicy {
  if (profile === 'omnigamearena' && requested !== undefined && requested !== 'flag') {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `--stale-frames ${requested} is not what the benchmark's runner does; under --profile omnigamearena frames are only flagged`);
  }
  return requested ?? 'flag';
}
