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

  /** The game time to charge for a decision, ms, and a note when a fallback was used. */
  charge(timings: DecisionTimings): { ms: number; note?: string } {
    switch (this.source.kind) {
      case 'synthetic': {
        if (this.source.jitterMs === 0) return { ms: this.source.ms };
        const u = this.prng.next();
        return { ms: Math.max(0, Math.round(this.source.ms + (u * 2 - 1) * this.source.jitterMs)) };
      }
      case 'wall':
        return { ms: Math.max(0, timings.wallMs - (timings.retryMs ?? 0)) };
      case 'ttfb':
        if (timings.ttftMs === undefined) return { ms: Math.max(0, timings.wallMs - (timings.retryMs ?? 0)), note: 'no ttft reported; charged wall time' };
        return { ms: Math.max(0, timings.ttftMs - (timings.networkRttMs ?? 0)) };
      case 'ttlt':
        if (timings.ttltMs === undefined) return { ms: Math.max(0, timings.wallMs - (timings.retryMs ?? 0)), note: 'no ttlt reported; charged wall time' };
        return { ms: Math.max(0, timings.ttltMs - (timings.networkRttMs ?? 0)) };
      case 'provider':
        if (timings.providerMs === undefined) return { ms: Math.max(0, timings.wallMs - (timings.retryMs ?? 0)), note: 'no provider time reported; charged wall time' };
        return { ms: Math.max(0, timings.providerMs) };
    }
  }
}
