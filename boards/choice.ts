/** Question answering: a question's options shuffled into A-D, and the strict reading of a one-letter answer. */
import { ACTION_END, ACTION_START, type Prng } from '../protocol/index.js';
import type { BoardQuestion } from '../games/index.js';

export const LETTERS = ['A', 'B', 'C', 'D'] as const;

/** A question ready to ask: its text with lettered options and the right letter. */
export interface Choice {
  readonly text: string;
  readonly options: readonly string[];
  readonly answer: (typeof LETTERS)[number];
}

/** Four distinct options (the right one and three wrong), shuffled by `rng`. */
export function toChoice(q: BoardQuestion, rng: Prng): Choice {
  const wrong = [...new Set(q.wrong.filter((w) => w !== q.answer))].slice(0, 3);
  if (wrong.length < 3) throw new RangeError(`question '${q.question}' has fewer than three distinct wrong answers`);
  const options = [q.answer, ...wrong];
  for (let i = options.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [options[i], options[j]] = [options[j]!, options[i]!];
  }
  const text = `${q.question}\n${options.map((o, i) => `${LETTERS[i]}. ${o}`).join('\n')}`;
  return { text, options, answer: LETTERS[options.indexOf(q.answer)]! };
}

/** The letter of an answer: exactly one of A-D in the last action block; undefined for anything else. */
export function readLetter(answer: string): string | undefined {
  const end = answer.lastIndexOf(ACTION_END);
  const start = end >= 0 ? answer.lastIndexOf(ACTION_START, end) : -1;
  if (start < 0) return undefined;
  const token = answer.slice(start + ACTION_START.length, end).trim().toUpperCase();
  return (LETTERS as readonly string[]).includes(token) ? token : undefined;
}
