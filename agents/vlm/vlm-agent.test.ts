import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { FAKE_MODEL, GARBAGE_ANSWER, startFakeProvider, type FakeProvider, type FakeRequest } from '../../tests/support/fake-provider.js';
import { lastStandStart, observation, solidFrame } from '../../tests/support/vlm-fixtures.js';
import { createVlmAgent, type VlmAgent } from './vlm-agent.js';
import type { VlmAgentConfigInput } from './config.js';
import type { ChatMessage, ContentPart } from './prompt.js';

const NO_KEY_ENV = 'ARENA_TEST_UNSET_KEY';

let fake: FakeProvider;
let agents: VlmAgent[];

beforeEach(async () => {
  fake = await startFakeProvider();
  agents = [];
});

afterEach(async () => {
  await Promise.all(agents.map((a) => a.close()));
  await fake.close();
  vi.unstubAllEnvs();
});

function makeAgent(over: Partial<VlmAgentConfigInput> = {}, url = fake.url): VlmAgent {
  const agent = createVlmAgent({ baseUrl: url, model: FAKE_MODEL, apiKeyEnv: NO_KEY_ENV, retryBaseMs: 5, ...over });
  agents.push(agent);
  return agent;
}

async function startedAgent(over: Partial<VlmAgentConfigInput> = {}): Promise<VlmAgent> {
  const agent = makeAgent(over);
  await agent.start(lastStandStart());
  return agent;
}

const never = () => new AbortController().signal;

function bodyOf(request: FakeRequest | undefined): { messages: ChatMessage[] } & Record<string, unknown> {
  expect(request).toBeDefined();
  return request!.body as { messages: ChatMessage[] } & Record<string, unknown>;
}

function lastCompletion(): { messages: ChatMessage[] } & Record<string, unknown> {
  return bodyOf(fake.completions().at(-1));
}

function imageParts(messages: readonly ChatMessage[]): Extract<ContentPart, { type: 'image_url' }>[] {
  return messages.flatMap((m) => (m.role === 'user' ? m.content.filter((p) => p.type === 'image_url') : []));
}

function lastUserText(messages: readonly ChatMessage[]): string {
  const last = messages.at(-1);
  if (last?.role !== 'user') throw new Error('the last message is not a user message');
  return last.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
}

async function rejection(promise: Promise<unknown>): Promise<ArenaError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArenaError);
  return err as ArenaError;
}

describe('frames', () => {
  it('sends the frame as a data-URL JPEG image part that fits maxSide', async () => {
    const agent = await startedAgent({ maxSide: 32 });
    await agent.decide(observation(0), never());
    const [part] = imageParts(lastCompletion().messages);
    expect(part?.image_url.url).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = Buffer.from(part!.image_url.url.slice('data:image/jpeg;base64,'.length), 'base64');
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 32, height: 18 });
  });

  it('sends the frame at its own size when maxSide is unset', async () => {
    const agent = await startedAgent();
    await agent.decide(observation(0), never());
    const [part] = imageParts(lastCompletion().messages);
    const meta = await sharp(Buffer.from(part!.image_url.url.split(',')[1]!, 'base64')).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 64, height: 36 });
  });

  it('never sends observation.state', async () => {
    const agent = await startedAgent();
    await agent.decide(observation(0, { state: { secretMarker: 'PRIVILEGED_7f3a', tiles: [1, 2, 3] } }), never());
    const raw = fake.completions()[0]!.raw;
    expect(raw).not.toContain('PRIVILEGED_7f3a');
    expect(raw).not.toContain('secretMarker');
  });
});

describe('request', () => {
  it('sends the model, temperature, token limit, extraBody and a streaming request with usage', async () => {
    const agent = await startedAgent({ temperature: 0.3, maxOutputTokens: 256, extraBody: { reasoning_effort: 'low', top_k: 5 } });
    await agent.decide(observation(0), never());
    const body = lastCompletion();
    expect(body).toMatchObject({
      model: FAKE_MODEL,
      temperature: 0.3,
      max_completion_tokens: 256,
      reasoning_effort: 'low',
      top_k: 5,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('sends no temperature when it is null and max_tokens when asked', async () => {
    const agent = await startedAgent({ temperature: null, maxOutputTokens: 64, maxTokensField: 'max_tokens' });
    await agent.decide(observation(0), never());
    const body = lastCompletion();
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('max_completion_tokens');
    expect(body['max_tokens']).toBe(64);
  });

  it('sends the key `none` when the key variable is unset', async () => {
    const agent = await startedAgent();
    await agent.decide(observation(0), never());
    expect(fake.completions()[0]!.headers.authorization).toBe('Bearer none');
  });

  it('sends the key from the variable apiKeyEnv names', async () => {
    vi.stubEnv('ARENA_TEST_KEY', 'sk-test-123');
    const agent = await startedAgent({ apiKeyEnv: 'ARENA_TEST_KEY' });
    await agent.decide(observation(0), never());
    expect(fake.completions()[0]!.headers.authorization).toBe('Bearer sk-test-123');
  });

  it('opens the system message with the preamble and the game prompt', async () => {
    const agent = await startedAgent();
    await agent.decide(observation(0), never());
    const [system] = lastCompletion().messages;
    expect(system?.role).toBe('system');
    expect(system?.content).toContain(lastStandStart().gamePrompt);
  });

  it('tells the model the time, decision number and progress', async () => {
    const agent = await startedAgent();
    await agent.decide(observation(5, { progress: 0.25 }), never());
    const text = lastUserText(lastCompletion().messages);
    expect(text).toContain('t=3.60s');
    expect(text).toContain('decision 6 of 300');
    expect(text).toContain('25.0%');
  });

  it('refuses decide() before start() with BAD_STATE', async () => {
    const agent = makeAgent();
    expect((await rejection(agent.decide(observation(0), never()))).code).toBe(ErrorCode.BAD_STATE);
  });
});

describe('timings and usage', () => {
  it('measures ttft at least the scripted first-byte delay, and wallMs at least ttft', async () => {
    fake.script({ delayMs: 80 });
    const agent = await startedAgent();
    const decision = await agent.decide(observation(0), never());
    expect(decision.timings.ttftMs).toBeGreaterThanOrEqual(80);
    expect(decision.timings.wallMs).toBeGreaterThanOrEqual(decision.timings.ttftMs!);
  });

  it('counts the first reasoning delta as the first token and returns the reasoning', async () => {
    // One reasoning token at once, then the one answer token a token delay later.
    fake.script({ reasoning: 'red', text: 'ok', tokenDelayMs: 300 });
    const agent = await startedAgent();
    const decision = await agent.decide(observation(0), never());
    if (decision.kind !== 'answer') throw new Error('expected an answer');
    expect(decision).toMatchObject({ answer: 'ok', reasoning: 'red' });
    expect(decision.timings.wallMs).toBeGreaterThanOrEqual(300);
    expect(decision.timings.ttftMs).toBeLessThan(300);
  });

  it('reads token counts from the usage chunk', async () => {
    fake.script({ usage: { promptTokens: 1234, completionTokens: 56, reasoningTokens: 7 } });
    const agent = await startedAgent();
    const decision = await agent.decide(observation(0), never());
    if (decision.kind !== 'answer') throw new Error('expected an answer');
    expect(decision.usage).toMatchObject({ tokensIn: 1234, tokensOut: 56, reasoningTokens: 7 });
  });

  it('reports one image and the request body bytes sent', async () => {
    const agent = await startedAgent();
    const decision = await agent.decide(observation(0), never());
    if (decision.kind !== 'answer') throw new Error('expected an answer');
    expect(decision.usage?.images).toBe(1);
    expect(decision.usage?.bytesSent).toBe(Buffer.byteLength(fake.completions()[0]!.raw));
  });

  it('reads providerMs from the openai-processing-ms header', async () => {
    fake.script({ processingMs: 42 });
    const agent = await startedAgent();
    expect((await agent.decide(observation(0), never())).timings.providerMs).toBe(42);
  });

  it("reads providerMs from llama.cpp's timings when there is no header", async () => {
    fake.script({ llamaTimings: { promptMs: 12.5, predictedMs: 30 } });
    const agent = await startedAgent();
    expect((await agent.decide(observation(0), never())).timings.providerMs).toBe(42.5);
  });

  it('leaves providerMs unset when the server reports no processing time', async () => {
    const agent = await startedAgent();
    expect((await agent.decide(observation(0), never())).timings).not.toHaveProperty('providerMs');
  });

  it('measures the network round trip once per endpoint with GET /models', async () => {
    const first = await startedAgent();
    await startedAgent();
    const probes = fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/models');
    expect(probes).toHaveLength(3);
    const decision = await first.decide(observation(0), never());
    expect(decision.timings.networkRttMs).toBeGreaterThan(0);
  });

  it('returns a digest that repeats for the same request and changes with the frame', async () => {
    const a = await startedAgent();
    const b = await startedAgent();
    const c = await startedAgent();
    const same1 = await a.decide(observation(0), never());
    const same2 = await b.decide(observation(0), never());
    const other = await c.decide(observation(0, { frame: solidFrame(64, 36, [255, 0, 0]) }), never());
    if (same1.kind !== 'answer' || same2.kind !== 'answer' || other.kind !== 'answer') throw new Error('expected answers');
    expect(same1.promptDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(same2.promptDigest).toBe(same1.promptDigest);
    expect(other.promptDigest).not.toBe(same1.promptDigest);
  });
});

describe('retries and errors', () => {
  it('retries a 429 and records it as a retry, apart from ttft', async () => {
    fake.script({ status: 429, retryAfter: '0' }, {});
    const agent = await startedAgent({ retries: 2 });
    const decision = await agent.decide(observation(0), never());
    expect(decision.timings.retries).toBe(1);
    expect(decision.timings.retryMs).toBeGreaterThan(0);
    expect(fake.completions()).toHaveLength(2);
    expect(agent.stats().retries).toBe(1);
  });

  it('waits the Retry-After the server asks for before retrying', async () => {
    fake.script({ status: 503, retryAfter: '1' }, {});
    const agent = await startedAgent({ retries: 1 });
    const decision = await agent.decide(observation(0), never());
    expect(decision.timings.retryMs).toBeGreaterThanOrEqual(1000);
    const [failed, retried] = fake.completions();
    expect(retried!.receivedAt - failed!.endedAt!).toBeGreaterThanOrEqual(990);
  });

  it('throws PROVIDER_TIMEOUT when a call hangs past timeoutMs', async () => {
    fake.script({ hang: true });
    const agent = await startedAgent({ timeoutMs: 200, retries: 0 });
    const begun = performance.now();
    const err = await rejection(agent.decide(observation(0), never()));
    const elapsed = performance.now() - begun;
    expect(err.code).toBe(ErrorCode.PROVIDER_TIMEOUT);
    expect(elapsed).toBeGreaterThanOrEqual(195);
    expect(elapsed).toBeLessThan(2000);
    await vi.waitFor(() => expect(fake.completions()[0]!.aborted).toBe(true));
  });

  it('throws PROVIDER_TIMEOUT when the stream stalls after its first token', async () => {
    fake.script({ hang: 'after-first-token' });
    const agent = await startedAgent({ timeoutMs: 200, retries: 0 });
    expect((await rejection(agent.decide(observation(0), never()))).code).toBe(ErrorCode.PROVIDER_TIMEOUT);
  });

  it('retries a timed-out attempt and counts every timeout', async () => {
    fake.script({ hang: true }, { hang: true });
    const agent = await startedAgent({ timeoutMs: 100, retries: 1 });
    const err = await rejection(agent.decide(observation(0), never()));
    expect(err.code).toBe(ErrorCode.PROVIDER_TIMEOUT);
    expect(fake.completions()).toHaveLength(2);
    expect(agent.stats()).toMatchObject({ decisions: 0, failed: 1, retries: 1, timeouts: 2 });
  });

  it('throws PROVIDER_ERROR with the status after persistent 500s', async () => {
    fake.script({ status: 500 }, { status: 500 }, { status: 500 });
    const agent = await startedAgent({ retries: 2 });
    const err = await rejection(agent.decide(observation(0), never()));
    expect(err.code).toBe(ErrorCode.PROVIDER_ERROR);
    expect(err.details).toMatchObject({ status: 500, attempts: 3 });
    expect(fake.completions()).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    fake.script({ status: 400 });
    const agent = await startedAgent({ retries: 2 });
    const err = await rejection(agent.decide(observation(0), never()));
    expect(err.code).toBe(ErrorCode.PROVIDER_ERROR);
    expect(err.details).toMatchObject({ status: 400, attempts: 1 });
    expect(fake.completions()).toHaveLength(1);
  });

  it('throws PROVIDER_ERROR when nothing listens at the endpoint', async () => {
    const closed = await startFakeProvider();
    const url = closed.url;
    await closed.close();
    const agent = makeAgent({ retries: 0 }, url);
    await agent.start(lastStandStart());
    expect((await rejection(agent.decide(observation(0), never()))).code).toBe(ErrorCode.PROVIDER_ERROR);
  });

  it('aborts the HTTP request when the signal aborts', async () => {
    fake.script({ hang: true });
    const agent = await startedAgent({ timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = agent.decide(observation(0), controller.signal);
    await vi.waitFor(() => expect(fake.completions()).toHaveLength(1));
    controller.abort();
    expect((await rejection(pending)).code).toBe(ErrorCode.ABORTED);
    await vi.waitFor(() => expect(fake.completions()[0]!.aborted).toBe(true));
    expect(agent.stats().aborted).toBe(1);
  });

  it('passes an ArenaError abort reason through as the error', async () => {
    fake.script({ hang: true });
    const agent = await startedAgent();
    const controller = new AbortController();
    const pending = agent.decide(observation(0), controller.signal);
    await vi.waitFor(() => expect(fake.completions()).toHaveLength(1));
    controller.abort(new ArenaError(ErrorCode.AGENT_TIMEOUT, 'decision deadline passed'));
    expect((await rejection(pending)).code).toBe(ErrorCode.AGENT_TIMEOUT);
  });
});

describe('answers', () => {
  it('returns a garbage answer as the answer text, for the gateway to judge', async () => {
    fake.script({ garbage: true });
    const agent = await startedAgent();
    const decision = await agent.decide(observation(0), never());
    expect(decision).toMatchObject({ kind: 'answer', answer: GARBAGE_ANSWER });
    // The agent does not parse answers: validity is the gateway's to count.
    expect(agent.stats()).toMatchObject({ decisions: 1 });
    expect(agent.stats()).not.toHaveProperty('invalid');
  });

  it('writes no feedback of its own on an invalid answer: the only note is the observation\'s', async () => {
    fake.script({ garbage: true }, {});
    const agent = await startedAgent({ feedback: true });
    await agent.decide(observation(0), never());
    await agent.decide(observation(1), never());
    expect(lastUserText(lastCompletion().messages)).not.toContain('previous answer');
  });

  it("uses the observation's feedback line when it has one", async () => {
    const agent = await startedAgent({ feedback: true });
    await agent.decide(observation(0, { feedback: 'three steps were too many' }), never());
    expect(lastUserText(lastCompletion().messages)).toContain('three steps were too many');
  });

  it('adds no feedback note when feedback is off', async () => {
    fake.script({ garbage: true }, {});
    const agent = await startedAgent();
    await agent.decide(observation(0), never());
    await agent.decide(observation(1, { feedback: 'ignored' }), never());
    expect(lastUserText(lastCompletion().messages)).not.toContain('previous answer');
  });
});

describe('history', () => {
  it('sends at most historyLength past observation/answer pairs', async () => {
    const answers = ['a0', 'a1', 'a2', 'a3'].map((a) => `<|action_start|>0 0 0 ; W ; ${a === 'a3' ? 'D' : 'A'} <|action_end|> ${a}`);
    fake.script(...answers.map((text) => ({ text })), {});
    const agent = await startedAgent({ historyLength: 2 });
    for (let step = 0; step < 5; step += 1) await agent.decide(observation(step), never());
    const { messages } = lastCompletion();
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual([answers[2], answers[3]]);
    expect(imageParts(messages)).toHaveLength(3);
    expect((messages[1] as Extract<ChatMessage, { role: 'user' }>).content).toContainEqual({ type: 'text', text: 'Observation at t=1.44s' });
  });

  it('sends past answers without their images when historyImages is off', async () => {
    const agent = await startedAgent({ historyImages: false });
    for (let step = 0; step < 3; step += 1) await agent.decide(observation(step), never());
    const { messages } = lastCompletion();
    expect(messages).toHaveLength(1 + 2 * 2 + 1);
    expect(imageParts(messages)).toHaveLength(1);
  });

  it('sends no history when historyLength is 0', async () => {
    const agent = await startedAgent({ historyLength: 0 });
    await agent.decide(observation(0), never());
    await agent.decide(observation(1), never());
    expect(lastCompletion().messages.map((m) => m.role)).toEqual(['system', 'user']);
  });
});

describe('skill', () => {
  it('trims a skill past its token cap and records that it did', async () => {
    const skill = Array.from({ length: 500 }, (_, i) => `rule${i}`).join(' ');
    const agent = await startedAgent({ skill, skillTokenCap: 100 });
    expect(agent.skillInfo).toMatchObject({ trimmed: true, capTokens: 100, tokens: Math.ceil(skill.length / 4) });
    expect(agent.skillInfo!.sentTokens).toBeLessThanOrEqual(100);
    await agent.decide(observation(0), never());
    const system = lastCompletion().messages[0]!.content as string;
    expect(system).toContain(agent.skillInfo!.text);
    expect(system).not.toContain('rule499');
  });

  it('sends a skill under its cap whole', async () => {
    const agent = await startedAgent({ skill: 'Stay near the centre.' });
    expect(agent.skillInfo).toMatchObject({ trimmed: false, text: 'Stay near the centre.' });
    await agent.decide(observation(0), never());
    expect(lastCompletion().messages[0]!.content).toContain('Stay near the centre.');
  });

  it('has no skill info without a skill', async () => {
    const agent = await startedAgent();
    expect(agent.skillInfo).toBeUndefined();
  });
});

describe('concurrency', () => {
  it('with maxConcurrent 1, two decisions on one endpoint do not overlap at the server', async () => {
    fake.script({ delayMs: 100 }, { delayMs: 100 });
    const a = await startedAgent({ maxConcurrent: 1 });
    const b = await startedAgent({ maxConcurrent: 1 });
    await Promise.all([a.decide(observation(0), never()), b.decide(observation(0), never())]);
    const [first, second] = fake.completions();
    expect(fake.maxInFlight()).toBe(1);
    expect(second!.receivedAt).toBeGreaterThanOrEqual(first!.endedAt!);
  });

  it('with maxConcurrent 2, two decisions on one endpoint run together', async () => {
    fake.script({ delayMs: 100 }, { delayMs: 100 });
    const a = await startedAgent({ maxConcurrent: 2 });
    const b = await startedAgent({ maxConcurrent: 2 });
    await Promise.all([a.decide(observation(0), never()), b.decide(observation(0), never())]);
    expect(fake.maxInFlight()).toBe(2);
  });

  it('leaves the time queued for the endpoint out of wallMs', async () => {
    fake.script({ delayMs: 300 }, {});
    const a = await startedAgent({ maxConcurrent: 1 });
    const b = await startedAgent({ maxConcurrent: 1 });
    const first = a.decide(observation(0), never());
    await vi.waitFor(() => expect(fake.completions()).toHaveLength(1));
    const begun = performance.now();
    const queued = await b.decide(observation(0), never());
    const elapsed = performance.now() - begun;
    await first;
    const { queueMs } = b.stats();
    expect(queueMs).toBeGreaterThan(100);
    expect(queued.timings.wallMs).toBeLessThanOrEqual(elapsed - queueMs + 0.1);
  });
});
