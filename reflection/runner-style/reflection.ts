/**
 * A reflection in the benchmark runner's style: the round's pre-reflection lints open it, the reflector must
 * call `submit_diagnosis` before `submit` (a submit without one is refused and asked again), may ask the
 * validator about drafts with `validate_skill`, and a reflection that submits no skill is run once more before
 * the previous skill is kept. Built on `runReflection` through its hooks.
 */
import type OpenAI from 'openai';
import { z } from 'zod';
import { LintCode, type Submission } from '../lints.js';
import { runReflection, type ReflectionHooks, type ReflectionResult, type ReflectorClient } from '../reflector.js';
import { parseArgs, toolError, type ReflectionInput, type ToolResult } from '../reflector-tools.js';
import { lintsText, type RunnerLint } from './lints.js';
import type { DiagnosisRecord, RunnerReflectionRecord, ValidationRecord } from './record.js';
import { validateSkill } from './validator.js';

/** Names of the runner style's own reflector tools. */
export const RunnerToolName = { SUBMIT_DIAGNOSIS: 'submit_diagnosis', VALIDATE_SKILL: 'validate_skill' } as const;

const DiagnosisArgs = z.looseObject({
  diagnosis: z.string().min(1),
  deletions: z.array(z.string()),
  additions: z.array(z.string()).default([]),
  referenced_signals: z.array(z.string()).default([]),
});
const ValidateArgs = z.looseObject({ skill: z.string(), notebook: z.string().default('') });

const fn = (name: string, description: string, parameters: Record<string, unknown>): OpenAI.Chat.ChatCompletionFunctionTool => ({ type: 'function', function: { name, description, parameters } });

/** The two tools' definitions. */
export function runnerTools(maxValidateCalls: number): OpenAI.Chat.ChatCompletionFunctionTool[] {
  const list = { type: 'array', items: { type: 'string' } };
  return [
    fn(RunnerToolName.SUBMIT_DIAGNOSIS, 'Required before submit: say what decided this round and list the changes you will make. Does not end the reflection.', {
      type: 'object',
      properties: {
        diagnosis: { type: 'string', description: '1-3 sentences: what made this round succeed or fail' },
        deletions: { ...list, description: 'bullets of the skill being revised that you will delete (may be empty)' },
        additions: { ...list, description: 'topics of bullets you will add' },
        referenced_signals: { ...list, description: 'ids of the pre-reflection lints your plan answers' },
      },
      required: ['diagnosis', 'deletions'],
      additionalProperties: false,
    }),
    fn(RunnerToolName.VALIDATE_SKILL, `Optional: a separate judge reviews a draft skill (and notebook) and answers with its issues and a verdict, ok or needs_revision. At most ${maxValidateCalls} calls per reflection.`, {
      type: 'object',
      properties: { skill: { type: 'string', description: 'the draft skill' }, notebook: { type: 'string', description: 'the draft notebook, if it changes' } },
      required: ['skill'],
      additionalProperties: false,
    }),
  ];
}

/** The diagnosis as `diagnosis.md` holds it, when the submit's own diagnosis is empty. */
export function diagnosisText(d: DiagnosisRecord): string {
  const list = (title: string, xs: readonly string[]): string[] => (xs.length === 0 ? [] : [`${title}:`, ...xs.map((x) => `- ${x}`)]);
  return [d.diagnosis, ...list('Deletions', d.deletions), ...list('Additions', d.additions), ...list('Lints answered', d.referencedSignals)].join('\n');
}

/** The result of a runner-style reflection: the base result and the style's record. */
export interface RunnerReflectionResult extends ReflectionResult {
  readonly runner: RunnerReflectionRecord;
}

/** The hooks of one attempt, collecting into `diagnoses` and `validations`. */
function attemptHooks(input: ReflectionInput, client: ReflectorClient, lints: string, attempt: number, signal: AbortSignal | undefined, seen: { diagnoses: DiagnosisRecord[]; validations: ValidationRecord[]; blocked: number }): ReflectionHooks {
  const rs = input.settings.reflector;
  const style = input.settings.runner!;
  const own: DiagnosisRecord[] = [];
  let validateCalls = 0;
  const call = async (name: string, raw: string): Promise<ToolResult> => {
    if (name === RunnerToolName.SUBMIT_DIAGNOSIS) {
      const args = parseArgs(raw, DiagnosisArgs);
      if (!args.ok) return toolError('BAD_ARGUMENTS', args.message);
      const d: DiagnosisRecord = { diagnosis: args.value.diagnosis.trim(), deletions: args.value.deletions, additions: args.value.additions, referencedSignals: args.value.referenced_signals };
      own.push(d);
      seen.diagnoses.push(d);
      return { text: JSON.stringify({ recorded: true, diagnoses: own.length, note: 'now write the skill and call submit (validate_skill first if you want a second opinion)' }) };
    }
    const args = parseArgs(raw, ValidateArgs);
    if (!args.ok) return toolError('BAD_ARGUMENTS', args.message);
    if (args.value.skill.trim().length === 0) return toolError('EMPTY_SKILL', 'validate_skill needs the draft skill');
    validateCalls++;
    const model = style.validatorModel ?? rs.model;
    if (validateCalls > style.maxValidateCalls) {
      seen.validations.push({ call: validateCalls, verdict: 'budget', model, draftSha256: '', report: '' });
      return toolError('VALIDATE_BUDGET_EXHAUSTED', `the ${style.maxValidateCalls} validator calls of this reflection are spent; fix what you still see yourself and call submit`);
    }
    const { record, text } = await validateSkill(
      { skill: args.value.skill, notebook: args.value.notebook, skillIn: input.base.skill, diagnosis: own.at(-1), lints },
      validateCalls,
      style.maxValidateCalls,
      { client, model, temperature: style.validatorTemperature, maxOutputTokens: rs.maxOutputTokens, signal },
    );
    seen.validations.push(record);
    return { text };
  };
  return {
    tools: runnerTools(style.maxValidateCalls),
    call,
    beforeSubmit: () => (own.length > 0 ? undefined : { code: LintCode.DIAGNOSIS_REQUIRED, message: 'call submit_diagnosis first (what decided the round, what you delete and add), then call submit again' }),
    submitBlocked: () => void seen.blocked++,
    system:
      "This curve runs in the benchmark runner's style. Before submit you must call submit_diagnosis; a submit without it is refused. " +
      `validate_skill asks a separate judge about a draft (at most ${style.maxValidateCalls} times); its verdict is advice. Neither counts against the inspection budget.`,
    opening: attempt === 1 ? lints : `${lints}\nYour previous reflection on this round ended without a skill. Diagnose, then submit a skill this time.`,
    extraTurns: style.maxValidateCalls + rs.maxSubmissions + 4,
  };
}

/** Sums the records of several attempts into one. */
function merged(results: readonly ReflectionResult[]): ReflectionResult['record'] {
  const last = results.at(-1)!.record;
  const sum = (f: (r: ReflectionResult['record']) => number): number => results.reduce((s, r) => s + f(r.record), 0);
  return { ...last, turns: sum((r) => r.turns), toolCalls: sum((r) => r.toolCalls), refusedCalls: sum((r) => r.refusedCalls), submissions: sum((r) => r.submissions), rejections: results.flatMap((r) => r.record.rejections), tokensIn: sum((r) => r.tokensIn), tokensOut: sum((r) => r.tokensOut), wallMs: sum((r) => r.wallMs) };
}

/**
 * Runs the reflection in the runner's style with `lints` (computed on the round reflected on); `transcript(n)` is
 * the path of attempt n's transcript. The accepted submission's diagnosis is the submit's own, else the last
 * `submit_diagnosis`.
 */
export async function runnerReflection(input: ReflectionInput, client: ReflectorClient, lints: readonly RunnerLint[], transcript: (attempt: number) => string, signal?: AbortSignal): Promise<RunnerReflectionResult> {
  const attempts = input.settings.runner!.reflectionAttempts;
  const seen = { diagnoses: [] as DiagnosisRecord[], validations: [] as ValidationRecord[], blocked: 0 };
  const text = lintsText(input.round, lints);
  const results: ReflectionResult[] = [];
  let submission: Submission | undefined;
  for (let attempt = 1; attempt <= attempts && submission === undefined; attempt++) {
    const result = await runReflection(input, client, transcript(attempt), signal, attemptHooks(input, client, text, attempt, signal, seen));
    results.push(result);
    submission = result.submission;
  }
  const last = seen.diagnoses.at(-1);
  const withDiagnosis = submission && submission.diagnosis.length === 0 && last ? { ...submission, diagnosis: diagnosisText(last) } : submission;
  return {
    submission: withDiagnosis,
    record: merged(results),
    runner: { lints: lints.map((l) => ({ ...l, detail: { ...l.detail } as Record<string, number | number[]> })), diagnoses: seen.diagnoses, blockedSubmits: seen.blocked, validations: seen.validations, attempts: results.length },
  };
}
