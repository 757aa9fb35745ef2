/**
 * A fake OpenAI-compatible provider for tests: a real HTTP server on 127.0.0.1, port 0, serving
 * `POST /v1/chat/completions` (SSE streaming or plain JSON) and `GET /v1/models`. It records every request and
 * answers each completion request with the next scripted reply, else its responder's reply for the request
 * (`respond`), else a valid action chunk.
 * A reply may make function calls (`toolCalls`): `message.tool_calls` in a plain response, `delta.tool_calls`
 * pieces in a stream, with finish reason `tool_calls`.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach } from 'vitest';

/** The answer a completion request gets when nothing is scripted. */
export const DEFAULT_ANSWER = '<|action_start|>0 0 0 ; W ; W ; W <|action_end|>';
/** The answer of a `garbage` reply: no action block, no JSON. */
export const GARBAGE_ANSWER = 'I should probably move forward now!!! ~~ W W W ~~';
/** The model id `/v1/models` lists. */
export const FAKE_MODEL = 'fake-vlm';

/** One function call in a scripted reply. */
export interface FakeToolCall {
  /** Function name. */
  readonly name: string;
  /** Arguments: an object is sent as its JSON text, a string as written (to send malformed arguments). Default `{}`. */
  readonly arguments?: string | Readonly<Record<string, unknown>>;
  /** Call id; default `call_<n>` numbered across the fake's life. */
  readonly id?: string;
}

/** How the fake answers one completion request. Every field is optional; times in ms. */
export interface FakeReply {
  /** Answer text, streamed word by word. */
  readonly text?: string;
  /** Answer with {@link GARBAGE_ANSWER}. */
  readonly garbage?: boolean;
  /** Reasoning streamed as `reasoning_content` deltas before the answer. */
  readonly reasoning?: string;
  /** Delay before the first byte of the response (status line and headers). */
  readonly delayMs?: number;
  /** Delay before each streamed token after the first. */
  readonly tokenDelayMs?: number;
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  readonly status?: number;
  /** `Retry-After` header value sent with `status`. */
  readonly retryAfter?: string;
  /** Never answer (`true`), or stop after the first token (`'after-first-token'`), until the client goes away. */
  readonly hang?: true | 'after-first-token';
  /** Value of the `openai-processing-ms` response header. */
  readonly processingMs?: number;
  /** Token counts for the usage chunk; defaults: 100 in, one per streamed word out. */
  readonly usage?: { readonly promptTokens?: number; readonly completionTokens?: number; readonly reasoningTokens?: number };
  /** Add llama.cpp's `timings` object to the last chunk. */
  readonly llamaTimings?: { readonly promptMs: number; readonly predictedMs: number };
  /** Answer with one plain JSON completion even when the request asked for a stream (a server that ignores `stream`). */
  readonly ignoreStream?: boolean;
  /** Extra response headers (a provider's own timing header, say). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Function calls made after the text; without `text` the content is empty (null in a plain response). */
  readonly toolCalls?: readonly FakeToolCall[];
  /** The finish reason sent (default `stop`, or `tool_calls`): `length` plays an answer cut by the output cap. */
  readonly finishReason?: string;
  /** After the first streamed token, send this error inside the 200 stream (as some servers do) and end. */
  readonly streamError?: string;
}

/** One request the fake received. Times are `performance.now()` in this process. */
export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body as received. */
  readonly raw: string;
  /** The body parsed as JSON, or undefined. */
  readonly body: unknown;
  /** The reply used (completion requests only). */
  readonly reply: FakeReply | undefined;
  readonly receivedAt: number;
  /** When the response finished or the connection closed. */
  endedAt: number | undefined;
  /** The client went away before the response finished. */
  aborted: boolean;
}

/** A running fake provider and what it has seen. */
export interface FakeProvider {
  /** Base URL including `/v1`, as an OpenAI client's `baseURL`. */
  readonly url: string;
  /** Every request, in arrival order. */
  readonly requests: FakeRequest[];
  /** The `POST /v1/chat/completions` requests only. */
  completions(): FakeRequest[];
  /** Queues replies for the next completion requests, in order. */
  script(...replies: FakeReply[]): void;
  /** Answers each completion request the script has no reply for with `fn(body)` (undefined: the default reply); `undefined` removes it. */
  respond(fn: ((body: unknown) => FakeReply | undefined) | undefined): void;
  /** Most completion requests in flight at once so far. */
  maxInFlight(): number;
  /** Plays a model context of `chars` request characters: a longer request gets HTTP 400 as llama.cpp words it. */
  limitContext(chars: number | undefined): void;
  /** Plays llama.cpp's `tool_choice`: only a string (`auto`, `none`, `required`) is taken; an object gets HTTP 400 "type must be string". */
  stringToolChoiceOnly(on: boolean): void;
  /** Kills the server once `n` completion requests have been answered (every later request finds nothing listening); `undefined` disarms it. */
  killAfter(n: number | undefined): void;
  /** Kills the server now: open connections are cut and the port stops listening. */
  kill(): Promise<void>;
  /** Listens again on the same port after a kill. */
  revive(): Promise<void>;
  close(): Promise<void>;
}

function words(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text.length > 0 ? [text] : []);
}

/** Waits `ms` unless the response closes first; resolves whether the response is still open. */
function pause(ms: number, res: ServerResponse): Promise<boolean> {
  if (res.closed) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    res.once('close', onClose);
  });
}

function chunk(id: string, delta: Record<string, unknown> | undefined, extra: Record<string, unknown> = {}): string {
  const choices = delta === undefined ? [] : [{ index: 0, delta, finish_reason: null, logprobs: null }];
  const payload = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: FAKE_MODEL, choices, ...extra };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

function bodyRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

let callCounter = 0;

/** The scripted calls in wire form: ids assigned, arguments as JSON text. */
function wireToolCalls(calls: readonly FakeToolCall[] | undefined): { id: string; type: 'function'; function: { name: string; arguments: string } }[] {
  return (calls ?? []).map((c) => ({
    id: c.id ?? `call_${++callCounter}`,
    type: 'function' as const,
    function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}) },
  }));
}

async function answer(reply: FakeReply, body: unknown, res: ServerResponse): Promise<void> {
  if (!(await pause(reply.delayMs ?? 0, res))) return;
  if (reply.hang === true) return;
  const headers: Record<string, string> = {};
  if (reply.processingMs !== undefined) headers['openai-processing-ms'] = String(reply.processingMs);
  Object.assign(headers, reply.headers);
  if (reply.status !== undefined && reply.status !== 200) {
    if (reply.retryAfter !== undefined) headers['retry-after'] = reply.retryAfter;
    res.writeHead(reply.status, { ...headers, 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `scripted status ${reply.status}`, type: 'fake_error', code: String(reply.status) } }));
    return;
  }
  const toolCalls = wireToolCalls(reply.toolCalls);
  const text = reply.garbage === true ? GARBAGE_ANSWER : (reply.text ?? (toolCalls.length > 0 ? '' : DEFAULT_ANSWER));
  const finishReason = reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop');
  const request = bodyRecord(body);
  const id = `chatcmpl-fake-${Math.random().toString(36).slice(2)}`;
  // A streamed call is its header (id, name) and then its arguments in two pieces, as real servers split them.
  const callDeltas = toolCalls.flatMap((c, index) => {
    const half = Math.ceil(c.function.arguments.length / 2);
    return [
      { tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.function.name, arguments: '' } }] },
      { tool_calls: [{ index, function: { arguments: c.function.arguments.slice(0, half) } }] },
      { tool_calls: [{ index, function: { arguments: c.function.arguments.slice(half) } }] },
    ];
  });
  const tokens: Record<string, unknown>[] = [...words(reply.reasoning ?? '').map((t) => ({ reasoning_content: t })), ...words(text).map((t) => ({ content: t })), ...callDeltas];
  const usage = {
    prompt_tokens: reply.usage?.promptTokens ?? 100,
    completion_tokens: reply.usage?.completionTokens ?? tokens.length,
    total_tokens: (reply.usage?.promptTokens ?? 100) + (reply.usage?.completionTokens ?? tokens.length),
    ...(reply.usage?.reasoningTokens === undefined ? {} : { completion_tokens_details: { reasoning_tokens: reply.usage.reasoningTokens } }),
  };
  const timings = reply.llamaTimings === undefined ? {} : { timings: { prompt_n: usage.prompt_tokens, prompt_ms: reply.llamaTimings.promptMs, predicted_n: usage.completion_tokens, predicted_ms: reply.llamaTimings.predictedMs } };
  if (request['stream'] !== true || reply.ignoreStream === true) {
    res.writeHead(200, { ...headers, 'content-type': 'application/json' });
    const message = { role: 'assistant', content: toolCalls.length > 0 && text.length === 0 ? null : text, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) };
    res.end(JSON.stringify({ id, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: FAKE_MODEL, choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }], usage, ...timings }));
    return;
  }
  res.writeHead(200, { ...headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(chunk(id, { role: 'assistant', content: '' }));
  for (const [i, delta] of tokens.entries()) {
    if (i > 0 && !(await pause(reply.tokenDelayMs ?? 0, res))) return;
    res.write(chunk(id, delta));
    if (i === 0 && reply.hang === 'after-first-token') return;
    if (i === 0 && reply.streamError !== undefined) {
      res.end(`data: ${JSON.stringify({ error: { message: reply.streamError, type: 'server_error' } })}\n\n`);
      return;
    }
  }
  const includeUsage = bodyRecord(request['stream_options'])['include_usage'] === true;
  res.write(chunk(id, {}, { choices: [{ index: 0, delta: {}, finish_reason: finishReason, logprobs: null }], ...(includeUsage ? {} : timings) }));
  if (includeUsage) res.write(chunk(id, undefined, { usage, ...timings }));
  res.end('data: [DONE]\n\n');
}

/** Starts a fake provider on 127.0.0.1, port 0. */
export async function startFakeProvider(): Promise<FakeProvider> {
  const requests: FakeRequest[] = [];
  const queue: FakeReply[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let contextChars: number | undefined;
  let stringToolChoice = false;
  let killAt: number | undefined;
  let answered = 0;
  let killing: Promise<void> | undefined;
  let responder: ((body: unknown) => FakeReply | undefined) | undefined;

  const server = createServer((req, res) => {
    const receivedAt = performance.now();
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const raw = Buffer.concat(parts).toString('utf8');
      let body: unknown;
      try {
        body = raw.length > 0 ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const isCompletion = req.method === 'POST' && path === '/v1/chat/completions';
      // A request over the played context is refused before it takes a scripted reply.
      const overContext = isCompletion && contextChars !== undefined && raw.length > contextChars;
      const objectChoice = isCompletion && stringToolChoice && typeof bodyRecord(body)['tool_choice'] === 'object';
      const reply = isCompletion && !overContext && !objectChoice ? (queue.shift() ?? responder?.(body) ?? {}) : undefined;
      const record: FakeRequest = { method: req.method ?? '', path, headers: req.headers, raw, body, reply, receivedAt, endedAt: undefined, aborted: false };
      requests.push(record);
      if (isCompletion) {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
      }
      // 'finish' (all written) or 'close' (connection gone), whichever comes first, ends the request.
      const settle = () => {
        if (record.endedAt !== undefined) return;
        record.endedAt = performance.now();
        record.aborted = !res.writableFinished;
        if (isCompletion) {
          inFlight -= 1;
          answered += 1;
          if (killAt !== undefined && answered >= killAt) void kill();
        }
      };
      res.once('finish', settle);
      res.once('close', settle);
      if (objectChoice) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 400, message: '[json.exception.type_error.302] type must be string, but is object', type: 'invalid_request_error' } }));
      } else if (overContext) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 400, message: `the request exceeds the available context size (${raw.length} > ${contextChars})`, type: 'exceed_context_size_error' } }));
      } else if (isCompletion && reply !== undefined) {
        answer(reply, body, res).catch(() => res.destroy());
      } else if (req.method === 'GET' && path === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: FAKE_MODEL, object: 'model', created: 0, owned_by: 'fake' }] }));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${req.method ?? ''} ${path}`, type: 'not_found' } }));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  function kill(): Promise<void> {
    killAt = undefined;
    killing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return killing;
  }

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    completions: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/chat/completions'),
    script: (...replies) => {
      queue.push(...replies);
    },
    respond: (fn) => {
      responder = fn;
    },
    maxInFlight: () => maxInFlight,
    limitContext: (chars) => {
      contextChars = chars;
    },
    stringToolChoiceOnly: (on) => {
      stringToolChoice = on;
    },
    killAfter: (n) => {
      killAt = n;
      if (n !== undefined && answered >= n) void kill();
    },
    kill,
    revive: async () => {
      await killing;
      killing = undefined;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
    },
    close: async () => {
      if (killing) return killing;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts a fresh fake provider before each test of the calling file and closes it after; `fake()` is the current one. */
export function useFakeProvider(): () => FakeProvider {
  let current: FakeProvider | undefined;
  beforeEach(async () => {
    current = await startFakeProvider();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('useFakeProvider: no provider outside a test');
    return current;
  };
}
