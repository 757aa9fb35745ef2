/**
 * The agentic protocol: a multi-turn loop over the OpenAI tools API on a sandbox holding the full video, the task
 * and answer.json, under a turn cap (default 200) and a wall-clock cap (default 7200 s). Every tool call is
 * recorded; what answer.json holds at the end is the answer.
 */
import { readFileSync } from 'node:fs';
import type OpenAI from 'openai';
import { callProvider, type ProviderCallResult } from '../../agents/index.js';
import { isContextOverflow } from '../../protocol/index.js';
import type { GoldenCase } from '../cases/golden-set.js';
import { readAnswer } from './answer-format.js';
import { auditSandbox, createSandbox } from './agentic-sandbox.js';
import { AGENTIC_TOOLS, runTool } from './agentic-tools.js';
import type { CaseResult, ToolCallRecord } from './case-result.js';
import { requestBody, type ModelEndpoint } from './model-route.js';
import { imagePart } from './native-run.js';
import { CallTally, errorRecord, infraClassOf, resultBase } from './run-record.js';
import { deliveredTexts, preflight } from './task-delivery.js';

/** The agentic protocol's caps. */
export interface AgenticLimits {
  /** Most model turns; default 200. */
  readonly maxTurns: number;
  /** Wall-clock budget of the whole run, s; default 7200. */
  readonly wallClockS: number;
}

export const DEFAULT_AGENTIC_LIMITS: AgenticLimits = { maxTurns: 200, wallClockS: 7200 };

/** Frame messages whose images stay in the conversation; older ones keep their text, the images give way to a note. */
export const IMAGE_MESSAGES_KEPT = 8;

/** The note an image gives way to once it is older than the newest {@link IMAGE_MESSAGES_KEPT} frame messages. */
export const IMAGE_DROPPED = '(image dropped from the conversation to bound its size; ask for the frame again to see it)';

/** Drops the images of all but the newest `keep` frame messages (the request would otherwise grow with every frame seen). */
export function boundImages(messages: Message[], keep = IMAGE_MESSAGES_KEPT): void {
  const withImages = messages.filter((m) => m.role === 'user' && Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'));
  for (const m of withImages.slice(0, Math.max(0, withImages.length - keep))) {
    m.content = (m.content as OpenAI.Chat.ChatCompletionContentPart[]).map((p) => (p.type === 'image_url' ? { type: 'text' as const, text: IMAGE_DROPPED } : p));
  }
}

/** Sent when a turn makes no tool call. */
export const AGENTIC_NUDGE = 'Use the tools. Call write_answer to save tuples and finish when answer.json is complete.';

type Message = OpenAI.Chat.ChatCompletionMessageParam;

/** The opening messages: the delivery text as system, then the opening note, the task and the answer format. */
export function agenticMessages(task: string): Message[] {
  const [system, ...user] = deliveredTexts('agentic', task);
  return [
    { role: 'system', content: system! },
    { role: 'user', content: user.map((text) => ({ type: 'text' as const, text })) },
  ];
}

function argsOf(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Runs case `c` (from the golden set at `goldenDir`) under the agentic protocol. */
export async function runAgentic(c: GoldenCase, goldenDir: string, endpoint: ModelEndpoint, limits: AgenticLimits, signal: AbortSignal): Promise<CaseResult> {
  const startedAt = new Date();
  const started = performance.now();
  const { route } = endpoint;
  const base = resultBase(c, route, 'agentic', startedAt, preflight(c.task));
  const tally = new CallTally();
  const sandbox = createSandbox(c);
  const audit = auditSandbox(sandbox.dir, goldenDir, c.info.id);
  const toolCalls: ToolCallRecord[] = [];
  let turns = 0;
  let finished = false;
  const agentic = (): NonNullable<CaseResult['agentic']> => ({ turns, maxTurns: limits.maxTurns, wallClockS: limits.wallClockS, finished, audit, toolCalls });
  const clock = new AbortController();
  const timer = setTimeout(() => clock.abort(), limits.wallClockS * 1000);
  const runSignal = AbortSignal.any([signal, clock.signal]);
  let lastAnswer = '';
  const end = (outcome: CaseResult['outcome'], extra: Partial<CaseResult>): CaseResult => {
    const read = readAnswer(readFileSync(sandbox.answer, 'utf8'));
    const scored = outcome === 'infrastructure' ? [] : read.ok ? read.tuples : [];
    const invalid = outcome === 'ok' && !read.ok;
    return { ...base, finishedAt: new Date().toISOString(), outcome: invalid ? 'invalid-output' : outcome, ...(invalid ? { reason: read.reason } : {}), tuples: scored, rawAnswer: lastAnswer, usage: tally.usage(), timings: tally.timings(started), agentic: agentic(), ...extra };
  };
  try {
    if (!audit.clean) return end('infrastructure', { infraClass: 'sandbox-audit', error: { code: 'SANDBOX_AUDIT', message: audit.findings.join('; ') } });
    const messages = agenticMessages(c.task);
    while (!finished) {
      if (turns >= limits.maxTurns) return end('budget-bound', { reason: 'turns' });
      turns += 1;
      let call: ProviderCallResult;
      try {
        const body = requestBody(route, messages, { tools: AGENTIC_TOOLS, tool_choice: 'auto' });
        call = await callProvider({ client: endpoint.client, body, timeoutMs: route.timeoutMs, retries: route.retries, retryBaseMs: route.retryBaseMs, semaphore: endpoint.semaphore, signal: runSignal, stream: route.stream, processingHeader: route.processingHeader });
      } catch (err) {
        tally.failed(err);
        if (signal.aborted) throw err;
        if (clock.signal.aborted) return end('budget-bound', { reason: 'wall-clock' });
        if (isContextOverflow(err)) return end('budget-bound', { reason: 'context' });
        throw err;
      }
      tally.add(call);
      if (call.answer.length > 0) lastAnswer = call.answer;
      const calls = call.toolCalls;
      messages.push(calls.length > 0 ? { role: 'assistant', content: call.answer.length > 0 ? call.answer : null, tool_calls: calls.map((tc) => ({ id: tc.id, type: 'function' as const, function: { name: tc.name, arguments: tc.arguments } })) } : { role: 'assistant', content: call.answer });
      if (calls.length === 0) {
        messages.push({ role: 'user', content: AGENTIC_NUDGE });
        continue;
      }
      const images: OpenAI.Chat.ChatCompletionContentPart[] = [];
      for (const tc of calls) {
        const t0 = performance.now();
        // A tool call after finish in the same turn is answered but changes nothing.
        const out = finished ? { text: '{"error":"FINISHED"}', frames: [], error: 'FINISHED' } : await runTool(sandbox, tc.name, tc.arguments, runSignal);
        if (out.finish === true) finished = true;
        const bytes = out.text.length + out.frames.reduce((n, f) => n + f.jpeg.length, 0);
        toolCalls.push({ turn: turns, name: tc.name, args: argsOf(tc.arguments), durationMs: Math.round((performance.now() - t0) * 100) / 100, resultBytes: bytes, images: out.frames.length, ...(out.error === undefined ? {} : { error: out.error }) });
        messages.push({ role: 'tool', tool_call_id: tc.id, content: out.text });
        for (const f of out.frames) images.push({ type: 'text', text: `${tc.name} (${tc.id}): t=${f.t} s` }, imagePart(f));
      }
      if (images.length > 0 && !finished) {
        messages.push({ role: 'user', content: images });
        boundImages(messages);
      }
    }
    return end('ok', {});
  } catch (err) {
    if (signal.aborted) throw err;
    if (clock.signal.aborted) return end('budget-bound', { reason: 'wall-clock' });
    return end('infrastructure', { infraClass: infraClassOf(err), error: errorRecord(err) });
  } finally {
    clearTimeout(timer);
    sandbox.remove();
  }
}
