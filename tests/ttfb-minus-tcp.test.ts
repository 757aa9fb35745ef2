/**
 * The `ttfb_minus_tcp` latency source (the benchmark runner's non-streamed timing) and the timed request behind
 * it: a fresh connection per call whose connect, TLS, send, first-byte and download stages are measured apart,
 * against the fake provider on port 0, directly with a server that holds its headers back, and through a relay
 * that delays every byte, so the wait is seen to fall in the first-byte stage and not in the connect.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { httpTimingsOf, timedFetch } from '../agents/vlm/timed-request.js';
import { LatencyCharger } from '../gateway/index.js';
import type { HttpTimings } from '../protocol/index.js';
import { startDelayRelay, type DelayRelay } from '../scripts/bench/delay-relay.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { decideOnceAt } from './support/vlm-fixtures.js';

let provider: FakeProvider;
let relay: DelayRelay | undefined;
let server: Server | undefined;
beforeEach(async () => {
  provider = await startFakeProvider();
});
afterEach(async () => {
  await relay?.close();
  relay = undefined;
  if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  server = undefined;
  await provider.close();
});

const ANSWER = '<|action_start|>0 0 0 ; W ; W ; W <|action_end|>';

const decideOnce = (baseUrl: string, config: Record<string, unknown> = {}): ReturnType<typeof decideOnceAt> => decideOnceAt(baseUrl, { timedRequest: true, ...config });

const stagesSum = (h: HttpTimings): number => h.tcpMs + h.tlsMs + h.sendMs + h.ttfbMs + h.downloadMs;

describe('the timed request and ttfb_minus_tcp', () => {
  it('makes a plain call on a fresh connection, puts a held-back header wait in the first-byte stage, and charges it less the connect', async () => {
    provider.script({ text: ANSWER, delayMs: 300 });
    const d = await decideOnce(provider.url);
    expect(d.answer).toBe(ANSWER);
    const request = provider.completions()[0]!;
    expect(request.headers.connection).toBe('close');
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength(request.raw)));
    expect(request.body).toMatchObject({ stream: false });
    const http = d.timings.http!;
    expect(http).toBeDefined();
    expect(http.tlsMs).toBe(0);
    // The server cannot answer before its 300 ms hold: that wait is the first-byte stage's.
    expect(http.ttfbMs).toBeGreaterThanOrEqual(299);
    expect(stagesSum(http)).toBeCloseTo(http.wallMs, 0);
    expect(new LatencyCharger({ kind: 'ttfb_minus_tcp' }, 0).charge(d.timings)).toEqual({ ms: http.ttfbMs - http.tcpMs });
  });

  it('through a relay delaying each byte 150 ms each way, the round trip falls in the first-byte stage, not the connect', async () => {
    relay = await startDelayRelay('127.0.0.1', 0, '127.0.0.1', Number(new URL(provider.url).port), 150);
    const viaRelay = provider.url.replace(/:\d+\//, `:${relay.port}/`);
    provider.script({ text: ANSWER }, { text: ANSWER });
    const first = await decideOnce(viaRelay);
    const second = await decideOnce(viaRelay);
    for (const d of [first, second]) {
      const http = d.timings.http!;
      // The relay accepts at once (its connect is local) and holds the request 150 ms on the way in and the answer 150 ms on the way out.
      expect(http.ttfbMs).toBeGreaterThanOrEqual(299);
      expect(http.ttfbMs).toBeGreaterThan(http.tcpMs);
      expect(d.answer).toBe(ANSWER);
    }
    // Two calls, two connections: each carries its own connect time.
    expect(provider.completions().map((r) => r.headers.connection)).toEqual(['close', 'close']);
  });

  it('reads chunked and gzip answers, and keeps the stages of each response apart', async () => {
    const json = JSON.stringify({ ok: true, text: 'x'.repeat(5000) });
    server = createServer((req, res) => {
      if (req.url === '/gzip') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(json));
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.write(json.slice(0, 100));
      setTimeout(() => res.end(json.slice(100)), 50);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const chunked = await timedFetch(`${base}/chunked`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(chunked.status).toBe(201);
    expect(await chunked.text()).toBe(json);
    // The second half came 50 ms after the first byte: download time.
    expect(httpTimingsOf(chunked)!.downloadMs).toBeGreaterThanOrEqual(49);
    const gzip = await timedFetch(`${base}/gzip`, { method: 'POST', body: new TextEncoder().encode('{}') });
    expect(await gzip.json()).toEqual(JSON.parse(json));
    expect(httpTimingsOf(gzip)).not.toBe(httpTimingsOf(chunked));
    expect(httpTimingsOf(new Response('plain'))).toBeUndefined();
  });

  it('fails a refused connection and an aborted request as fetch does, and the agent reports PROVIDER_ERROR', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    await expect(timedFetch(`http://127.0.0.1:${closed}/v1/chat/completions`, { method: 'POST', body: '{}' })).rejects.toThrow(/^fetch failed: .*ECONNREFUSED/);
    const abort = new AbortController();
    provider.script({ text: ANSWER, delayMs: 5_000 });
    const pending = timedFetch(`${provider.url}/chat/completions`, { method: 'POST', body: '{}', signal: abort.signal });
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(decideOnce(`http://127.0.0.1:${closed}/v1`, { retries: 0 })).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
  });

  it("charges the runner's fallbacks: no connect time gives the provider's time, else the whole wait; no timed request gives wall time with a note", () => {
    const charger = new LatencyCharger({ kind: 'ttfb_minus_tcp' }, 0);
    const http = { tcpMs: 0, tlsMs: 0, sendMs: 1, ttfbMs: 420, downloadMs: 3, wallMs: 424 };
    expect(charger.charge({ wallMs: 500, http, providerMs: 380 }).ms).toBe(380);
    expect(charger.charge({ wallMs: 500, http }).ms).toBe(420);
    expect(charger.charge({ wallMs: 500, http: { ...http, tcpMs: 500 } }).ms).toBe(0);
    expect(charger.charge({ wallMs: 500 })).toEqual({ ms: 500, note: 'no timed request (the VLM agent\'s "timedRequest": true makes one); charged wall time' });
  });
});
