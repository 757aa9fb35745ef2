/**
 * Charged latency for `lcrt`: how much game time a decision costs, from a declared source: a measured one
 * (the rows of `latency-sources.ts`), or synthetic: a fixed value, or a seeded uniform draw, for what-if sweeps.
 */
import { z } from 'zod';
import { ArenaError, ErrorCode, Prng, type DecisionTimings } from '../../protocol/index.js';
import { LATENCY_FORMS_TEXT, MEASURED_KINDS, measuredSource, wallTime, type MeasuredKind } from './latency-sources.js';

export const LatencySource = z.union([
  z.strictObject({ kind: z.enum(MEASURED_KINDS) }),
  z.strictObject({ kind: z.literal('synthetic'), ms: z.number().min(0).max(600_000), jitterMs: z.number().min(0).max(600_000).default(0), seed: z.number().int().min(0).default(0) }),
]);
export type LatencySource = z.infer<typeof LatencySource>;

/** Parses the CLI form: a measured source (`provider`, `ttfb`, `ttlt`, `wall`), `synthetic:300` or `synthetic:300:50` (mean:jitter). */
export function parseLatencySource(text: string): LatencySource {
  const [kind = '', a, b] = text.split(':');
  if (isMeasured(kind)) {
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
  throw new ArenaError(ErrorCode.BAD_CONFIG, `unknown latency source '${text}'; use ${LATENCY_FORMS_TEXT}`);
}

function isMeasured(kind: string): kind is MeasuredKind {
  return (MEASURED_KINDS as readonly string[]).includes(kind);
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
    if (this.source.kind === 'synthetic') return { ms: this.draw() };
    if (this.source.kind === 'wall') return { ms: Math.max(0, wallTime(timings)), ...(retried ? { note: `charged wall time${retried}` } : {}) };
    const row = measuredSource(this.source.kind)!;
    const ms = row.measure(timings);
    if (ms === undefined) return { ms: Math.max(0, wallTime(timings)), note: `${row.missing}; charged wall time${retried}` };
    return { ms: Math.max(0, ms) };
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
