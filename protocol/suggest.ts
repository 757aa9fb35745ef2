/** "Did you mean": the nearest known name to a mistyped one, by edit distance (flags, commands, spec keys, games, agents). */

/** The Levenshtein distance between two strings (insertions, deletions and substitutions of one character). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known name closest to `typed`, or undefined when none is near: within half the typed length (at least 2)
 * edits, or one name containing the other (`max-steps` -> `steps`). Ties go to the earlier name.
 */
export function suggest(typed: string, known: readonly string[]): string | undefined {
  let best: { name: string; score: number } | undefined;
  for (const name of known) {
    const contains = name.length > 1 && (typed.includes(name) || name.includes(typed));
    const d = editDistance(typed, name);
    const near = d <= Math.max(2, Math.floor(typed.length / 2));
    if (!contains && !near) continue;
    const score = contains ? Math.min(d, typed.length) - 0.5 : d;
    if (!best || score < best.score) best = { name, score };
  }
  return best?.name;
}

/** `; did you mean 'X'?` for a mistyped name, or nothing when no known name is near. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const near = suggest(typed, known);
  return near === undefined || near === typed ? '' : `; did you mean '${near}'?`;
}
