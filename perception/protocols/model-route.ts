/**
 * The model a golden set is run against: the VLM agent's endpoint settings (the same fields, meanings and
 * checks), with defaults for one long answer instead of many short decisions, and the client and shared
 * endpoint permit built from them.
 */
import OpenAI from 'openai';
import { z } from 'zod';
import { endpointSemaphore, NO_API_KEY, VlmAgentConfig, type Semaphore, type StreamingBody } from '../../agents/index.js';
import { ArenaError, ErrorCode, formatIssues } from '../../protocol/index.js';

/** Endpoint settings of a protocol run: VlmAgentConfig's fields, with a longer deadline and output cap. */
export const ModelRoute = VlmAgentConfig.pick({ baseUrl: true, apiKeyEnv: true, model: true, temperature: true, maxTokensField: true, extraBody: true, retries: true, retryBaseMs: true, stream: true, processingHeader: true, maxConcurrent: true }).extend({
  /** Most tokens of one answer (native) or one turn (agentic); default 16384, null sends no limit. */
  maxOutputTokens: z.number().int().positive().max(1_000_000).nullable().default(16_384),
  /** Deadline of one provider attempt, ms; default 600 s (a native request carries up to 256 images). */
  timeoutMs: z.number().int().min(1).max(7_200_000).default(600_000),
});
export type ModelRoute = z.infer<typeof ModelRoute>;
export type ModelRouteInput = z.input<typeof ModelRoute>;

/** Validates a route; BAD_CONFIG naming each bad field. */
export function parseModelRoute(input: unknown): ModelRoute {
  const result = ModelRoute.safeParse(input);
  if (result.success) return result.data;
  throw new ArenaError(ErrorCode.BAD_CONFIG, `bad model settings: ${formatIssues(result.error, '(settings)')}`, { cause: result.error });
}

/** A route ready to call: its client (no built-in retries) and the endpoint's process-wide permit. */
export interface ModelEndpoint {
  readonly route: ModelRoute;
  readonly client: OpenAI;
  readonly semaphore: Semaphore;
}

/** Builds the client and takes the endpoint's shared semaphore; the key comes from `route.apiKeyEnv` (unset: `none`). */
export function openEndpoint(route: ModelRoute): ModelEndpoint {
  const fromEnv = process.env[route.apiKeyEnv];
  const apiKey = fromEnv === undefined || fromEnv.trim() === '' ? NO_API_KEY : fromEnv.trim();
  // The client's own deadline sits beyond ours, so the per-attempt deadline of callProvider fires first.
  const client = new OpenAI({ baseURL: route.baseUrl, apiKey, maxRetries: 0, timeout: route.timeoutMs + 10_000 });
  return { route, client, semaphore: endpointSemaphore(route.baseUrl, route.maxConcurrent) };
}

/** A request body with the route's model, sampling settings, output cap and extra fields; `extra` adds tools. */
export function requestBody(route: ModelRoute, messages: OpenAI.Chat.ChatCompletionMessageParam[], extra: Record<string, unknown> = {}): StreamingBody {
  const body: Record<string, unknown> = { ...route.extraBody, ...extra, model: route.model, messages, stream: true, stream_options: { include_usage: true } };
  if (route.temperature !== null) body['temperature'] = route.temperature;
  if (route.maxOutputTokens !== null) body[route.maxTokensField] = route.maxOutputTokens;
  // extraBody may carry fields the client's types do not know; they go out as written.
  return body as unknown as StreamingBody;
}
