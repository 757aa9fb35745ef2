/**
 * One streamed chat completion against an OpenAI-compatible endpoint, with its own retries, deadline and
 * measurements. The openai client's built-in retries are off so that every failed attempt is seen and timed.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type OpenAI from 'openai';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { abortableDelay, backoffMs } from './backoff.js';
import type { Semaphore } from './semaphore.js';
import { httpTimingsOf } from './timed-request.js';
import type { HttpTimings } from '../../protocol/index.js';

/** Request body of a streamed chat completion. */
export type StreamingBody = OpenAI.Chat.ChatCompletionCreateParamsStreaming;

/** What {@link callProvider} needs for one call. */
export interface ProviderCallOptions {
  readonly client: OpenAI;
  readonly body: StreamingBody;
  /** Deadline of one attempt, streaming included, ms. */
  readonly timeoutMs: number;
  /** Retries after a retryable failure. */
  readonly retries: number;
  /** First backoff, ms. */
  readonly retryBaseMs: number;
  /** The endpoint's shared permit: held for each attempt, never during a backoff. */
  readonly semaphore: Semaphore;
  /** The caller's abort: ends the HTTP call at once. */
  readonly signal: AbortSignal;
  /** Ask for a stream (default) or for one plain JSON completion. */
  readonly stream?: boolean;
  /** The response header carrying the server's processing time, ms (default `openai-processing-ms`). */
  readonly processingHeader?: string;
}

/** Token counts as the endpoint's usage chunk reported them; absent when it reported none. */
export interface ProviderUsage {
  readonly tokensIn?: number;
  readonly tokensOut?: number;
  readonly reasoningTokens?: number;
}

/** One function call the model made (OpenAI tools API), its arguments as the JSON text it wrote. */
export interface ProviderToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** What one successful call returned and how long its parts took (ms). */
export interface ProviderCallResult {
  readonly answer: string;
  /** The function calls of the answer, in order (plain `message.tool_calls` or assembled stream deltas); empty when none. */
  readonly toolCalls: readonly ProviderToolCall[];
  /** The stream's `finish_reason` (`stop`, `length` when the output cap cut the answer, ...); absent when none was sent. */
  readonly finishReason: string | undefined;
  /** Streamed reasoning (`reasoning_content` or `reasoning` deltas), when the endpoint sends it. */
  readonly reasoning: string | undefined;
  /** From the start of the successful attempt to its first content or reasoning delta. */
  readonly ttftMs: number | undefined;
  /** From the start of the successful attempt to its last content or reasoning token (a plain response: to its whole body). */
  readonly ttltMs: number | undefined;
  /** Length of the successful attempt. */
  readonly attemptMs: number;
  /** Server processing time, from the `openai-processing-ms` header or llama.cpp's `timings`. */
  readonly providerMs: number | undefined;
  readonly retries: number;
  /** Time from the start of the first failed attempt to the start of the successful one (attempts, backoffs, queueing). */
  readonly retryMs: number;
  /** Time waiting for the endpoint's permit before the first attempt. */
  readonly queueMs: number;
  /** Attempts that hit the deadline and were retried. */
  readonly timedOutAttempts: number;
  readonly usage: ProviderUsage;
  /** The successful attempt's stages, when the client's fetch was the timed request (`timedFetch`). */
  readonly http: HttpTimings | undefined;
}

type Failure =
  | { readonly kind: 'timeout' }
  | { readonly kind: 'status'; readonly status: number; readonly error: APIError }
  | { readonly kind: 'connection'; readonly error: unknown }
  /** An error the server sent inside a 200 stream: a server failure like a 5xx, so retried. */
  | { readonly kind: 'stream'; readonly error: APIError }
  | { readonly kind: 'fatal'; readonly error: unknown };

type AttemptResult = Omit<ProviderCallResult, 'retries' | 'retryMs' | 'queueMs' | 'timedOutAttempts'>;

/** HTTP statuses worth another attempt: request timeout, conflict, rate limit and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The error a caller's abort becomes: its reason when that is an ArenaError already, else ABORTED. */
export function abortError(signal: AbortSignal): ArenaError {
  const reason: unknown = signal.reason;
  if (reason instanceof ArenaError) return reason;
  return new ArenaError(ErrorCode.ABORTED, 'the decision was aborted', { cause: reason });
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** llama.cpp's server adds `timings: {prompt_ms, predicted_ms, ...}` to its last chunk: their sum is its processing time. */
function llamaTimingsMs(chunk: unknown): number | undefined {
  if (typeof chunk !== 'object' || chunk === null || !('timings' in chunk)) return undefined;
  const timings: unknown = chunk.timings;
  if (typeof timings !== 'object' || timings === null) return undefined;
  const t = timings as Record<string, unknown>;
  const prompt = finiteNumber(t['prompt_ms']);
  const predicted = finiteNumber(t['predicted_ms']);
  return prompt === undefined && predicted === undefined ? undefined : (prompt ?? 0) + (predicted ?? 0);
}

function headerMs(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null) return undefined;
  const ms = Number(raw);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

function isEventStream(headers: Headers): boolean {
  return (headers.get('content-type') ?? 'text/event-stream').includes('text/event-stream');
}

/** Function calls as assembled so far, by their stream index. */
type CallParts = Map<number, { id: string; name: string; arguments: string }>;

/** Adds one delta's `tool_calls` pieces (a header with id and name, then argument fragments) to `parts`. */
function addCallDeltas(parts: CallParts, delta: unknown): void {
  if (typeof delta !== 'object' || delta === null || !('tool_calls' in delta) || !Array.isArray(delta.tool_calls)) return;
  for (const piece of delta.tool_calls as unknown[]) {
    if (typeof piece !== 'object' || piece === null) continue;
    const p = piece as { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } };
    const index = typeof p.index === 'number' ? p.index : parts.size;
    const part = parts.get(index) ?? { id: '', name: '', arguments: '' };
    if (typeof p.id === 'string' && p.id.length > 0) part.id = p.id;
    if (typeof p.function?.name === 'string') part.name += p.function.name;
    if (typeof p.function?.arguments === 'string') part.arguments += p.function.arguments;
    parts.set(index, part);
  }
}

function callsOf(parts: CallParts): ProviderToolCall[] {
  return [...parts.entries()].sort(([a], [b]) => a - b).map(([index, c]) => ({ id: c.id.length > 0 ? c.id : `call_${index}`, name: c.name, arguments: c.arguments }));
}

/** The answer, reasoning and usage of a plain (non-streamed) completion body. */
function plainCompletion(body: unknown): { answer: string; reasoning: string; usage: OpenAI.CompletionUsage | undefined; toolCalls: ProviderToolCall[] } {
  const b = typeof body === 'object' && body !== null ? (body as { choices?: unknown; usage?: unknown }) : {};
  const first: unknown = Array.isArray(b.choices) ? b.choices[0] : undefined;
  const message: unknown = typeof first === 'object' && first !== null && 'message' in first ? first.message : undefined;
  const m = typeof message === 'object' && message !== null ? (message as Record<string, unknown>) : {};
  const content = m['content'];
  const thought = reasoningDelta(m);
  const usage = typeof b.usage === 'object' && b.usage !== null ? (b.usage as OpenAI.CompletionUsage) : undefined;
  const parts: CallParts = new Map();
  addCallDeltas(parts, m);
  return { answer: typeof content === 'string' ? content : '', reasoning: thought ?? '', usage, toolCalls: callsOf(parts) };
}

function reasoningDelta(delta: unknown): string | undefined {
  if (typeof delta !== 'object' || delta === null) return undefined;
  const d = delta as Record<string, unknown>;
  const text = d['reasoning_content'] ?? d['reasoning'];
  return typeof text === 'string' && text.length > 0 ? text : undefined;
}

function usageOf(usage: OpenAI.CompletionUsage | null | undefined): ProviderUsage {
  if (!usage) return {};
  const tokensIn = finiteNumber(usage.prompt_tokens);
  const tokensOut = finiteNumber(usage.completion_tokens);
  const reasoningTokens = finiteNumber(usage.completion_tokens_details?.reasoning_tokens);
  return {
    ...(tokensIn === undefined ? {} : { tokensIn }),
    ...(tokensOut === undefined ? {} : { tokensOut }),
    ...(reasoningTokens === undefined ? {} : { reasoningTokens }),
  };
}

function classify(err: unknown): Failure {
  if (err instanceof APIConnectionTimeoutError) return { kind: 'timeout' };
  if (err instanceof APIConnectionError) return { kind: 'connection', error: err };
  if (err instanceof APIError) {
    const apiError = err as APIError<number | undefined, Headers | undefined>;
    // The client throws a status-less APIError for an `error` event inside a 200 stream.
    return typeof apiError.status === 'number' ? { kind: 'status', status: apiError.status, error: apiError } : { kind: 'stream', error: apiError };
  }
  // A stream cut mid-answer surfaces as a plain fetch error (`TypeError: terminated`): a connection failure.
  return { kind: 'connection', error: err };
}

function isRetryable(failure: Failure): boolean {
  switch (failure.kind) {
    case 'timeout':
    case 'connection':
    case 'stream':
      return true;
    case 'status':
      return isRetryableStatus(failure.status);
    case 'fatal':
      return false;
  }
}

async function attemptOnce(options: ProviderCallOptions, started: number): Promise<{ ok: true; result: AttemptResult } | { ok: false; failure: Failure }> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  const signal = AbortSignal.any([options.signal, deadline.signal]);
  let answer = '';
  let reasoning = '';
  let ttftMs: number | undefined;
  let usage: OpenAI.CompletionUsage | null | undefined;
  let llamaMs: number | undefined;
  let finishReason: string | undefined;
  let ttltMs: number | undefined;
  let toolCalls: ProviderToolCall[] = [];
  try {
    const body = options.stream === false ? { ...options.body, stream: false as const, stream_options: undefined } : options.body;
    const { data, response } = await options.client.chat.completions.create(body as StreamingBody, { signal, maxRetries: 0 }).withResponse();
    const serverMs = headerMs(response.headers, options.processingHeader ?? 'openai-processing-ms');
    if (options.stream === false || !isEventStream(response.headers)) {
      // Not a stream: asked for a plain completion, or a server that ignores `stream` and answers with JSON.
      const plain = options.stream === false ? (data as unknown) : await response.json();
      ttltMs = performance.now() - started;
      const read = plainCompletion(plain);
      answer = read.answer;
      reasoning = read.reasoning;
      usage = read.usage;
      toolCalls = read.toolCalls;
      llamaMs = llamaTimingsMs(plain);
      const finish = (plain as { choices?: { finish_reason?: unknown }[] } | null)?.choices?.[0]?.finish_reason;
      if (typeof finish === 'string') finishReason = finish;
    } else {
      // The client's stream ends quietly when its signal aborts, so the deadline and the caller are checked after it.
      const parts: CallParts = new Map();
      for await (const chunk of data) {
        const delta = chunk.choices[0]?.delta;
        addCallDeltas(parts, delta);
        const content = delta?.content;
        const thought = reasoningDelta(delta);
        const token = (typeof content === 'string' && content.length > 0) || thought !== undefined;
        if (ttftMs === undefined && token) ttftMs = performance.now() - started;
        if (token) ttltMs = performance.now() - started;
        if (typeof content === 'string') answer += content;
        if (thought !== undefined) reasoning += thought;
        if (chunk.usage) usage = chunk.usage;
        const finish = chunk.choices[0]?.finish_reason;
        if (typeof finish === 'string') finishReason = finish;
        llamaMs = llamaTimingsMs(chunk) ?? llamaMs;
      }
      toolCalls = callsOf(parts);
    }
    if (options.signal.aborted) throw abortError(options.signal);
    if (deadline.signal.aborted) return { ok: false, failure: { kind: 'timeout' } };
    const providerMs = serverMs ?? llamaMs;
    return {
      ok: true,
      result: {
        answer,
        toolCalls,
        finishReason,
        reasoning: reasoning.length > 0 ? reasoning : undefined,
        ttftMs: ttftMs === undefined ? undefined : round(ttftMs),
        ttltMs: ttltMs === undefined ? undefined : round(ttltMs),
        attemptMs: round(performance.now() - started),
        providerMs: providerMs === undefined ? undefined : round(providerMs),
        usage: usageOf(usage),
        http: httpTimingsOf(response),
      },
    };
  } catch (err) {
    if (options.signal.aborted) throw abortError(options.signal);
    if (deadline.signal.aborted) return { ok: false, failure: { kind: 'timeout' } };
    return { ok: false, failure: classify(err) };
  } finally {
    clearTimeout(timer);
  }
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

function finalError(failure: Failure, options: ProviderCallOptions, attempts: number, retryMs: number, timedOutAttempts: number): ArenaError {
  const details = { model: options.body.model, attempts, retryMs: round(retryMs), timedOutAttempts };
  switch (failure.kind) {
    case 'timeout':
      return new ArenaError(ErrorCode.PROVIDER_TIMEOUT, `provider call timed out after ${options.timeoutMs} ms (${attempts} attempt(s))`, {
        details: { ...details, timeoutMs: options.timeoutMs },
      });
    case 'status':
      return new ArenaError(ErrorCode.PROVIDER_ERROR, `provider answered HTTP ${failure.status} (${attempts} attempt(s)): ${failure.error.message}`, {
        cause: failure.error,
        details: { ...details, status: failure.status },
      });
    case 'stream':
      return new ArenaError(ErrorCode.PROVIDER_ERROR, `provider sent an error inside its stream (${attempts} attempt(s)): ${failure.error.message}`, {
        cause: failure.error,
        details: { ...details, inStream: true },
      });
    case 'connection':
    case 'fatal': {
      const message = failure.error instanceof Error ? failure.error.message : String(failure.error);
      return new ArenaError(ErrorCode.PROVIDER_ERROR, `provider call failed (${attempts} attempt(s)): ${message}`, { cause: failure.error, details });
    }
  }
}

async function acquire(semaphore: Semaphore, signal: AbortSignal): Promise<() => void> {
  try {
    return await semaphore.acquire(signal);
  } catch (err) {
    if (signal.aborted) throw abortError(signal);
    throw err;
  }
}

/**
 * Makes the call, retrying retryable failures with backoff. Throws PROVIDER_TIMEOUT when the last attempt hit
 * its deadline, PROVIDER_ERROR (with `details.status` when there was one) for any other final failure, and the
 * caller's abort (see {@link abortError}) as soon as `signal` aborts.
 */
export async function callProvider(options: ProviderCallOptions): Promise<ProviderCallResult> {
  const { signal } = options;
  let firstFailureStart: number | undefined;
  let queueMs = 0;
  let timedOutAttempts = 0;
  for (let attempt = 0; ; attempt += 1) {
    const waitStart = performance.now();
    const release = await acquire(options.semaphore, signal);
    const started = performance.now();
    if (attempt === 0) queueMs = started - waitStart;
    let outcome: Awaited<ReturnType<typeof attemptOnce>>;
    try {
      outcome = await attemptOnce(options, started);
    } finally {
      release();
    }
    if (outcome.ok) {
      const retryMs = firstFailureStart === undefined ? 0 : started - firstFailureStart;
      return { ...outcome.result, retries: attempt, retryMs: round(retryMs), queueMs: round(queueMs), timedOutAttempts };
    }
    firstFailureStart ??= started;
    const { failure } = outcome;
    if (failure.kind === 'timeout') timedOutAttempts += 1;
    if (!isRetryable(failure) || attempt >= options.retries) {
      // As for a call that succeeds, the retried time runs to the start of the last attempt: a failure never retried has none.
      throw finalError(failure, options, attempt + 1, started - firstFailureStart, timedOutAttempts);
    }
    const headers = failure.kind === 'status' ? failure.error.headers : undefined;
    try {
      await abortableDelay(backoffMs(attempt, options.retryBaseMs, headers), signal);
    } catch {
      throw abortError(signal);
    }
  }
}
