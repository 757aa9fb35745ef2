/**
 * The offline random controls: a random tuple set of the references' size (times uniform over the video, every
 * other field drawn from the game's vocabulary), and set-time random tuples (the references' times kept, the
 * other fields drawn). The vocabulary of a game is every value each field takes in its references across the
 * golden set (null included where a reference has it): the labels a task's vocabulary allows in practice.
 */
import { Prng } from '../../protocol/index.js';
import type { PerceptionTuple } from '../tuple.js';

/** The values each non-temporal field may take. */
export interface Vocabulary {
  readonly events: readonly string[];
  readonly who: readonly (string | null)[];
  readonly update: readonly (string | null)[];
  readonly state: readonly (string | null)[];
}

const sorted = <T extends string | null>(values: Iterable<T>): T[] => [...new Set(values)].sort((a, b) => String(a).localeCompare(String(b)));

/** The vocabulary observed in `tuples` (all references of one game). */
export function vocabularyOf(tuples: readonly PerceptionTuple[]): Vocabulary {
  return { events: sorted(tuples.map((t) => t.event)), who: sorted(tuples.map((t) => t.who)), update: sorted(tuples.map((t) => t.update)), state: sorted(tuples.map((t) => t.state)) };
}

function pick<T>(rng: Prng, values: readonly T[]): T {
  return values[rng.int(values.length)]!;
}

function drawFields(rng: Prng, v: Vocabulary, t: number): PerceptionTuple {
  return { t, event: v.events.length > 0 ? pick(rng, v.events) : 'event', who: v.who.length > 0 ? pick(rng, v.who) : null, update: v.update.length > 0 ? pick(rng, v.update) : null, state: v.state.length > 0 ? pick(rng, v.state) : null };
}

/** `count` random tuples: times uniform on [0, durationS), fields drawn independently from `v`. */
export function randomTuples(rng: Prng, v: Vocabulary, count: number, durationS: number): PerceptionTuple[] {
  return Array.from({ length: count }, () => drawFields(rng, v, Math.round(rng.next() * durationS * 1000) / 1000));
}

/** One random tuple per reference at the reference's time, fields drawn independently from `v`. */
export function setTimeRandomTuples(rng: Prng, v: Vocabulary, refs: readonly PerceptionTuple[]): PerceptionTuple[] {
  return refs.map((r) => drawFields(rng, v, r.t));
}

/** A case's own random stream: the same seed and case id give the same draws. */
export function caseRng(seed: number, caseId: string, stream: number): Prng {
  let h = 2166136261;
  for (const ch of caseId) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return new Prng(seed ^ (h >>> 0), stream);
}
