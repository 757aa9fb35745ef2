/**
 * Text as the runner's Python reads it: `str.strip()` / `str.split()` whitespace (which is not JavaScript's
 * `\s`: it has U+001C..U+001F and U+0085 and lacks U+FEFF), `str.splitlines()` line boundaries, and the
 * numbers `float()` accepts (signs, `_` between digits, `inf`/`nan` in any case, any Unicode decimal digit).
 */

/** The characters Python's `str.isspace()` is true for, as the inside of a regular-expression class. */
export const PY_WHITESPACE = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const EDGES = new RegExp(`^[${PY_WHITESPACE}]+|[${PY_WHITESPACE}]+$`, 'g');
const RUNS = new RegExp(`[${PY_WHITESPACE}]+`);
/** `str.splitlines()` boundaries: `\r\n` counts once. */
// eslint-disable-next-line no-control-regex -- Python's line boundaries are control characters.
const LINES = new RegExp('\\r\\n|[\\n\\r\\x0b\\x0c\\x1c\\x1d\\x1e\\x85\\u2028\\u2029]');

/** Python's `s.strip()`. */
export function pyStrip(s: string): string {
  return s.replace(EDGES, '');
}

/** Python's `s.split()`: runs of whitespace separate, no empty words. */
export function pySplit(s: string): string[] {
  const t = pyStrip(s);
  return t.length === 0 ? [] : t.split(RUNS);
}

/** Python's `s.splitlines()` (a final boundary gives no extra empty line). */
export function pySplitLines(s: string): string[] {
  const lines = s.split(LINES);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return s.length === 0 ? [] : lines;
}

const DIGIT = /\p{Nd}/u;
const ASCII_NUMBER = /^[+-]?(?:(?:\d(?:_?\d)*)(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

/** The ASCII digit of a Unicode decimal digit: its place in its run of consecutive decimal digits, mod 10. */
function asciiDigit(ch: string): string {
  let cp = ch.codePointAt(0)!;
  let n = 0;
  while (DIGIT.test(String.fromCodePoint(cp - 1))) {
    cp--;
    n++;
  }
  return String(n % 10);
}

/** Python's `float(token)` for one whitespace-free token, or undefined where it raises ValueError. */
export function pyFloat(token: string): number | undefined {
  const t = pyStrip(token);
  const special = SPECIAL.exec(t);
  if (special) return special[2]!.toLowerCase() === 'nan' ? NaN : special[1] === '-' ? -Infinity : Infinity;
  const ascii = [...t].map((ch) => (ch >= '0' && ch <= '9') || !DIGIT.test(ch) ? ch : asciiDigit(ch)).join('');
  if (!ASCII_NUMBER.test(ascii)) return undefined;
  return Number(ascii.replaceAll('_', ''));
}
