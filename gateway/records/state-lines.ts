/**
 * The lines of `state.jsonl`, the privileged perception stream of a reference game: made from the game's
 * `tracked` reports as a match records them, or rebuilt offline by re-simulating a run recorded without one.
 */
import type { Tracked } from '../../protocol/index.js';
import { resimulate, type ResimOptions } from './resimulate.js';
import { readRunRecord } from './run-record-read.js';
import type { StateLineRecord, TrackedRecord } from './run-record-schema.js';

/** Whether two tracked states hold the same values. */
export function sameTrackedState(a: Readonly<TrackedRecord> | undefined, b: Readonly<TrackedRecord>): boolean {
  if (!a) return false;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
}

/** The state.jsonl lines of one tracked report: its critical events, then the state when it differs from `last`. */
export function trackedLines(msg: Tracked, last: Readonly<TrackedRecord> | undefined): StateLineRecord[] {
  const lines: StateLineRecord[] = msg.events.map((ev) => ({ kind: 'event', simMs: ev.simMs, name: ev.name, ...(ev.slot === undefined ? {} : { slot: ev.slot }), ...(ev.data === undefined ? {} : { data: ev.data }) }));
  if (!sameTrackedState(last, msg.tracked)) lines.push({ kind: 'state', simMs: msg.simMs, tracked: { ...msg.tracked } });
  return lines;
}

/**
 * Rebuilds the state.jsonl lines of a finished pdq or lcrt run of a reference game by re-simulation (for runs
 * recorded before the stream existed). Step lines get the tracked state at each decision's observation time.
 * BAD_CONFIG for runs that cannot be re-simulated; the report's mismatch says when the run did not replay.
 */
export async function rebuildStateLines(dir: string, options: Pick<ResimOptions, 'launch' | 'entry'> = {}): Promise<{ lines: StateLineRecord[]; replayed: boolean }> {
  const reports: Tracked[] = [];
  const report = await resimulate(dir, { ...options, onTracked: (t) => void reports.push(t) });
  const lines: StateLineRecord[] = [];
  let last: TrackedRecord | undefined;
  const states: { simMs: number; tracked: TrackedRecord }[] = [];
  for (const msg of reports) {
    lines.push(...trackedLines(msg, last));
    last = { ...msg.tracked };
    states.push({ simMs: msg.simMs, tracked: last });
  }
  for (const d of readRunRecord(dir).decisions) {
    const at = states.filter((s) => s.simMs <= d.observedAtMs).at(-1);
    if (at) lines.push({ kind: 'step', simMs: d.observedAtMs, slot: d.slot, step: d.step, tracked: at.tracked });
  }
  // Stable by game time: within one time, events before the state they caused, steps last.
  const rank = { event: 0, state: 1, step: 2 } as const;
  const ordered = lines.map((l, i) => ({ l, i })).sort((a, b) => a.l.simMs - b.l.simMs || rank[a.l.kind] - rank[b.l.kind] || a.i - b.i);
  return { lines: ordered.map((x) => x.l), replayed: report.ok };
}
