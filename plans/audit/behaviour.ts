/**
 * What a run did, as the invariants compare it: every decision's frame digest, chunk and inputs, every event,
 * every progress line and the result. Wall-clock timings, run ids and how latency was described are left out:
 * they are measurements and names, not behaviour.
 */
import { readRunRecord } from '../../gateway/index.js';

/** The behaviour of one run, in a form two runs can be compared by. */
export interface Behaviour {
  readonly decisions: readonly Record<string, unknown>[];
  readonly events: readonly Record<string, unknown>[];
  readonly progress: readonly Record<string, unknown>[];
  readonly result: Record<string, unknown>;
}

const pick = (o: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> => Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));

/** Reads the behaviour of the run in `dir`. */
export function behaviourOf(dir: string): Behaviour {
  const r = readRunRecord(dir);
  const result = r.run.result;
  return {
    decisions: r.decisions.map((d) => pick(d as Record<string, unknown>, ['slot', 'step', 'observedAtMs', 'frameDigest', 'status', 'invalidReason', 'chunk', 'inputs'])),
    events: r.events.map((e) => pick(e as Record<string, unknown>, ['type', 'simMs', 'slot', 'name', 'data', 'reason', 'outcomes'])),
    progress: r.progress.map((p) => pick(p as Record<string, unknown>, ['simMs', 'players'])),
    result: {
      status: r.run.status,
      reason: result?.reason,
      episode: result?.episode,
      simMs: result?.simMs,
      players: (result?.players ?? []).map((p) => pick(p as Record<string, unknown>, ['slot', 'label', 'progress', 'score', 'outcome', 'decisions', 'invalid', 'failed'])),
    },
  };
}

const show = (v: unknown): string => {
  const s = JSON.stringify(v);
  return s === undefined ? 'nothing' : s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

/** The first place two values differ, as `path: a != b`; undefined when they are equal. */
export function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return a.length === b.length ? undefined : `${path}: ${a.length} entries != ${b.length}`;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
    return undefined;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? undefined : `${path || '(value)'}: ${show(a)} != ${show(b)}`;
}
