/**
 * Bounds and lints a reflector's submission must pass, enforced by the harness: token caps on the skill,
 * notebook and diagnosis, a non-empty skill, and no banned map-memorising pattern in the skill (and in the
 * notebook when asked). Each problem is reported with a stable code so the reflector can fix it.
 */
import type { BannedPattern, CurveSettings } from './curve-settings.js';

/** Why a submission was rejected. Codes are stable; messages are for the reflector and may change. */
export const LintCode = {
  SKILL_TOO_LONG: 'SKILL_TOO_LONG',
  NOTEBOOK_TOO_LONG: 'NOTEBOOK_TOO_LONG',
  DIAGNOSIS_TOO_LONG: 'DIAGNOSIS_TOO_LONG',
  EMPTY_SKILL: 'EMPTY_SKILL',
  BANNED_PATTERN: 'BANNED_PATTERN',
  BAD_ARGUMENTS: 'BAD_ARGUMENTS',
  /** The runner style: a submit before any submit_diagnosis call. */
  DIAGNOSIS_REQUIRED: 'DIAGNOSIS_REQUIRED',
} as const;
export type LintCode = (typeof LintCode)[keyof typeof LintCode];

/** One problem with a submission. */
export interface LintIssue {
  readonly code: LintCode;
  readonly message: string;
  /** The banned pattern's id, for BANNED_PATTERN. */
  readonly patternId?: string;
  /** The text that matched, for BANNED_PATTERN. */
  readonly match?: string;
}

/** What the reflector submits: the next skill, its experience notebook and a short diagnosis. */
export interface Submission {
  readonly skill: string;
  readonly notebook: string;
  readonly diagnosis: string;
}

/** Counts tokens of a text; the CLI passes the agents' `approxTokens` (ceil(chars / 4)). */
export type TokenCounter = (text: string) => number;

/** The bounds and patterns one check applies (a subset of the curve settings). */
export type LintSettings = Pick<CurveSettings, 'skillTokens' | 'notebookTokens' | 'diagnosisTokens' | 'banned' | 'lintNotebook'>;

function bannedIn(text: string, where: 'skill' | 'notebook', patterns: readonly BannedPattern[]): LintIssue[] {
  const issues: LintIssue[] = [];
  for (const p of patterns) {
    const match = new RegExp(p.pattern, p.flags.replace(/g/g, '')).exec(text);
    if (match) {
      issues.push({ code: LintCode.BANNED_PATTERN, patternId: p.id, match: match[0], message: `the ${where} contains "${match[0]}" (${p.id}): ${p.description}` });
    }
  }
  return issues;
}

/** Every problem with a submission; an empty list means it is accepted. */
export function lintSubmission(submission: Submission, settings: LintSettings, countTokens: TokenCounter): LintIssue[] {
  const issues: LintIssue[] = [];
  const skill = submission.skill.trim();
  if (skill.length === 0) issues.push({ code: LintCode.EMPTY_SKILL, message: 'the skill is empty; after round 0 every round plays a non-empty skill' });
  const sizes = [
    ['skill', submission.skill, settings.skillTokens, LintCode.SKILL_TOO_LONG],
    ['notebook', submission.notebook, settings.notebookTokens, LintCode.NOTEBOOK_TOO_LONG],
    ['diagnosis', submission.diagnosis, settings.diagnosisTokens, LintCode.DIAGNOSIS_TOO_LONG],
  ] as const;
  for (const [name, text, cap, code] of sizes) {
    const tokens = countTokens(text.trim());
    if (tokens > cap) issues.push({ code, message: `the ${name} is ${tokens} tokens; the cap is ${cap}: shorten it by at least ${tokens - cap}` });
  }
  issues.push(...bannedIn(submission.skill, 'skill', settings.banned));
  if (settings.lintNotebook) issues.push(...bannedIn(submission.notebook, 'notebook', settings.banned));
  return issues;
}
