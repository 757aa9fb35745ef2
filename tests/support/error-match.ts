/** Matching a thrown error by its stable code and its message, for `rejects.toSatisfy`. */

/** Whether `e` is an error with `code` whose message contains `text` (a substring) or matches it (a pattern). */
export function isError(e: unknown, code: string, text: string | RegExp): boolean {
  if (!(e instanceof Error) || (e as { code?: unknown }).code !== code) return false;
  return typeof text === 'string' ? e.message.includes(text) : text.test(e.message);
}
