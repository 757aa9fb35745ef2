/**
 * Hardening figures: the gateway's memory while a realtime agent answers but never reads, against the same
 * match with an agent that reads (idle play), with the frames dropped for it; and the rate at which hostile
 * messages are refused against the rate at which a good client is served, on the same GameLink host.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from '@msgpack/msgpack';
import { WebSocket } from 'ws';
import { serveGame, lastStandGame } from '../../games/index.js';
import { AgentLinkServer, RemoteAgent, runMatch } from '../../gateway/index.js';
import { AGENT_LINK_VERSION, ClientMessage, GAME_LINK_VERSION, Prng, encodeMessage, messageSchema } from '../../protocol/index.js';
import { deafAgent } from '../fuzz/deaf-agent.js';
import { fuzzCase } from '../fuzz/msgpack-cases.js';

/** One agent kind's figures over its matches. */
export interface ConsumerMemory {
  /** Peak of heap + external memory above its value at the start, bytes. */
  readonly peakBytes: number;
  /** Most bytes ever waiting on the agent's socket. */
  readonly peakBufferedBytes: number;
  readonly framesDropped: number;
  readonly decisions: number;
  readonly matches: number;
}

const IDLE = '{"look":[0,0],"steps":[[],[],[]]}';

/** An agent that reads every observation and answers it with a no-op. */
async function readingAgent(url: string, token: string): Promise<{ stop(): void }> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.on('error', () => undefined);
  ws.send(encodeMessage({ type: 'hello', version: AGENT_LINK_VERSION, token, agent: 'idle' }));
  ws.on('message', (data: Buffer) => {
    const m = decode(data) as { type?: string; step?: number };
    if (m.type === 'observation') ws.send(encodeMessage({ type: 'action', step: m.step ?? 0, answer: IDLE }));
  });
  return { stop: () => ws.terminate() };
}

/** Plays realtime last_stand matches with one remote agent (`deaf` or reading) for `durationMs` of wall time. */
export async function benchConsumerMemory(deaf: boolean, durationMs: number): Promise<ConsumerMemory> {
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-'));
  const link = await AgentLinkServer.listen();
  const used = (): number => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  const start = used();
  let peak = start;
  let peakBuffered = 0;
  let framesDropped = 0;
  let decisions = 0;
  let matches = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 100);
  const t0 = performance.now();
  try {
    while (performance.now() - t0 < durationMs) {
      const agent = new RemoteAgent(0, { frameEncoding: 'rgb', clock: 'realtime' });
      link.register(agent);
      const port = Number(new URL(link.url).port);
      const client = deaf ? await deafAgent(port, agent.token) : await readingAgent(link.url, agent.token);
      const result = await runMatch({
        game: 'last_stand',
        seed: matches + 1,
        clock: 'realtime',
        runsDir,
        timeLimitMs: Math.max(1000, Math.round(durationMs - (performance.now() - t0))),
        stepBudget: 100_000,
        frame: { width: 640, height: 360 },
        slots: [{ slot: 0, agent }],
        onEvent: (e) => {
          if (e.type === 'decision' && 'next' in client) client.next = e.step + 1;
          peakBuffered = Math.max(peakBuffered, agent.bufferedBytes);
        },
      });
      client.stop();
      link.unregister(agent);
      matches += 1;
      decisions += result.players[0]!.decisions;
      framesDropped += result.players[0]!.framesDropped ?? 0;
    }
  } finally {
    clearInterval(sampler);
    await link.close();
    rmSync(runsDir, { recursive: true, force: true });
  }
  return { peakBytes: Math.max(0, peak - start), peakBufferedBytes: peakBuffered, framesDropped, decisions, matches };
}

/** Messages per second: hostile ones refused (one connection each) and good hello round trips, same host. */
export interface FuzzThroughput {
  readonly hostilePerSecond: number;
  readonly goodPerSecond: number;
  readonly hostile: number;
  readonly good: number;
}

async function open(port: number): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`);
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return ws;
}

const closed = (ws: WebSocket): Promise<void> => new Promise((resolve) => (ws.readyState === ws.CLOSED ? resolve() : ws.once('close', () => resolve())));

/** Hostile cases, then good clients, each for `ms` of wall time, against one in-process GameLink host. */
export async function benchFuzzThroughput(ms: number, seed = 1): Promise<FuzzThroughput> {
  const server = await serveGame(lastStandGame);
  const hello = { type: 'hello' as const, version: GAME_LINK_VERSION, client: 'bench', privileged: false };
  const valid = [hello, { type: 'observe', id: 1, frames: [0] }, { type: 'pause', id: 2 }];
  const types = [...messageSchema(ClientMessage).types];
  try {
    const rng = new Prng(seed, 7);
    let hostile = 0;
    let t0 = performance.now();
    while (performance.now() - t0 < ms) {
      const ws = await open(server.port);
      ws.send(fuzzCase(rng, valid, types));
      // A case that happens to be valid is left by the client; the rest the host closes with a code.
      const timer = setTimeout(() => ws.close(1000), 50);
      await closed(ws);
      clearTimeout(timer);
      hostile += 1;
    }
    const hostileMs = performance.now() - t0;
    let good = 0;
    t0 = performance.now();
    while (performance.now() - t0 < ms) {
      const ws = await open(server.port);
      const answered = new Promise<void>((resolve) => ws.once('message', () => resolve()));
      ws.send(encodeMessage(hello));
      await answered;
      ws.close(1000);
      await closed(ws);
      good += 1;
    }
    const goodMs = performance.now() - t0;
    return { hostile, good, hostilePerSecond: (hostile * 1000) / hostileMs, goodPerSecond: (good * 1000) / goodMs };
  } finally {
    await server.close();
  }
}
