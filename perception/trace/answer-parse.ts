/**
 * The normalised exact-match parser for QA answers: an answer counts only when exactly one legal answer can be
 * read from it. Multiple choice: an option's number standing alone (`2`, `(2)`, `2)`, `Answer: 2`) or an
 * option's text as whole words; whole numbers: digits or a number word up to twenty. Anything else, or two
 * different readings, is invalid.
 */
import { normaliseAnswer } from './proactive-score.js';
import type { QaQuestion } from './qa-questions.js';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];

/** The one answer read from `text` (an option's number or a whole number, as digits), or undefined when none or several can be. */
export function parseAnswer(question: Pick<QaQuestion, 'options'>, text: string): string | undefined {
  const norm = normaliseAnswer(text);
  const words = norm.split(' ').filter((w) => w.length > 0);
  const found = new Set<string>();
  if (question.options) {
    const count = question.options.length;
    for (const w of words) if (/^\d+$/.test(w) && Number(w) >= 1 && Number(w) <= count) found.add(String(Number(w)));
    for (const [i, option] of question.options.entries()) {
      const o = normaliseAnswer(option);
      if (o.length > 0 && ` ${norm} `.includes(` ${o} `)) found.add(String(i + 1));
    }
  } else {
    for (const w of words) {
      if (/^\d+$/.test(w)) found.add(String(Number(w)));
      const at = NUMBER_WORDS.indexOf(w);
      if (at >= 0) found.add(String(at));
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}
