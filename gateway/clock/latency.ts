/**
 * Charged latency for `lcrt`: how much game time a decision costs, from a declared source.
 * - provider: the processing time the model server reported;
 * - ttfb: time to first token minus the measured network round trip;
 * - ttlt: time to the last token (a plain answer: to its whole body) minus the network round trip, the whole decision;
 * - wall: the decision's whole wall time, less time spent in retried failures;
 * - synthetic: a fixed value, or a seeded uniform/normal draw, for what-if sweeps.
 */
import { z } from 'zod';
import { ArenaError, ErrorCode, Prng, type DecisionTimings } from '../../protocol/index.js';

export const LatencySource = z.union([
  z.strictObject({ kind: z.literal('provider') }),
  z.strictObject({ kind: z.literal('ttfb') }),
  z.strictObject({ kind: z.literal('ttlt') }),
  z.strictObject({ kind: z.literal('wall') }),
  z.strictObject({ kind: z.literal('synthetic'), ms: z.number().min(0).max(600_000), jitterMs: z.number().min(0).max(600_000).default(0), seed: z.number().int().min(0).default(0) }),
]);
export type LatencySource = z.infer<typeof LatencySource>;

/** Parses the CLI form: `provider`, `ttfb`, `ttlt`, `wall`, `synthetic:300` or `synthetic:300:50` (mean:jitter). */
export function parseLatencySource(text: string): LatencySource {
  const [kind, a, b] = text.split(':');
  if (kind === 'provider' || kind === 'ttfb' || kind === 'ttlt' || kind === 'wall') {
    if (a !== undefined) throw new ArenaError(ErrorCode.BAD_CONFIG, `latency source '${kind}' takes no value`);
    return { kind };
  }
  if (kind === 'synthetic') {
    const ms = Number(a);
    const jitterMs = b === undefined ? 0 : Number(b);
    if (a === undefined || !Number.isFinite(ms) || ms < 0 || !Number.isFinite(jitterMs) || jitterMs < 0) {
      throw new ArenaError(ErrorCode.BAD_CONFIG, `synthetic latency needs a value in ms, e.g. synthetic:300 or synthetic:300:50 (got '${text}')`);
    }
    return { kind, ms, jitterMs, seed: 0 };
  }
  throw new ArenaError(ErrorCode.BAD_CONFIG, `unknown latency source '${text}'; use provider, ttfb, ttlt, wall or synthetic:MS[:JITTER]`);
}

export function describeLatencySource(source: LatencySource): string {
  return source.kind === 'synthetic' ? `synthetic:${source.ms}${source.jitterMs ? `:${source.jitterMs}` : ''}` : source.kind;
}

/** A deterministic stream of charged latencies for one agent. */
export class LatencyCharger {
  private readonly prng: Prng;

  constructor(readonly source: LatencySource, slot: number) {
    this.prng = new Prng(source.kind === 'synthetic' ? source.seed : 0, slot + 1);
  }

  /** The game time to charge for a decision, ms, and a note when a fallback was used or retries were left out. */
  charge(timings: DecisionTimings): { ms: number; note?: string } {
    const retryMs = timings.retryMs ?? 0;
    const retried = retryMs > 0 ? `, less ${Math.round(retryMs)} ms of ${timings.retries ?? 0} retried attempt(s)` : '';
    const wall = (why: string): { ms: number; note: string } => ({ ms: Math.max(0, timings.wallMs - retryMs), note: `${why}; charged wall time${retried}` });
    switch (this.source.kind) {
      case 'synthetic':
        return { ms: this.draw() };
      case 'wall':
        return { ms: Math.max(0, timings.wallMs - retryMs), ...(retried ? { note: `charged wall time${retried}` } : {}) };
      case 'ttfb':
        if (timings.ttftMs === undefined) return wall('no ttft reported');
        return { ms: Math.max(0, timings.ttftMs - (timings.networkRttMs ?? 0)) };
      case 'ttlt':
        if (timings.ttltMs === undefined) return wall('no ttlt reported');
        return { ms: Math.max(0, timings.ttltMs - (timings.networkRttMs ?? 0)) };
      case 'provider':
        if (timings.providerMs === undefined) return wall('no provider time reported');
        return { ms: Math.max(0, timings.providerMs) };
    }
  }

  /**
   * The charge of a failed decision: its time went to failed attempts, which are never charged, so only a
   * synthetic source (which does not measure the call) charges its value.
   */
  chargeFailed(): { ms: number; note: string } {
    if (this.source.kind === 'synthetic') return { ms: this.draw(), note: 'failed decision: charged the synthetic value' };
    return { ms: 0, note: 'failed decision: its failed attempts are never charged' };
  }

  private draw(): number {
    if (this.source.kind !== 'synthetic') return 0;
    if (this.source.jitterMs === 0) return this.source.ms;
    const u = this.prng.next();
    return Math.max(0, Math.round(this.source.ms + (u * 2 - 1) * this.source.jitterMs));
  }
}
