/**
 * Strict tuple matching as Video-Arena defines it, and its tier projections.
 *
 * Greedy order: predicted tuples are taken in ascending time (ties: their order in the answer); each is matched
 * to the nearest unused reference tuple with an equal key whose |dt| <= 3 s (ties: the earlier reference, then
 * the one listed first). Strict F1 keys on every non-temporal field (event, who, update, state); T1 keys on the
 * event identity (event, who) only. Each tuple is used at most once, so duplicates beyond the references'
 * count are false positives.
 */
import { eventIdentity, TIME_TOLERANCE_S, type PerceptionTuple } from '../tuple.js';

/** One matched pair: indices into the predicted and reference lists. */
export interface TupleMatch {
  readonly pred: number;
  readonly ref: number;
}

/** Precision, recall and F1 of a matching. Both lists empty: all 1; one empty: 0. */
export interface Prf {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly matched: number;
  readonly predicted: number;
  readonly references: number;
}

/** The key strict matching compares: every non-temporal field. */
export function strictKey(t: PerceptionTuple): string {
  return JSON.stringify([t.event, t.who, t.update, t.state]);
}

/** Greedy one-to-one matching of `pred` to `refs` by `key`, in the order the file comment gives. */
export function greedyMatch(pred: readonly PerceptionTuple[], refs: readonly PerceptionTuple[], key: (t: PerceptionTuple) => string, toleranceS = TIME_TOLERANCE_S): TupleMatch[] {
  const byKey = new Map<string, number[]>();
  refs.forEach((r, i) => {
    const k = key(r);
    byKey.set(k, [...(byKey.get(k) ?? []), i]);
  });
  const used = new Set<number>();
  const order = pred.map((_, i) => i).sort((a, b) => pred[a]!.t - pred[b]!.t || a - b);
  const matches: TupleMatch[] = [];
  for (const p of order) {
    const t = pred[p]!.t;
    let best: number | undefined;
    for (const r of byKey.get(key(pred[p]!)) ?? []) {
      if (used.has(r)) continue;
      const dt = Math.abs(refs[r]!.t - t);
      if (dt > toleranceS + 1e-9) continue;
      if (best === undefined) {
        best = r;
        continue;
      }
      const bestDt = Math.abs(refs[best]!.t - t);
      if (dt < bestDt - 1e-12 || (Math.abs(dt - bestDt) <= 1e-12 && (refs[r]!.t < refs[best]!.t || (refs[r]!.t === refs[best]!.t && r < best)))) best = r;
    }
    if (best !== undefined) {
      used.add(best);
      matches.push({ pred: p, ref: best });
    }
  }
  return matches;
}

/** Precision, recall and F1 from counts. */
export function prf(matched: number, predicted: number, references: number): Prf {
  if (predicted === 0 && references === 0) return { precision: 1, recall: 1, f1: 1, matched, predicted, references };
  const precision = predicted === 0 ? 0 : matched / predicted;
  const recall = references === 0 ? 0 : matched / references;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, matched, predicted, references };
}

/** Counts of one categorical tier over localised events: `total` excludes reference labels that are null. */
export interface TierCount {
  readonly correct: number;
  readonly total: number;
}

/** A case's strict score and tier diagnostics. */
export interface CaseScore {
  readonly strict: Prf;
  /** T1: localisation F1 (event identity and time only). */
  readonly t1: Prf;
  /** T2: the state update right, over T1-localised events with a non-null reference update. */
  readonly t2: TierCount;
  /** T3: the resulting state right, over T1-localised events with a non-null reference state. */
  readonly t3: TierCount;
}

function tier(matches: readonly TupleMatch[], pred: readonly PerceptionTuple[], refs: readonly PerceptionTuple[], field: 'update' | 'state'): TierCount {
  let correct = 0;
  let total = 0;
  for (const m of matches) {
    const want = refs[m.ref]![field];
    if (want === null) continue;
    total += 1;
    if (pred[m.pred]![field] === want) correct += 1;
  }
  return { correct, total };
}

/** Scores one answer against its references. */
export function scoreTuples(pred: readonly PerceptionTuple[], refs: readonly PerceptionTuple[]): CaseScore {
  const strict = greedyMatch(pred, refs, strictKey);
  const local = greedyMatch(pred, refs, eventIdentity);
  return {
    strict: prf(strict.length, pred.length, refs.length),
    t1: prf(local.length, pred.length, refs.length),
    t2: tier(local, pred, refs, 'update'),
    t3: tier(local, pred, refs, 'state'),
  };
}

/** A tier's accuracy, or undefined when it has no labelled localised event. */
export function accuracy(c: TierCount): number | undefined {
  return c.total === 0 ? undefined : c.correct / c.total;
}
