/** The skill section of the system prompt, bounded by a token cap. */

/** What happened to the configured skill on its way into the prompt. */
export interface SkillInfo {
  /** Approximate tokens of the skill as configured: ceil(chars / 4). */
  readonly tokens: number;
  /** Approximate tokens of the skill as sent. */
  readonly sentTokens: number;
  /** The cap it was held to, tokens. */
  readonly capTokens: number;
  /** True when the skill was longer than the cap and was cut. */
  readonly trimmed: boolean;
  /** The text sent. */
  readonly text: string;
}

/** Approximate token count: ceil(chars / 4), the usual English average; no tokenizer, so any model's count differs. */
export function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Holds a skill to `capTokens` (approximate tokens): a longer skill is cut at `capTokens * 4` characters,
 * back to the last line or word break when one lies in the final fifth, so no word is sent half.
 */
export function boundSkill(skill: string, capTokens: number): SkillInfo {
  const text = skill.trim();
  const tokens = approxTokens(text);
  if (tokens <= capTokens) return { tokens, sentTokens: tokens, capTokens, trimmed: false, text };
  const maxChars = capTokens * 4;
  let cut = text.slice(0, maxChars);
  const endsAtBreak = /\s/.test(text.charAt(maxChars));
  const lineBreak = cut.lastIndexOf('\n');
  const wordBreak = cut.search(/\s\S*$/);
  const breakAt = lineBreak >= maxChars * 0.8 ? lineBreak : wordBreak >= maxChars * 0.8 ? wordBreak : -1;
  if (!endsAtBreak && breakAt > 0) cut = cut.slice(0, breakAt);
  cut = cut.trimEnd();
  return { tokens, sentTokens: approxTokens(cut), capTokens, trimmed: true, text: cut };
}
