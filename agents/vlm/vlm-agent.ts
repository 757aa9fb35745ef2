/**
 * The VLM agent: sends each frame, with a bounded history, to any OpenAI-compatible chat endpoint and returns the
 * model's answer for the gateway to parse, measured decision by decision. It never reads privileged state and
 * never parses answers itself: the gateway does, and tells it about an invalid one in the next observation.
 * It takes its frames as JPEG in its own profile (quality, largest side), encoded once by the gateway.
 */
import OpenAI from 'openai';
import { ArenaError, ErrorCode, hasCode, isContextOverflow } from '../../protocol/index.js';
import type { Agent, AgentStart, Decision, DecisionTimings, DecisionUsage, JpegProfile, Observation } from '../../protocol/index.js';
import { runnerChunkParse, runnerGame } from '../../games-manifest/index.js';
import { parseVlmAgentConfig, type VlmAgentConfig, type VlmAgentConfigInput } from './config.js';
import { encodeFrameImage } from './frame-image.js';
import { networkRtt } from './network-rtt.js';
import { timedFetch } from './timed-request.js';
import { composePrompt, systemPrompt, type HistoryTurn } from './prompt.js';
import { callProvider, type StreamingBody } from './provider-call.js';
import { endpointSemaphore } from './semaphore.js';
import { boundSkill, type SkillInfo } from './skill.js';
import { vlmSettings } from './settings.js';

/** API key sent when the configured environment variable is unset: local servers take any key. */
export const NO_API_KEY = 'none';

/** Counts kept by one VLM agent over its life. */
export interface VlmAgentStats {
  /** Decisions that returned an answer (the gateway judges whether it was valid, and counts the invalid ones). */
  readonly decisions: number;
  /** Provider attempts retried, over all decisions. */
  readonly retries: number;
  /** Provider attempts that hit `timeoutMs`, retried or not. */
  readonly timeouts: number;
  /** Decisions that failed with PROVIDER_ERROR or PROVIDER_TIMEOUT. */
  readonly failed: number;
  /** Decisions ended by the caller's abort signal. */
  readonly aborted: number;
  /** Answers cut by the output cap (`finish_reason: length`), kept out of the history. */
  readonly truncated: number;
  /** Requests the endpoint refused as too long for its context, retried once without history. */
  readonly contextRetries: number;
  /** Time spent waiting for the endpoint's shared concurrency permit, ms, over all decisions (never charged). */
  readonly queueMs: number;
}

/** A VLM agent: an {@link Agent} that also reports its counts and what became of its skill. */
export interface VlmAgent extends Agent {
  readonly kind: 'vlm';
  readonly privileged: false;
  readonly frameEncoding: 'jpeg';
  /** The JPEG it sends: `jpegQuality` and `maxSide` of its configuration. */
  readonly jpeg: JpegProfile;
  /** The validated configuration, defaults applied. */
  readonly config: VlmAgentConfig;
  /** The skill as sent (trimmed to `skillTokenCap` or not); undefined without a skill. */
  readonly skillInfo: SkillInfo | undefined;
  stats(): VlmAgentStats;
}

interface Counts {
  decisions: number;
  retries: number;
  timeouts: number;
  failed: number;
  aborted: number;
  truncated: number;
  contextRetries: number;
  queueMs: number;
}

function detailNumber(err: ArenaError, key: string): number {
  const value = err.details?.[key];
  return typeof value === 'number' ? value : 0;
}

/**
 * Creates a VLM agent from its configuration (validated here: BAD_CONFIG on any bad field). The API key is read
 * from the environment variable `config.apiKeyEnv` now; when it is unset or empty the key `none` is sent.
 */
export function createVlmAgent(input: VlmAgentConfigInput): VlmAgent {
  const config = parseVlmAgentConfig(input);
  const fromEnv = process.env[config.apiKeyEnv];
  const apiKey = fromEnv === undefined || fromEnv.trim() === '' ? NO_API_KEY : fromEnv.trim();
  // The client's own deadline sits beyond ours so that ours, which covers the whole stream, always fires first.
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey, maxRetries: 0, timeout: config.timeoutMs + 10_000, ...(config.timedRequest ? { fetch: timedFetch } : {}) });
  const semaphore = endpointSemaphore(config.baseUrl, config.maxConcurrent);
  const skillInfo = config.skill === undefined || config.skill.trim().length === 0 ? undefined : boundSkill(config.skill, config.skillTokenCap);
  const counts: Counts = { decisions: 0, retries: 0, timeouts: 0, failed: 0, aborted: 0, truncated: 0, contextRetries: 0, queueMs: 0 };
  const history: HistoryTurn[] = [];
  // Past turns the endpoint's context has been seen to hold: one fewer than a request it refused as too long,
  // so the decisions after an overflow are not each refused first once the history grows back.
  let fits = Infinity;
  let start: AgentStart | undefined;
  let system = '';
  let rttMs: number | undefined;
  let closed = false;

  function requestBody(messages: StreamingBody['messages']): StreamingBody {
    const body: Record<string, unknown> = {
      ...config.extraBody,
      model: config.model,
      messages,
      stream: true,
      stream_options: { include_usage: true },
    };
    if (config.temperature !== null) body['temperature'] = config.temperature;
    if (config.maxOutputTokens !== null) body[config.maxTokensField] = config.maxOutputTokens;
    // extraBody may carry fields this client's types do not know (e.g. vLLM's `top_k`); they go out as written.
    return body as unknown as StreamingBody;
  }

  async function decide(observation: Observation, signal: AbortSignal): Promise<Decision> {
    if (start === undefined || closed) throw new ArenaError(ErrorCode.BAD_STATE, closed ? 'the VLM agent is closed' : 'decide() before start()');
    const info = start;
    const begun = performance.now();
    // Only the frame, the clock, the step, the progress and the feedback are read: never `observation.state`.
    const { frame, simMs, step, progress } = observation;
    const image = await encodeFrameImage(frame, { maxSide: config.maxSide, quality: config.jpegQuality });
    const feedback = config.feedback ? observation.feedback : undefined;
    const current = { simMs, step, stepBudget: info.stepBudget, progress, image, feedback, moveNotation: info.controls.move?.notation };
    const plain = info.profile === 'omnigamearena';
    const turns = Math.min(config.historyLength, fits);
    let prompt = composePrompt(system, turns === 0 ? [] : history.slice(-turns), current, plain);
    let body = requestBody(prompt.messages);
    const ask = (b: StreamingBody): ReturnType<typeof callProvider> =>
      callProvider({ client, body: b, timeoutMs: config.timeoutMs, retries: config.retries, retryBaseMs: config.retryBaseMs, semaphore, signal, stream: config.stream && !config.timedRequest, processingHeader: config.processingHeader });
    let call: Awaited<ReturnType<typeof callProvider>>;
    // A refused over-long request is a retried attempt like any other: counted in the decision and never charged.
    let overflow: { attempts: number; ms: number } | undefined;
    try {
      const firstStart = performance.now();
      try {
        call = await ask(body);
      } catch (err) {
        // A request over the model's context is retried once with no history (which is then dropped for good).
        if (!isContextOverflow(err) || history.length === 0) throw err;
        counts.contextRetries += 1;
        fits = Math.min(history.length, turns) - 1;
        overflow = { attempts: Math.max(1, detailNumber(err as ArenaError, 'attempts')), ms: performance.now() - firstStart };
        history.length = 0;
        prompt = composePrompt(system, [], current, plain);
        body = requestBody(prompt.messages);
        call = await ask(body);
      }
    } catch (err) {
      if (err instanceof ArenaError && (hasCode(err, ErrorCode.PROVIDER_ERROR) || hasCode(err, ErrorCode.PROVIDER_TIMEOUT))) {
        counts.failed += 1;
        counts.retries += Math.max(0, detailNumber(err, 'attempts') - 1);
        counts.timeouts += detailNumber(err, 'timedOutAttempts');
      } else if (signal.aborted) {
        counts.aborted += 1;
      }
      throw err;
    }
    counts.decisions += 1;
    counts.retries += call.retries + (overflow?.attempts ?? 0);
    counts.timeouts += call.timedOutAttempts;
    counts.queueMs += call.queueMs;
    // Under the benchmark's profile only answers its grammar reads join the history (the gateway still judges
    // every answer); an answer the output cap cut off is no turn worth repeating to the model in any profile.
    const runner = info.profile === 'omnigamearena' ? runnerGame(info.game) : undefined;
    if (call.finishReason === 'length') counts.truncated += 1;
    else if (runner === undefined || runnerChunkParse(call.answer, runner).ok) history.push({ simMs, image: config.historyImages ? image : undefined, answer: call.answer });
    const keep = Math.min(runner ? runner.historyLength : config.historyLength, fits);
    while (history.length > keep) history.shift();
    // Waiting for the shared endpoint permit is this process's doing, not the model's: it is left out of wallMs.
    const wallMs = Math.round((performance.now() - begun - call.queueMs) * 100) / 100;
    const timings: DecisionTimings = {
      wallMs,
      ...(call.ttftMs === undefined ? {} : { ttftMs: call.ttftMs }),
      ...(call.ttltMs === undefined ? {} : { ttltMs: call.ttltMs }),
      ...(call.providerMs === undefined ? {} : { providerMs: call.providerMs }),
      ...(rttMs === undefined ? {} : { networkRttMs: rttMs }),
      retries: call.retries + (overflow?.attempts ?? 0),
      retryMs: Math.round((call.retryMs + (overflow?.ms ?? 0)) * 1000) / 1000,
      ...(overflow ? { contextRetry: true } : {}),
      ...(call.http === undefined ? {} : { http: call.http }),
    };
    const usage: DecisionUsage = { ...call.usage, images: prompt.images, bytesSent: Buffer.byteLength(JSON.stringify(body)) };
    return {
      kind: 'answer',
      answer: call.answer,
      timings,
      usage,
      promptDigest: prompt.digest,
      systemPrompt: system,
      sentImage: { data: image.jpeg, sha256: image.sha256, width: image.width, height: image.height },
      ...(call.reasoning === undefined ? {} : { reasoning: call.reasoning }),
      ...(call.finishReason === undefined ? {} : { finishReason: call.finishReason }),
    };
  }

  return {
    kind: 'vlm',
    privileged: false,
    frameEncoding: 'jpeg',
    jpeg: { quality: config.jpegQuality, maxSide: config.maxSide },
    config,
    skillInfo,
    settings: vlmSettings(config, skillInfo),
    async start(info: AgentStart): Promise<void> {
      start = info;
      system = systemPrompt(info.gamePrompt, skillInfo?.text);
      history.length = 0;
      fits = Infinity;
      rttMs = await networkRtt(config.baseUrl, apiKey, Math.min(config.timeoutMs, 5_000));
    },
    decide,
    async close(): Promise<void> {
      closed = true;
      history.length = 0;
    },
    stats: (): VlmAgentStats => ({ ...counts, queueMs: Math.round(counts.queueMs * 100) / 100 }),
  };
}
