/** The VLM agent's configuration: a zod schema validated once, with the benchmark's run defaults. */
import { z } from 'zod';
import { ArenaError, ErrorCode, formatIssues, issueDetails } from '../../protocol/index.js';
import { RunDefaults } from '../../games-manifest/index.js';

/** Request fields the agent writes itself; `extraBody` may not override them. */
export const RESERVED_BODY_KEYS = ['model', 'messages', 'stream', 'stream_options'] as const;

const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** Configuration of one VLM agent; every field but `baseUrl` and `model` has a default. */
export const VlmAgentConfig = z.strictObject({
  /** OpenAI-compatible API root, including `/v1` (e.g. `http://127.0.0.1:8000/v1`). */
  baseUrl: HttpUrl.transform((s) => s.replace(/\/+$/, '')),
  /** Name of the environment variable holding the API key; unset means the key `none` (local servers). */
  apiKeyEnv: z.string().min(1).max(128).default('OPENAI_API_KEY'),
  /** Model name as the endpoint knows it. */
  model: z.string().min(1).max(256),
  /** Sampling temperature; default 0 (the benchmark's); null sends none (models that accept only their own). */
  temperature: z.number().min(0).max(2).nullable().default(RunDefaults.temperature),
  /**
   * Most tokens the model may write per decision; default 1024, null sends no limit. A runaway answer then
   * ends with `finish_reason: length` and is kept out of the history instead of overflowing every later request.
   */
  maxOutputTokens: z.number().int().positive().max(1_000_000).nullable().default(1024),
  /** Request field that carries `maxOutputTokens`; some older servers know only `max_tokens`. */
  maxTokensField: z.enum(['max_completion_tokens', 'max_tokens']).default('max_completion_tokens'),
  /** Extra request-body fields passed through as-is (e.g. `{"reasoning_effort":"low"}`). */
  extraBody: z
    .record(z.string(), z.unknown())
    .refine((o) => RESERVED_BODY_KEYS.every((k) => !(k in o)), `may not set ${RESERVED_BODY_KEYS.join(', ')}`)
    .default({}),
  /** Deadline of one provider call (one attempt, streaming included), ms; default 50 s, so 3 attempts fit the gateway's 180 s decision deadline. */
  timeoutMs: z.number().int().min(1).max(3_600_000).default(50_000),
  /** Retries after a 408/409/429/5xx status, a connection error or a timed-out attempt; default 2. */
  retries: z.number().int().min(0).max(10).default(2),
  /** First backoff before a retry, ms, doubled each retry (with jitter) unless the server sends Retry-After; default 500. */
  retryBaseMs: z.number().int().min(0).max(60_000).default(500),
  /** Past observation/answer pairs sent with each request; default 3 (the benchmark's). */
  historyLength: z.number().int().min(0).max(64).default(RunDefaults.historyLength),
  /** Send the past observations' images too, not only their times and the past answers; default true. */
  historyImages: z.boolean().default(true),
  /** Largest side of the JPEG sent to the model, px; unset keeps the frame's own size. */
  maxSide: z.number().int().min(16).max(4096).optional(),
  /** JPEG quality of the frames sent, 1-100; default 85 (the benchmark's). */
  jpegQuality: z.number().int().min(1).max(100).default(RunDefaults.jpegQuality),
  /** A skill prompt (lessons learned) appended to the system message. */
  skill: z.string().max(1_000_000).optional(),
  /** Most skill tokens sent (tokens approximated as ceil(chars / 4)); a longer skill is trimmed; default 1200. */
  skillTokenCap: z.number().int().min(1).max(100_000).default(1200),
  /** Tell the model, in one line, why its previous answer was invalid; default false. */
  feedback: z.boolean().default(false),
  /** Stream the answer (default true); false asks for one plain completion, timed as a whole (`ttlt`). */
  stream: z.boolean().default(true),
  /**
   * Make each call with a timed request of our own (a fresh connection, HTTP/1.1, `Connection: close`) that
   * splits connect, TLS, send, first byte and download, as a plain completion; default false. The `ttfb_minus_tcp`
   * latency source charges its first byte less its connect.
   */
  timedRequest: z.boolean().default(false),
  /** The response header carrying the provider's own processing time, ms, for the `provider` latency source; default `openai-processing-ms`. */
  processingHeader: z.string().min(1).max(128).regex(/^[A-Za-z0-9-]+$/).default('openai-processing-ms'),
  /** Most calls in flight to this `baseUrl` from the whole process, shared by every agent; default 4. */
  maxConcurrent: z.number().int().min(1).max(1024).default(4),
});
export type VlmAgentConfig = z.infer<typeof VlmAgentConfig>;
/** The configuration as written by a user (defaults not yet applied). */
export type VlmAgentConfigInput = z.input<typeof VlmAgentConfig>;

/** Validates a VLM agent configuration; BAD_CONFIG naming each bad field otherwise. */
export function parseVlmAgentConfig(input: unknown): VlmAgentConfig {
  const result = VlmAgentConfig.safeParse(input);
  if (result.success) return result.data;
  throw new ArenaError(ErrorCode.BAD_CONFIG, `bad VLM agent config: ${formatIssues(result.error, '(config)')}`, {
    cause: result.error,
    details: { issues: issueDetails(result.error) },
  });
}
