import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { useFakeProvider } from '../../tests/support/fake-provider.js';
import { callProvider, type StreamingBody } from './provider-call.js';
import { Semaphore } from './semaphore.js';

const fake = useFakeProvider();

function call(stream: boolean): ReturnType<typeof callProvider> {
  const client = new OpenAI({ baseURL: fake().url, apiKey: 'none', maxRetries: 0 });
  const body = { model: 'm', messages: [{ role: 'user', content: 'go' }], stream: true, stream_options: { include_usage: true } } as StreamingBody;
  return callProvider({ client, body, timeoutMs: 5000, retries: 0, retryBaseMs: 0, semaphore: new Semaphore(1), signal: new AbortController().signal, stream });
}

describe('callProvider and function calls', () => {
  for (const stream of [true, false]) {
    it(`returns the answer's tool calls in order, ${stream ? 'assembled from stream deltas' : 'from a plain response'}`, async () => {
      fake().script({ text: 'Looking.', toolCalls: [{ name: 'frames', arguments: { start_s: 0, end_s: 4, count: 2 }, id: 'call_x' }, { name: 'finish', id: 'call_y' }] });
      const r = await call(stream);
      expect(r.answer).toBe('Looking.');
      expect(r.finishReason).toBe('tool_calls');
      expect(r.toolCalls).toEqual([
        { id: 'call_x', name: 'frames', arguments: '{"start_s":0,"end_s":4,"count":2}' },
        { id: 'call_y', name: 'finish', arguments: '{}' },
      ]);
    });
  }

  it('returns no tool calls for a plain answer', async () => {
    fake().script({ text: 'just text' });
    expect((await call(true)).toolCalls).toEqual([]);
  });
});
