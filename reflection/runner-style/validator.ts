/**
 * The runner style's skill validator: a second model, called when the reflector asks (`validate_skill`), judges
 * a draft skill against the round's context and answers with a report ending in a verdict, `ok` or
 * `needs_revision`. As in the benchmark's runner the verdict is advice returned to the reflector; it is recorded.
 */
import { createHash } from 'node:crypto';
import type OpenAI from 'openai';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import type { ReflectorClient } from '../reflector.js';
import type { DiagnosisRecord, ValidationRecord, Verdict } from './record.js';

/** The validator's instructions (our wording of what the runner's judge checks). */
export const VALIDATOR_SYSTEM_PROMPT = [
  'You review a draft skill that a reflector wrote for a player model in an Improvement Dynamics Curve. You judge it; you do not rewrite it.',
  'Check four things:',
  '1. No memorised level: the skill must not name particular features, places, orders or positions of this map (the third gap, the platform near the start, the station in the corner), nor particular score values. Rules about what the player sees (a target above the eyeline, a gap that looks wide) are fine.',
  '2. No exact action recipes: no literal key sequences, step counts or step numbers; rules describe kinds of response.',
  '3. It matches the diagnosis: what the diagnosis says it deletes is gone, what it says it adds is there, and nothing else changed without a reason.',
  '4. Every high-severity lint is answered.',
  "Answer in markdown: a section '## Issues found' (or 'none'), then a last line 'Verdict: ok' or 'Verdict: needs_revision'.",
].join('\n');

/** The verdict a report ends with: its last `Verdict: ...` line; `unclear` when there is none. */
export function parseVerdict(report: string): Verdict {
  const found = [...report.matchAll(/verdict\W{0,6}(ok|needs[\s_-]?revision)\b/gi)].pop();
  if (found === undefined) return 'unclear';
  return found[1]!.toLowerCase() === 'ok' ? 'ok' : 'needs_revision';
}

/** What one judgement is given. */
export interface ValidationRequest {
  readonly skill: string;
  readonly notebook: string;
  /** The skill the reflection revises. */
  readonly skillIn: string;
  readonly diagnosis: DiagnosisRecord | undefined;
  readonly lints: string;
}

/** The judge's user message. */
export function validatorMessage(req: ValidationRequest, call: number, cap: number): string {
  const block = (title: string, text: string): string => `## ${title}\n\`\`\`\n${text}\n\`\`\``;
  return [
    `Validation request ${call} of at most ${cap}.`,
    block('Draft skill', req.skill),
    ...(req.notebook.trim().length > 0 ? [block('Draft notebook', req.notebook)] : []),
    block('Skill being revised', req.skillIn.trim().length > 0 ? req.skillIn : '(empty)'),
    ...(req.diagnosis ? [block('Latest diagnosis', JSON.stringify(req.diagnosis, null, 2))] : ['## Latest diagnosis\n(none given yet)']),
    `## Pre-reflection lints\n${req.lints}`,
    'Apply the four checks and end with the verdict line.',
  ].join('\n\n');
}

/** How the validator is called. */
export interface ValidatorCall {
  readonly client: ReflectorClient;
  readonly model: string;
  readonly temperature: number | null;
  readonly maxOutputTokens: number | null;
  readonly signal: AbortSignal | undefined;
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Asks the validator once. A failed call is recorded as `error` and told to the reflector as advice to go on
 * without it (as the runner does); an abort throws ABORTED.
 */
export async function validateSkill(req: ValidationRequest, call: number, cap: number, how: ValidatorCall): Promise<{ record: ValidationRecord; text: string }> {
  const body: Record<string, unknown> = {
    model: how.model,
    messages: [
      { role: 'system', content: VALIDATOR_SYSTEM_PROMPT },
      { role: 'user', content: validatorMessage(req, call, cap) },
    ],
  };
  if (how.temperature !== null) body['temperature'] = how.temperature;
  if (how.maxOutputTokens !== null) body['max_completion_tokens'] = how.maxOutputTokens;
  const base = { call, model: how.model, draftSha256: digest(req.skill) };
  let report: string;
  try {
    const response = await how.client.chat.completions.create(body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, { signal: how.signal ?? null });
    report = (response.choices?.[0]?.message?.content ?? '').trim();
  } catch (err) {
    if (how.signal?.aborted) throw new ArenaError(ErrorCode.ABORTED, 'the reflection was aborted', { cause: err });
    const message = err instanceof Error ? err.message : String(err);
    return { record: { ...base, verdict: 'error', report: message.slice(0, 4000) }, text: `validate_skill failed (${message.slice(0, 300)}); go on without this validation: the verdict is advice.` };
  }
  if (report.length === 0) return { record: { ...base, verdict: 'unclear', report: '' }, text: 'The validator answered with nothing; go on at your own judgement.' };
  const verdict = parseVerdict(report);
  return { record: { ...base, verdict, report: report.slice(0, 4000) }, text: `validator report (call ${call} of ${cap}, verdict ${verdict}):\n${report}` };
}
