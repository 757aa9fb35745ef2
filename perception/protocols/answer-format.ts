/**
 * The answer both protocols ask for: one JSON object `{"tuples": [...]}` of perception tuples, its JSON Schema
 * (the same root under both protocols), and the reader that turns a model's text into tuples or says why not.
 */
import { formatIssues } from '../../protocol/index.js';
import { PerceptionTuple, TupleSet } from '../tuple.js';

const nullableString = { type: ['string', 'null'] };

/** The JSON Schema of an answer; its text is sent byte for byte under both protocols. */
export const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['tuples'],
  properties: {
    tuples: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['t', 'event', 'who', 'update', 'state'],
        properties: { t: { type: 'number', minimum: 0 }, event: { type: 'string' }, who: nullableString, update: nullableString, state: nullableString },
      },
    },
  },
} as const;

/** The schema as sent to the model. */
export const ANSWER_SCHEMA_TEXT = JSON.stringify(ANSWER_SCHEMA);

/** What reading an answer gave: its tuples, or the reason it is invalid output. */
export type ReadAnswer = { readonly ok: true; readonly tuples: TupleSet } | { readonly ok: false; readonly reason: string };

function jsonIn(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidates = [text.trim(), fenced?.[1]?.trim()];
  const first = text.search(/[[{]/);
  if (first >= 0) candidates.push(text.slice(first, Math.max(text.lastIndexOf('}'), text.lastIndexOf(']')) + 1));
  for (const c of candidates) {
    if (c === undefined || c.length === 0) continue;
    try {
      return JSON.parse(c) as unknown;
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

/** Reads `{"tuples": [...]}` (or a bare tuple array, or either inside a code fence) from a model's text. */
export function readAnswer(text: string): ReadAnswer {
  const value = jsonIn(text);
  if (value === undefined) return { ok: false, reason: 'no JSON in the answer' };
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null && 'tuples' in value ? value.tuples : undefined;
  if (list === undefined) return { ok: false, reason: 'the answer has no "tuples" array' };
  const parsed = TupleSet.safeParse(list);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `bad tuple${issue ? ` at ${issue.path.join('.')}: ${issue.message}` : ''}` };
  }
  return { ok: true, tuples: parsed.data };
}

/** One tuple checked on its own (the agentic `write_answer` tool reports each bad one). */
export function checkTuple(value: unknown): PerceptionTuple | string {
  const parsed = PerceptionTuple.safeParse(value);
  return parsed.success ? parsed.data : formatIssues(parsed.error, '(tuple)');
}
