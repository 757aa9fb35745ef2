/** Word lists for help texts and errors. */

/** `a, b or c` (`a` alone, `a or b`): the alternatives of a help text or an error, in order. */
export function orList(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]!}`;
}
