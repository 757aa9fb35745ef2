/**
 * One request of the watcher to its model: streamed, so that the first token's wall time is known; a provider
 * timeout or error is recorded as an incomplete response, never thrown. Times are performance.now() ms.
 */
import type OpenAI from 'openai';
import { callProvider, type ChatMessage, type Semaphore } from '../../agents/index.js';
import { toArenaError } from '../../protocol/index.js';

/** The watcher's model and how it is called. */
export interface WatcherModel {
  readonly client: OpenAI;
  readonly model: string;
  readonly semaphore: Semaphore;
  /** Deadline of one attempt, streaming included, ms. */
  readonly timeoutMs: number;
  readonly retries: number;
  readonly maxTokens: number;
}

/** What one request gave: the answer and when its first token and its end came (wall ms), or its failure. */
export interface ModelReply {
  readonly ok: boolean;
  readonly answer: string;
  readonly startedAt: number;
  /** Wall time of the first output token (undefined when none came). */
  readonly firstTokenAt: number | undefined;
  readonly endedAt: number;
  readonly tokensIn: number | undefined;
  readonly tokensOut: number | undefined;
  readonly error?: { readonly code: string; readonly message: string };
}

/** Sends `messages`; resolves with the reply or the recorded failure (a caller's abort is recorded too). */
export async function askModel(model: WatcherModel, messages: ChatMessage[], signal: AbortSignal): Promise<ModelReply> {
  const startedAt = performance.now();
  try {
    const result = await callProvider({
      client: model.client,
      body: { model: model.model, messages, stream: true, stream_options: { include_usage: true }, max_tokens: model.maxTokens },
      timeoutMs: model.timeoutMs,
      retries: model.retries,
      retryBaseMs: 500,
      semaphore: model.semaphore,
      signal,
    });
    // The successful attempt began after the permit wait and any failed attempts; its first token came ttft later.
    const attemptAt = startedAt + result.queueMs + result.retryMs;
    return {
      ok: true,
      answer: result.answer,
      startedAt,
      firstTokenAt: result.ttftMs === undefined ? undefined : attemptAt + result.ttftMs,
      endedAt: performance.now(),
      tokensIn: result.usage.tokensIn,
      tokensOut: result.usage.tokensOut,
    };
  } catch (err) {
    const e = toArenaError(err);
    return { ok: false, answer: '', startedAt, firstTokenAt: undefined, endedAt: performance.now(), tokensIn: undefined, tokensOut: undefined, error: { code: e.code, message: e.message } };
  }
}
