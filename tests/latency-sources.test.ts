/**
 * Each latency source against a local model server that reports its own timings: time to the last token of
 * a stream, a plain (non-streamed) answer timed as a whole, a server that answers a streamed request with
 * plain JSON, the provider's processing time from a configurable header and from llama.cpp's `timings`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVlmAgent } from '../agents/index.js';
import { LatencyCharger } from '../gateway/index.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { decideOnceAt } from './support/vlm-fixtures.js';

let provider: FakeProvider;
beforeEach(async () => {
  provider = await startFakeProvider();
});
afterEach(async () => {
  await provider.close();
});

const ANSWER = '<|action_start|>0 0 0 ; W ; W ; W <|action_end|>';

function decideOnce(config: Record<string, unknown> = {}): ReturnType<typeof decideOnceAt> {
  return decideOnceAt(provider.url, config);
}

describe('latency sources', () => {
  it('times the last streamed token, after the first, and charges it as ttlt', async () => {
    provider.script({ text: ANSWER, tokenDelayMs: 20 });
    const d = await decideOnce();
    expect(d.timings.ttltMs).toBeDefined();
    expect(d.timings.ttltMs!).toBeGreaterThan(d.timings.ttftMs!);
    const charged = new LatencyCharger({ kind: 'ttlt' }, 0).charge(d.timings);
    expect(charged).toEqual({ ms: Math.max(0, d.timings.ttltMs! - (d.timings.networkRttMs ?? 0)) });
  });

  it('asks for a plain completion when streaming is off and times it as a whole', async () => {
    provider.script({ text: ANSWER });
    const d = await decideOnce({ stream: false });
    expect(d.answer).toBe(ANSWER);
    expect(provider.completions()[0]!.body).toMatchObject({ stream: false });
    expect(d.timings.ttftMs).toBeUndefined();
    expect(d.timings.ttltMs).toBeDefined();
  });

  it('reads the answer of a server that ignores `stream` and answers with plain JSON', async () => {
    provider.script({ text: ANSWER, ignoreStream: true });
    const d = await decideOnce();
    expect(d.answer).toBe(ANSWER);
    expect(d.usage?.tokensIn).toBe(100);
  });

  it("takes the provider's processing time from a configured header", async () => {
    provider.script({ text: ANSWER, headers: { 'x-model-time-ms': '321' } });
    const d = await decideOnce({ processingHeader: 'x-model-time-ms' });
    expect(d.timings.providerMs).toBe(321);
    expect(new LatencyCharger({ kind: 'provider' }, 0).charge(d.timings)).toEqual({ ms: 321 });
  });

  it("takes llama.cpp's timings from a plain answer", async () => {
    provider.script({ text: ANSWER, llamaTimings: { promptMs: 40, predictedMs: 60 } });
    const d = await decideOnce({ stream: false });
    expect(d.timings.providerMs).toBe(100);
  });

  it('charges wall time with a note when no ttlt is reported', () => {
    expect(new LatencyCharger({ kind: 'ttlt' }, 0).charge({ wallMs: 50 })).toEqual({ ms: 50, note: 'no ttlt reported; charged wall time' });
  });

  it('leaves retried attempts out of a wall charge and says so in the note', () => {
    expect(new LatencyCharger({ kind: 'wall' }, 0).charge({ wallMs: 900, retries: 1, retryMs: 600 })).toEqual({ ms: 300, note: 'charged wall time, less 600 ms of 1 retried attempt(s)' });
    expect(new LatencyCharger({ kind: 'provider' }, 0).charge({ wallMs: 900, retries: 2, retryMs: 600 })).toEqual({ ms: 300, note: 'no provider time reported; charged wall time, less 600 ms of 2 retried attempt(s)' });
  });

  it('charges a failed decision nothing, unless the source is synthetic, and says which', () => {
    for (const kind of ['wall', 'provider', 'ttfb', 'ttlt'] as const) {
      expect(new LatencyCharger({ kind }, 0).chargeFailed()).toEqual({ ms: 0, note: 'failed decision: its failed attempts are never charged' });
    }
    expect(new LatencyCharger({ kind: 'synthetic', ms: 400, jitterMs: 0, seed: 0 }, 0).chargeFailed()).toEqual({ ms: 400, note: 'failed decision: charged the synthetic value' });
  });

  it('rejects a processing header name that is not a header name, with BAD_CONFIG', () => {
    expect(() => createVlmAgent({ baseUrl: provider.url, model: 'm', processingHeader: 'bad header' })).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
  });
});
