/**
 * The RemoteInput battery's stale-frame checks: screenshots after a look while the world runs, and after a
 * look, `slomo 1`, a stretch of wall time and `slomo 0`, each judged against the screenshot before it
 * (conformance/stale-frames.ts). "pending" answers (retried by the client, as the benchmark's runner waits
 * them out) are counted and reported, not failed.
 */
import type { RemoteInputClient, ScoreReply, Screenshot } from '../game-host/index.js';
import type { IntegrityCounts } from '../protocol/index.js';
import { fmt, wallWait } from './checks.js';
import { STALE_CHECK_DEFAULTS, StaleCounter, withinBound, type StaleFrameOptions, type TakenFrame } from './stale-frames.js';

/** The RemoteInput stale checks' settings: the look each sample sends, and the wall time it runs. */
export interface RemoteInputStaleOptions extends StaleFrameOptions {
  /** `mouse` units of the look each sample sends (default 15). */
  readonly lookUnits?: number;
  /** Wall time the world runs in each sample, ms (default 150). */
  readonly sampleRunMs?: number;
}

/** Game time in a score reply, ms: the server's clock, else survival time. */
export const clockOf = (s: ScoreReply): number | undefined => s.simMs ?? (s.survivalTime === undefined ? undefined : s.survivalTime * 1000);

/** A screenshot with the game time after it: the server's clock, or wall time where it reports none (the world ran). */
async function shot(c: RemoteInputClient): Promise<TakenFrame> {
  const s: Screenshot = await c.screenshot();
  const simMs = clockOf(await c.getScore()) ?? performance.now();
  return { frame: { data: s.data, encoding: s.format, width: s.width, height: s.height }, simMs };
}

/** A sample run's verdicts, and the "pending" answers its screenshot requests got. */
export interface RemoteStaleCounts {
  readonly counts: IntegrityCounts;
  readonly screenshots: number;
  readonly pending: number;
}

/** Passes with the counts and the pending answers, or fails above the bound. */
function judged(r: RemoteStaleCounts, options: StaleFrameOptions): string {
  const note = `; ${r.pending} "pending" answer(s) to ${r.screenshots + r.pending} screenshot request(s) (${fmt((100 * r.pending) / Math.max(1, r.screenshots + r.pending), 1)}%)`;
  return withinBound(r.counts, options.maxStaleShare ?? STALE_CHECK_DEFAULTS.maxStaleShare, note);
}

/** `after input`: the world runs; each sample looks, waits `runMs` and takes a screenshot. Leaves the world frozen. */
export async function remoteStaleAfterInput(c: RemoteInputClient, options: RemoteInputStaleOptions = {}): Promise<string> {
  return judged(await countRemoteAfterInput(c, options), options);
}

/** The verdicts of `remoteStaleAfterInput`'s samples. */
export async function countRemoteAfterInput(c: RemoteInputClient, options: RemoteInputStaleOptions = {}): Promise<RemoteStaleCounts> {
  const samples = options.staleSamples ?? STALE_CHECK_DEFAULTS.staleSamples;
  const runMs = options.sampleRunMs ?? 150;
  const pending = c.stats.pendingRetries;
  const counter = new StaleCounter();
  c.console('slomo 1');
  try {
    await counter.base(await shot(c));
    for (let i = 0; i < samples; i++) {
      c.mouse(options.lookUnits ?? 15, 0);
      await wallWait(runMs);
      await counter.sample(await shot(c), 1);
    }
  } finally {
    c.console('slomo 0');
  }
  return { counts: counter.counts, screenshots: samples + 1, pending: c.stats.pendingRetries - pending };
}

/** `after a pause and resume`: frozen, each sample looks, runs `runMs` (`slomo 1` ... `slomo 0`) and takes a screenshot. */
export async function remoteStaleAfterResume(c: RemoteInputClient, options: RemoteInputStaleOptions = {}): Promise<string> {
  return judged(await countRemoteAfterResume(c, options), options);
}

/** The verdicts of `remoteStaleAfterResume`'s samples. */
export async function countRemoteAfterResume(c: RemoteInputClient, options: RemoteInputStaleOptions = {}): Promise<RemoteStaleCounts> {
  const samples = options.staleSamples ?? STALE_CHECK_DEFAULTS.staleSamples;
  const runMs = options.sampleRunMs ?? 150;
  const pending = c.stats.pendingRetries;
  const counter = new StaleCounter();
  c.console('slomo 0');
  await counter.base(await shot(c));
  for (let i = 0; i < samples; i++) {
    c.mouse(options.lookUnits ?? 15, 0);
    c.console('slomo 1');
    await wallWait(runMs);
    c.console('slomo 0');
    await counter.sample(await shot(c), 1);
  }
  return { counts: counter.counts, screenshots: samples + 1, pending: c.stats.pendingRetries - pending };
}
