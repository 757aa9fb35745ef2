/**
 * One reflection: a tool-using model over chat completions (function calling, non-streaming) inspects the
 * round it is given and submits the next skill. The harness answers every tool call, holds the model to its
 * inspection budget and submission retries, lints each submission, and writes the whole exchange to a
 * transcript. Provider failures throw (the curve stops and can be resumed); running out of budget does not.
 */
import { appendFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type OpenAI from 'openai';
import { ArenaError, ErrorCode, isContextOverflow } from '../protocol/index.js';
import type { KeepReason, ReflectionRecord } from './curve-state.js';
import { lintSubmission, LintCode, type LintIssue, type Submission } from './lints.js';
import { NUDGE, reflectorOpening, reflectorSystemPrompt } from './reflector-prompt.js';
import { parseSubmission, runInspectionTool, toolDefinitions, toolError, ToolName, type ReflectionInput, type ShownFrame, type ToolResult } from './reflector-tools.js';

type Message = OpenAI.Chat.ChatCompletionMessageParam;

/** The part of an OpenAI client the reflector uses: non-streaming chat completions. An `OpenAI` instance fits. */
export interface ReflectorClient {
  readonly chat: {
    readonly completions: {
      create(body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, options?: { signal?: AbortSignal | null }): PromiseLike<OpenAI.Chat.ChatCompletion>;
    };
  };
}

/**
 * What a curve style adds to a reflection (the runner style's diagnosis and validator tools): tools beside the
 * fixed surface, each answered by `call` and not counted against the inspection budget, a check that may refuse
 * a submit before its lints (without using up a submission), and text after the system prompt and the opening.
 */
export interface ReflectionHooks {
  readonly tools: readonly OpenAI.Chat.ChatCompletionFunctionTool[];
  /** Answers a call of one of `tools`. */
  call(name: string, args: string): Promise<ToolResult>;
  /**
   * An issue that refuses a submit before it is linted; undefined lets it through. A pure check: it is also asked
   * when choosing whether a submit can be forced.
   */
  beforeSubmit?(): LintIssue | undefined;
  /** Told of each submit that `beforeSubmit` refused. */
  submitBlocked?(): void;
  readonly system?: string;
  readonly opening?: string;
  /** Turns allowed beyond the base bound, for the hooks' own calls. */
  readonly extraTurns?: number;
}

/** What a reflection produced: the accepted submission (trimmed), or none, and the record of how it went. */
export interface ReflectionResult {
  readonly submission: Submission | undefined;
  readonly record: Omit<ReflectionRecord, 'afterRound' | 'baseRound'>;
}

function providerError(err: unknown, signal: AbortSignal | undefined): ArenaError {
  if (signal?.aborted || err instanceof APIUserAbortError) return new ArenaError(ErrorCode.ABORTED, 'the reflection was aborted', { cause: err });
  if (err instanceof APIConnectionTimeoutError) return new ArenaError(ErrorCode.PROVIDER_TIMEOUT, `reflector call timed out: ${err.message}`, { cause: err });
  if (err instanceof APIError) {
    const status = typeof err.status === 'number' ? err.status : undefined;
    return new ArenaError(ErrorCode.PROVIDER_ERROR, `reflector call failed${status === undefined ? '' : ` (HTTP ${status})`}: ${err.message}`, { cause: err, ...(status === undefined ? {} : { details: { status } }) });
  }
  return new ArenaError(ErrorCode.PROVIDER_ERROR, `reflector call failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}

/** Appends transcript lines; a transcript left by an interrupted reflection is kept as `.interrupted`. */
class Transcript {
  constructor(private readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    if (existsSync(path)) renameSync(path, `${path}.interrupted`);
  }

  write(line: Record<string, unknown>): void {
    appendFileSync(this.path, `${JSON.stringify({ at: new Date().toISOString(), ...line })}\n`);
  }
}

/** Told to the reflector when its conversation no longer fit the model's context and was cut back to the opening. */
const CONTEXT_NOTE = 'Your earlier inspections no longer fit the context and were dropped. Inspect sparingly (few frames) and submit.';

function truncatedNote(cap: number | null): string {
  return `Your last answer was cut off at the output limit${cap === null ? '' : ` of ${cap} tokens`} and was dropped. Answer shorter: call one tool, or submit.`;
}

function framesMessage(frames: readonly ShownFrame[]): OpenAI.Chat.ChatCompletionContentPart[] {
  const content: OpenAI.Chat.ChatCompletionContentPart[] = [{ type: 'text', text: `Frames you asked for (${frames.length}):` }];
  frames.forEach((f) => {
    content.push({ type: 'text', text: `Episode ${f.episode}, slot ${f.slot}, decision step ${f.step} (t=${f.t.toFixed(2)} s):` });
    content.push({ type: 'image_url', image_url: { url: f.dataUrl } });
  });
  return content;
}

/**
 * The tools offered and the choice asked for. A forced submit offers the submit tool alone with `required`:
 * the string every OpenAI-compatible server takes (llama.cpp refuses an object naming the function, "type must
 * be string", and then forces nothing). A submit its hook would refuse cannot be forced: then any tool is
 * required, the hook's own fix among them.
 */
function toolChoice(tools: readonly OpenAI.Chat.ChatCompletionFunctionTool[], forceSubmit: boolean, hooks: ReflectionHooks | undefined): { tools: OpenAI.Chat.ChatCompletionFunctionTool[]; tool_choice: 'auto' | 'required' } {
  if (!forceSubmit) return { tools: [...tools], tool_choice: 'auto' };
  if (hooks?.beforeSubmit?.() !== undefined) return { tools: [...tools], tool_choice: 'required' };
  return { tools: tools.filter((t) => t.function.name === ToolName.SUBMIT), tool_choice: 'required' };
}

/**
 * Adds a user message, merged into the one before it when that is a user message too (after a dropped
 * assistant turn, a frames message or the opening): some chat templates refuse two user turns in a row.
 */
export function pushUser(messages: Message[], content: string | OpenAI.Chat.ChatCompletionContentPart[]): void {
  const last = messages.at(-1);
  if (last?.role !== 'user') {
    messages.push({ role: 'user', content });
    return;
  }
  const parts = (c: typeof last.content): OpenAI.Chat.ChatCompletionContentPart[] => (typeof c === 'string' ? [{ type: 'text', text: c }] : [...c]);
  messages[messages.length - 1] = typeof last.content === 'string' && typeof content === 'string' ? { role: 'user', content: `${last.content}\n\n${content}` } : { role: 'user', content: [...parts(last.content), ...parts(content)] };
}

function issuesResult(issues: readonly LintIssue[], left: number): ToolResult {
  return { text: JSON.stringify({ accepted: false, issues: issues.map((i) => ({ code: i.code, message: i.message })), submissionsLeft: left, note: left > 0 ? 'fix every issue and call submit again' : 'no submissions left; the previous skill is kept' }) };
}

/**
 * Runs one reflection over `input` with `client`, writing the transcript to `transcriptPath`. Returns the
 * accepted submission, or none with the reason the previous skill is kept. Throws PROVIDER_ERROR,
 * PROVIDER_TIMEOUT or ABORTED when a call fails or `signal` aborts.
 */
export async function runReflection(input: ReflectionInput, client: ReflectorClient, transcriptPath: string, signal?: AbortSignal, hooks?: ReflectionHooks): Promise<ReflectionResult> {
  const started = performance.now();
  const rs = input.settings.reflector;
  const transcript = new Transcript(transcriptPath);
  const tools = [...toolDefinitions(input.settings), ...(hooks?.tools ?? [])];
  const hookTools = new Set((hooks?.tools ?? []).map((t) => t.function.name));
  const withHook = (base: string, extra: string | undefined): string => (extra === undefined ? base : `${base}\n\n${extra}`);
  const messages: Message[] = [
    { role: 'system', content: withHook(reflectorSystemPrompt(input), hooks?.system) },
    { role: 'user', content: withHook(reflectorOpening(input), hooks?.opening) },
  ];
  transcript.write({ kind: 'system', content: messages[0]!.content });
  transcript.write({ kind: 'user', content: messages[1]!.content });
  let toolCalls = 0;
  let refusedCalls = 0;
  let submissions = 0;
  let tokensIn = 0;
  let tokensOut = 0;
  let turns = 0;
  let truncatedTurns = 0;
  let contextRetried = false;
  const rejections: string[][] = [];
  let accepted: Submission | undefined;
  let keepReason: KeepReason | undefined;
  // Every turn makes at least one call or is a nudge, so this bounds the conversation whatever the model does.
  const maxTurns = rs.maxToolCalls + rs.maxSubmissions + 3 + (hooks?.extraTurns ?? 0);

  while (accepted === undefined && keepReason === undefined && turns < maxTurns) {
    if (signal?.aborted) throw new ArenaError(ErrorCode.ABORTED, 'the reflection was aborted', { cause: signal.reason });
    turns++;
    const forceSubmit = toolCalls >= rs.maxToolCalls;
    const body: Record<string, unknown> = { ...rs.extraBody, model: rs.model, messages, ...toolChoice(tools, forceSubmit, hooks) };
    if (rs.temperature !== null) body['temperature'] = rs.temperature;
    if (rs.maxOutputTokens !== null) body['max_completion_tokens'] = rs.maxOutputTokens;
    let response: OpenAI.Chat.ChatCompletion;
    // Each call gets its own signal tied to the caller's, so listeners a client leaves on it die with the call
    // instead of piling up on a signal that lives as long as the whole curve.
    const perCall = new AbortController();
    const onAbort = (): void => perCall.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      // extraBody may carry fields this client's types do not know; they go out as written.
      response = await client.chat.completions.create(body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, { signal: perCall.signal });
    } catch (err) {
      transcript.write({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
      const failure = providerError(err, signal);
      // A conversation grown past the model's context is retried once from its opening, the inspections dropped.
      if (!contextRetried && isContextOverflow(failure) && messages.length > 2) {
        contextRetried = true;
        messages.splice(2, messages.length - 2);
        pushUser(messages, CONTEXT_NOTE);
        transcript.write({ kind: 'user', content: CONTEXT_NOTE, contextOverflow: true });
        continue;
      }
      throw failure;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    if (!Array.isArray(response.choices) || response.choices.length === 0) {
      const text = JSON.stringify((response as { error?: unknown }).error ?? response).slice(0, 300);
      transcript.write({ kind: 'error', message: `no choices in the reply: ${text}` });
      throw new ArenaError(ErrorCode.PROVIDER_ERROR, `reflector call answered without a choice: ${text}`);
    }
    tokensIn += response.usage?.prompt_tokens ?? 0;
    tokensOut += response.usage?.completion_tokens ?? 0;
    const message = response.choices[0]?.message;
    const calls = message?.tool_calls ?? [];
    const content = message?.content ?? '';
    const finishReason = response.choices[0]?.finish_reason;
    if (finishReason === 'length') {
      // A turn the output cap cut off (its tool arguments too) stays out of the conversation.
      truncatedTurns++;
      transcript.write({ kind: 'assistant', turn: turns, forceSubmit, content, finishReason, dropped: true, usage: response.usage ?? null });
      const note = truncatedNote(rs.maxOutputTokens);
      pushUser(messages, note);
      transcript.write({ kind: 'user', content: note });
      continue;
    }
    messages.push(calls.length > 0 ? { role: 'assistant', content: content.length > 0 ? content : null, tool_calls: calls } : { role: 'assistant', content });
    transcript.write({ kind: 'assistant', turn: turns, forceSubmit, content, toolCalls: calls.map((c) => (c.type === 'function' ? { id: c.id, name: c.function.name, arguments: c.function.arguments } : { id: c.id, type: c.type })), finishReason: finishReason ?? null, usage: response.usage ?? null });
    if (calls.length === 0) {
      pushUser(messages, NUDGE);
      transcript.write({ kind: 'user', content: NUDGE });
      continue;
    }
    const frames: ShownFrame[] = [];
    for (const call of calls) {
      if (accepted !== undefined || keepReason !== undefined) break;
      const name = call.type === 'function' ? call.function.name : call.type;
      const args = call.type === 'function' ? call.function.arguments : '';
      let result: ToolResult;
      let refused = false;
      const blocked = name === ToolName.SUBMIT ? hooks?.beforeSubmit?.() : undefined;
      if (blocked !== undefined) {
        // Refused before its lints (the runner style's diagnosis-first rule): no submission is used up.
        hooks?.submitBlocked?.();
        result = issuesResult([blocked], rs.maxSubmissions - submissions);
        transcript.write({ kind: 'submission', id: call.id, accepted: false, blocked: true, issues: [{ code: blocked.code }] });
      } else if (name === ToolName.SUBMIT) {
        submissions++;
        const parsed = parseSubmission(args);
        const issues: LintIssue[] = parsed.ok ? lintSubmission(parsed.submission, input.settings, input.countTokens) : [{ code: LintCode.BAD_ARGUMENTS, message: parsed.message }];
        if (parsed.ok && issues.length === 0) {
          accepted = { skill: parsed.submission.skill.trim(), notebook: parsed.submission.notebook.trim(), diagnosis: parsed.submission.diagnosis.trim() };
          result = { text: JSON.stringify({ accepted: true, skillTokens: input.countTokens(accepted.skill), notebookTokens: input.countTokens(accepted.notebook) }) };
        } else {
          rejections.push(issues.map((i) => i.code));
          const left = rs.maxSubmissions - submissions;
          result = issuesResult(issues, left);
          if (left <= 0) keepReason = 'SUBMISSIONS_EXHAUSTED';
        }
        transcript.write({ kind: 'submission', id: call.id, accepted: accepted !== undefined, issues: parsed.ok ? issues : [{ code: LintCode.BAD_ARGUMENTS }] });
      } else if (hookTools.has(name)) {
        result = await hooks!.call(name, args);
      } else if (toolCalls >= rs.maxToolCalls) {
        refusedCalls++;
        refused = true;
        result = toolError('TOOL_BUDGET_EXHAUSTED', `the ${rs.maxToolCalls} inspection calls of this reflection are spent; only submit is accepted now`);
      } else {
        toolCalls++;
        // A tool that fails on a damaged record answers with the failure; the reflection goes on without it.
        result = await runInspectionTool(name, args, input).catch((err: unknown) => toolError('TOOL_FAILED', err instanceof Error ? err.message : String(err)));
        frames.push(...(result.frames ?? []));
      }
      messages.push({ role: 'tool', tool_call_id: call.id, content: result.text });
      transcript.write({ kind: 'tool', id: call.id, name, arguments: args, refused, result: result.text, ...(result.frames ? { frames: result.frames.map((f) => f.file) } : {}) });
    }
    if (accepted === undefined && keepReason === undefined && frames.length > 0) {
      pushUser(messages, framesMessage(frames));
      transcript.write({ kind: 'user', content: `${frames.length} frame image(s)`, frames: frames.map((f) => ({ episode: f.episode, step: f.step, file: f.file })) });
    }
  }
  if (accepted === undefined && keepReason === undefined) keepReason = toolCalls >= rs.maxToolCalls ? 'TOOL_BUDGET_EXHAUSTED' : 'NO_SUBMISSION';
  const record = {
    outcome: accepted ? ('accepted' as const) : ('kept' as const),
    ...(keepReason === undefined ? {} : { keepReason }),
    turns,
    toolCalls,
    refusedCalls,
    submissions,
    rejections,
    tokensIn,
    tokensOut,
    wallMs: Math.round(performance.now() - started),
  };
  transcript.write({ kind: 'end', ...record, truncatedTurns, contextRetried });
  return { submission: accepted, record };
}
