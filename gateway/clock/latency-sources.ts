/**
 * The latency sources of `lcrt`, one row each: where a decision's charged game time comes from. The
 * schema (`LatencySource`), the parser, its errors, run.json's meanings and docs/clock.md's table come from
 * these rows (`arena match --latency`'s help is written out in `plans/match/match-flags.ts`); a new measured
 * source is one row in `MEASURED_SOURCES` (docs/architecture.md, "Add a latency source").
 */
import type { DecisionTimings } from '../../protocol/index.js';
import { orList } from '../../protocol/index.js';

/** A source measured from a decision's own timings. */
export interface MeasuredSourceRow {
  readonly kind: string;
  /** The decision's charged time, ms (floored at 0 by the charger), or undefined when its timings lack this source's figure. */
  readonly measure: (timings: DecisionTimings) => number | undefined;
  /** The charge note when the figure is missing (then the decision's wall time is charged). */
  readonly missing: string;
  /** What it charges, for readers of run.json (`conditions`). */
  readonly meaning: string;
  /** docs/clock.md's columns: what is charged, and notes. */
  readonly charged: string;
  readonly notes: string;
}

/** A decision's wall time less the time spent in retried failures, ms: the `wall` source and every fallback. */
export function wallTime(t: DecisionTimings): number {
  return t.wallMs - (t.retryMs ?? 0);
}

/** Every measured source, in the order help texts list them (`synthetic` follows, the one source with a value). */
export const MEASURED_SOURCES = [
  {
    kind: 'provider',
    measure: (t) => t.providerMs,
    missing: 'no provider time reported',
    meaning: 'the processing time the model server reported for each call',
    charged: 'processing time the model server reported (`openai-processing-ms` header, llama.cpp `timings`)',
    notes: "falls back to `wall` (and says so in the decision's `chargeNote`) when the server reports none",
  },
  {
    kind: 'ttfb',
    measure: (t) => (t.ttftMs === undefined ? undefined : t.ttftMs - (t.networkRttMs ?? 0)),
    missing: 'no ttft reported',
    meaning: 'time to the first streamed token minus the measured network round trip',
    charged: 'time to first token minus the measured network round trip to the endpoint',
    notes: 'falls back to `wall` without a first-token time',
  },
  {
    kind: 'ttlt',
    measure: (t) => (t.ttltMs === undefined ? undefined : t.ttltMs - (t.networkRttMs ?? 0)),
    missing: 'no ttlt reported',
    meaning: 'time to the last streamed token (the whole call when not streamed) minus the measured network round trip',
    charged: "time to the last token (a non-streamed answer: to its whole body) minus the network round trip: the whole decision",
    notes: 'falls back to `wall` without a last-token time',
  },
  {
    kind: 'ttfb_minus_tcp',
    // The benchmark runner's definition: the wait from the request's last byte to the response's first, less the TCP connect (one round trip).
    measure: (t) => (t.http === undefined ? undefined : t.http.tcpMs > 0 ? t.http.ttfbMs - t.http.tcpMs : (t.providerMs ?? t.http.ttfbMs)),
    missing: 'no timed request (the VLM agent\'s "timedRequest": true makes one)',
    meaning: "the timed request's wait from its last byte sent to the first byte back, minus its TCP connect",
    charged: "a timed request's wait from the last byte sent to the first byte back, minus its TCP connect (about one round trip): the benchmark runner's non-streamed timing",
    notes: 'needs the VLM agent\'s `"timedRequest": true` (a fresh connection per call); without a connect time the provider\'s time, else the whole wait; falls back to `wall` without a timed request',
  },
  {
    kind: 'wall',
    measure: wallTime,
    missing: '',
    meaning: "each decision's whole wall time, less time spent in retried failures",
    charged: "the whole decision's wall time, less time spent in failed attempts that were retried",
    notes: 'the default',
  },
] as const satisfies readonly MeasuredSourceRow[];

/** A measured source's name. */
export type MeasuredKind = (typeof MEASURED_SOURCES)[number]['kind'];
/** The measured sources' names, in table order. */
export const MEASURED_KINDS = MEASURED_SOURCES.map((r) => r.kind) as [MeasuredKind, ...MeasuredKind[]];

/** The synthetic source's written form, and its docs row. */
export const SYNTHETIC_FORM = 'synthetic:MS[:JITTER]';
const SYNTHETIC_DOCS = { charged: 'a fixed MS, or a seeded uniform draw in MS +/- JITTER', notes: 'for sweeps: "what if this model answered in 300 ms?"' };

/** Every written form of a latency source, in order: `provider`, `ttfb`, `ttlt`, `ttfb_minus_tcp`, `wall`, `synthetic:MS[:JITTER]`. */
export const LATENCY_FORMS: readonly string[] = [...MEASURED_KINDS, SYNTHETIC_FORM];

/** The forms as a help text lists them: `provider, ttfb, ttlt, ttfb_minus_tcp, wall or synthetic:MS[:JITTER]`. */
export const LATENCY_FORMS_TEXT = orList(LATENCY_FORMS);

/** The measured source `kind`'s row, or undefined. */
export function measuredSource(kind: string): MeasuredSourceRow | undefined {
  return MEASURED_SOURCES.find((r) => r.kind === kind);
}

/** docs/clock.md's table of sources (between its `latency-sources` markers), rendered from the rows. */
export function latencySourcesTable(): string {
  const rows = [...MEASURED_SOURCES.map((r) => [r.kind, r.charged, r.notes]), [SYNTHETIC_FORM, SYNTHETIC_DOCS.charged, SYNTHETIC_DOCS.notes]];
  return ['| source | charged game time | notes |', '| --- | --- | --- |', ...rows.map(([form, charged, notes]) => `| \`${form!}\` | ${charged!} | ${notes!} |`)].join('\n');
}
