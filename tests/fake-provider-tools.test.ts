import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ANSWER, startFakeProvider, type FakeProvider } from './support/fake-provider.js';

let fake: FakeProvider;
let client: OpenAI;

beforeEach(async () => {
  fake = await startFakeProvider();
  client = new OpenAI({ baseURL: fake.url, apiKey: 'none', maxRetries: 0 });
});

afterEach(async () => {
  await fake.close();
});

const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: 'go' }];

describe('fake provider function calls', () => {
  it('returns scripted tool calls in a plain response with finish reason tool_calls', async () => {
    fake.script({ toolCalls: [{ name: 'read_episode', arguments: { episode: 2 }, id: 'call_a' }, { name: 'list_episodes' }] });
    const res = await client.chat.completions.create({ model: 'm', messages });
    const choice = res.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    const calls = choice.message.tool_calls!;
    expect(calls[0]).toEqual({ id: 'call_a', type: 'function', function: { name: 'read_episode', arguments: '{"episode":2}' } });
    expect(calls[1]).toMatchObject({ type: 'function', function: { name: 'list_episodes', arguments: '{}' } });
    expect(calls[1]!.id).toMatch(/^call_\d+$/);
  });

  it('streams tool calls as deltas that assemble into the scripted calls', async () => {
    fake.script({ text: 'Let me look.', toolCalls: [{ name: 'view_frames', arguments: { episode: 0, steps: [1, 2] } }] });
    const stream = client.chat.completions.stream({ model: 'm', messages, stream: true });
    const done = await stream.finalChatCompletion();
    expect(done.choices[0]!.finish_reason).toBe('tool_calls');
    expect(done.choices[0]!.message.content).toBe('Let me look.');
    const calls = done.choices[0]!.message.tool_calls!;
    expect(calls).toHaveLength(1);
    const first = calls[0]!;
    expect(first.type === 'function' ? (JSON.parse(first.function.arguments) as unknown) : undefined).toEqual({ episode: 0, steps: [1, 2] });
  });

  it('sends malformed arguments as written', async () => {
    fake.script({ toolCalls: [{ name: 'submit', arguments: '{"skill": ' }] });
    const res = await client.chat.completions.create({ model: 'm', messages });
    const call = res.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && call.function.arguments).toBe('{"skill": ');
  });

  it('still answers the default action chunk when nothing is scripted', async () => {
    const res = await client.chat.completions.create({ model: 'm', messages });
    expect(res.choices[0]!.message.content).toBe(DEFAULT_ANSWER);
    expect(res.choices[0]!.finish_reason).toBe('stop');
  });
});
