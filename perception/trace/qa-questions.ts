/**
 * TRACE QA questions from the game itself: at game time q (every `everyMs`), a question whose answer and
 * evidence time follow exactly from the events, progress and tracked state recorded up to q. Kinds: how many
 * times a player had a critical event so far (a whole number), who leads (multiple choice), which event
 * happened last (multiple choice), the value of a tracked variable (multiple choice over its domain, or a
 * whole number). The evidence time is the earliest time the answer holds from: the last counted event (q
 * itself for a count of zero), the report where the current lead began, the last event, the report where the
 * variable took its value. Deterministic from
 * the record and the seed; a question at q reads nothing after q.
 */
import type { GameEvent } from '../../protocol/index.js';
import { Prng } from '../../protocol/index.js';
import { eventWords, leadStretches, playerLabel, stretches, type StreamRecord } from './stream-record.js';

/** The kinds of question, in the order they take turns. */
export const QA_KINDS = ['count', 'leader', 'last_event', 'state'] as const;
export type QaKind = (typeof QA_KINDS)[number];

/** One question, its reference answer and evidence time. */
export interface QaQuestion {
  readonly id: number;
  readonly kind: QaKind;
  /** Game time the question is asked at, ms. */
  readonly askMs: number;
  /** Game time from which the answer is supported, ms (never after `askMs`). */
  readonly evidenceMs: number;
  readonly text: string;
  /** Multiple choice: the options, numbered 1, 2, ... in this order; absent for a whole-number answer. */
  readonly options?: readonly string[];
  /** The reference: an option's number, or a whole number, as digits. */
  readonly answer: string;
}


/** The record cut at q: events and reports at or before q only. */
export function causalPrefix(record: StreamRecord, q: number): StreamRecord {
  const upTo = <T extends { readonly simMs: number }>(xs: readonly T[]): T[] => xs.filter((x) => x.simMs <= q);
  return { slots: record.slots, vocabulary: record.vocabulary, events: upTo(record.events), progress: upTo(record.progress), tracked: upTo(record.tracked) };
}

function shuffled<T>(items: readonly T[], rng: Prng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function choice(id: number, kind: QaKind, askMs: number, evidenceMs: number, stem: string, options: readonly string[], correct: string, rng: Prng): QaQuestion {
  const order = shuffled(options, rng);
  // Options are numbered, not lettered: players are often named by letters.
  const listed = order.map((o, i) => `${i + 1}) ${o}`).join('\n');
  return { id, kind, askMs, evidenceMs, text: `${stem}\n${listed}\nAnswer with the number of one option only.`, options: order, answer: String(order.indexOf(correct) + 1) };
}

function countQuestion(id: number, q: number, record: StreamRecord, rng: Prng): QaQuestion | undefined {
  const critical = new Set(record.vocabulary.events.map((e) => e.name));
  // A game that declares its critical events is asked about those only.
  const bySlot = record.events.filter((e): e is GameEvent & { slot: number } => e.slot !== undefined && (critical.size === 0 || critical.has(e.name)));
  const names = [...new Set(bySlot.map((e) => e.name))].sort();
  if (names.length === 0) return undefined;
  const name = names[rng.int(names.length)]!;
  const slot = record.slots[rng.int(record.slots.length)]!;
  const counted = bySlot.filter((e) => e.name === name && e.slot === slot);
  const evidenceMs = counted.at(-1)?.simMs ?? q;
  const text = `How many ${eventWords(record.vocabulary, name)} events had ${playerLabel(record.vocabulary, slot)} had by the moment of this question (game time ${(q / 1000).toFixed(1)} s)? Answer with a whole number only.`;
  return { id, kind: 'count', askMs: q, evidenceMs, text, answer: String(counted.length) };
}

function leaderQuestion(id: number, q: number, record: StreamRecord, rng: Prng): QaQuestion | undefined {
  if (record.slots.length < 2) return undefined;
  const current = leadStretches(record, q + 1).at(-1);
  if (!current) return undefined;
  const tie = 'nobody, it is even';
  const options = [...record.slots.map((s) => playerLabel(record.vocabulary, s)), tie];
  return choice(id, 'leader', q, current.startMs, 'Who was leading at the moment of this question?', options, current.value ?? tie, rng);
}

function lastEventQuestion(id: number, q: number, record: StreamRecord, rng: Prng): QaQuestion | undefined {
  const last = record.events.at(-1);
  if (!last) return undefined;
  // Two different events at the same last instant make "the last one" ambiguous.
  if (record.events.some((e) => e.simMs === last.simMs && e.name !== last.name)) return undefined;
  const others = [...new Set(record.events.map((e) => e.name))].filter((n) => n !== last.name).sort();
  if (others.length === 0) return undefined;
  const picked = shuffled(others, rng).slice(0, 3);
  const label = (n: string): string => n.replace(/_/g, ' ');
  return choice(id, 'last_event', q, last.simMs, 'Which of these events happened most recently, before this question?', [label(last.name), ...picked.map(label)], label(last.name), rng);
}

/** A pipe-separated domain (`A | B | even`, `true | false`) as its options, else undefined. */
function domainOptions(domain: string): string[] | undefined {
  const parts = domain.split('|').map((p) => p.trim());
  return parts.length > 1 && parts.every((p) => /^[\w-]+$/.test(p)) ? parts : undefined;
}

function stateQuestion(id: number, q: number, record: StreamRecord, rng: Prng): QaQuestion | undefined {
  const last = record.tracked.at(-1);
  if (!last) return undefined;
  const asked = record.vocabulary.variables.filter((v) => v.update && v.name !== 'lead' && last.tracked[v.name] !== undefined && last.tracked[v.name] !== null);
  if (asked.length === 0) return undefined;
  const variable = asked[rng.int(asked.length)]!;
  const value = last.tracked[variable.name]!;
  const since = stretches(record.tracked, (i) => record.tracked[i]!.tracked[variable.name], q + 1).at(-1)!;
  const stem = `At the moment of this question, what was ${variable.definition} (${variable.name})?`;
  const options = domainOptions(variable.domain);
  if (options && options.includes(String(value))) return choice(id, 'state', q, since.startMs, stem, options, String(value), rng);
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return { id, kind: 'state', askMs: q, evidenceMs: since.startMs, text: `${stem} Answer with a whole number only.`, answer: String(value) };
  return undefined;
}

const MAKERS: Record<QaKind, (id: number, q: number, record: StreamRecord, rng: Prng) => QaQuestion | undefined> = {
  count: countQuestion,
  leader: leaderQuestion,
  last_event: lastEventQuestion,
  state: stateQuestion,
};

/** The question times: every `everyMs` of game time after 0, up to `limitMs`. */
export function questionTimes(everyMs: number, limitMs: number): number[] {
  const out: number[] = [];
  for (let q = everyMs; q <= limitMs; q += everyMs) out.push(q);
  return out;
}

/** Question `index` at q from the record (cut at q here): kinds take turns, the next kind if one has no answer yet. */
export function questionAt(index: number, q: number, record: StreamRecord, seed: number): QaQuestion | undefined {
  const prefix = causalPrefix(record, q);
  for (let k = 0; k < QA_KINDS.length; k++) {
    const kind = QA_KINDS[(index + k) % QA_KINDS.length]!;
    const made = MAKERS[kind](index, q, prefix, new Prng(seed, 1000 + index));
    if (made) return made;
  }
  return undefined;
}
