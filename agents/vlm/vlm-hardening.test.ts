/**
 * The VLM agent against unlucky endpoints: a runaway answer, a context that overflows after a long answer,
 * an error sent inside a 200 stream, and a stream that never ends. None of them may poison later decisions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ArenaError, type Decision } from '../../protocol/index.js';
import { DEFAULT_ANSWER, FAKE_MODEL, useFakeProvider } from '../../tests/support/fake-provider.js';
import { lastStandStart, observation } from '../../tests/support/vlm-fixtures.js';
import type { VlmAgentConfigInput } from './config.js';
import type { ChatMessage } from './prompt.js';
import { createVlmAgent, type VlmAgent } from './vlm-agent.js';

const provider = useFakeProvider();
const agents: VlmAgent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

async function startedAgent(over: Partial<VlmAgentConfigInput> = {}): Promise<VlmAgent> {
  const agent = createVlmAgent({ baseUrl: provider().url, model: FAKE_MODEL, apiKeyEnv: 'ARENA_TEST_UNSET_KEY', retryBaseMs: 5, ...over });
  agents.push(agent);
  await agent.start(lastStandStart());
  return agent;
}

const never = (): AbortSignal => new AbortController().signal;
const body = (i: number): { messages: ChatMessage[] } & Record<string, unknown> => provider().completions()[i]!.body as { messages: ChatMessage[] } & Record<string, unknown>;
const assistantTexts = (messages: readonly ChatMessage[]): string[] => messages.filter((m) => m.role === 'assistant').map((m) => String(m.content));
const finishOf = (d: Decision): string | undefined => (d.kind === 'answer' ? d.finishReason : undefined);
const RUNAWAY = `${'I think about the scene in great detail. '.repeat(400)}${DEFAULT_ANSWER}`;

describe('VLM agent: output cap', () => {
  it('caps the output by default and sends no cap when configured null', async () => {
    const capped = await startedAgent();
    await capped.decide(observation(0), never());
    expect(body(0)['max_completion_tokens']).toBe(1024);
    const open = await startedAgent({ maxOutputTokens: null });
    await open.decide(observation(0), never());
    expect(body(1)).not.toHaveProperty('max_completion_tokens');
  });

  it('keeps an answer cut by the cap out of the history and records its finish reason', async () => {
    const agent = await startedAgent();
    provider().script({ text: RUNAWAY, finishReason: 'length' });
    const cut = await agent.decide(observation(0), never());
    expect(finishOf(cut)).toBe('length');
    const next = await agent.decide(observation(1), never());
    expect(finishOf(next)).toBe('stop');
    expect(assistantTexts(body(1).messages)).toEqual([]);
    await agent.decide(observation(2), never());
    // The complete answer did go into the history.
    expect(assistantTexts(body(2).messages)).toEqual([DEFAULT_ANSWER]);
    expect(agent.stats().truncated).toBe(1);
  });
});

describe('VLM agent: context overflow', () => {
  it('retries once without history when the endpoint answers 400 for a context a long answer overflowed', async () => {
    const agent = await startedAgent({ maxOutputTokens: null });
    provider().script({ text: RUNAWAY });
    await agent.decide(observation(0), never());
    // The first request fitted; with the long answer in its history the next one does not.
    provider().limitContext(provider().completions()[0]!.raw.length + 2000);
    const recovered = await agent.decide(observation(1), never());
    expect(recovered.kind).toBe('answer');
    // The refused request is a retried attempt in the decision's timings, so no latency source charges it.
    expect(recovered.timings.retries).toBe(1);
    expect(recovered.timings.contextRetry).toBe(true);
    expect(recovered.timings.retryMs).toBeGreaterThan(0);
    expect(recovered.timings.retryMs).toBeLessThan(recovered.timings.wallMs);
    const [refused, retried] = provider().completions().slice(1);
    expect(refused!.raw.length).toBeGreaterThan(provider().completions()[0]!.raw.length + 2000);
    expect(assistantTexts((retried!.body as { messages: ChatMessage[] }).messages)).toEqual([]);
    // And the decisions after it fit again: the overflowing history is gone for good.
    await agent.decide(observation(2), never());
    expect(provider().completions()).toHaveLength(4);
    expect(agent.stats()).toMatchObject({ contextRetries: 1, retries: 1, failed: 0, decisions: 3 });
  });

  it('keeps the history one turn shorter than a refused request, so later decisions are not refused again', async () => {
    const probe = await startedAgent();
    for (let i = 0; i < 3; i++) await probe.decide(observation(i), never());
    const [, one, two] = provider().completions().map((r) => r.raw.length);
    // One past turn fits the played context, two do not.
    provider().limitContext(Math.floor((one! + two!) / 2));
    const agent = await startedAgent();
    for (let i = 0; i < 7; i++) await agent.decide(observation(i), never());
    const refused = provider().completions().slice(3).filter((r) => r.reply === undefined);
    expect(refused).toHaveLength(1);
    expect(agent.stats()).toMatchObject({ contextRetries: 1, decisions: 7, failed: 0 });
  });

  it('fails with PROVIDER_ERROR (status 400) when even the request without history does not fit', async () => {
    const agent = await startedAgent();
    provider().limitContext(10);
    const err = await agent.decide(observation(0), never()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ArenaError);
    expect((err as ArenaError).code).toBe('PROVIDER_ERROR');
    expect((err as ArenaError).details?.['status']).toBe(400);
    expect(provider().completions()).toHaveLength(1);
  });
});

describe('VLM agent: broken streams', () => {
  it('retries an error sent inside a 200 stream like a 5xx', async () => {
    const agent = await startedAgent();
    provider().script({ streamError: 'upstream worker died' });
    const d = await agent.decide(observation(0), never());
    expect(d.kind === 'answer' && d.answer).toBe(DEFAULT_ANSWER);
    expect(d.timings.retries).toBe(1);
    expect(provider().completions()).toHaveLength(2);
  });

  it('fails with PROVIDER_ERROR naming the in-stream error once its retries are spent', async () => {
    const agent = await startedAgent({ retries: 1 });
    provider().script({ streamError: 'upstream worker died' }, { streamError: 'upstream worker died' });
    const err = (await agent.decide(observation(0), never()).catch((e: unknown) => e)) as ArenaError;
    expect(err.code).toBe('PROVIDER_ERROR');
    expect(err.message).toMatch(/inside its stream/);
    expect(err.details?.['inStream']).toBe(true);
  });

  it('ends a stream that never ends with PROVIDER_TIMEOUT at the attempt deadline', async () => {
    const agent = await startedAgent({ timeoutMs: 300, retries: 1 });
    provider().script({ hang: 'after-first-token' }, { hang: 'after-first-token' });
    const err = (await agent.decide(observation(0), never()).catch((e: unknown) => e)) as ArenaError;
    expect(err.code).toBe('PROVIDER_TIMEOUT');
    expect(err.details?.['timedOutAttempts']).toBe(2);
  });
});
