/**
 * The bridge side of GameLink in this process: the token in the hello, one controlling gateway at a time, a
 * dropped session taken back within its grace period with its last answer replayed (never run twice), link
 * frame encodings with send stamps, and the gateway's client taking a cut link back with identical results.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDelayRelay, type DelayRelay } from '../scripts/bench/delay-relay.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CloseCode, GAME_LINK_VERSION } from '../protocol/index.js';
import { lastStandGame, serveGame } from '../games/index.js';
import { runGameLinkConformance } from '../conformance/index.js';
import { conformanceCommand } from '../scripts/commands/conformance.js';
import { GameClient } from '../env-bridge/index.js';
import type { GameServer, ServeOptions } from '../game-host/index.js';
import { probeEntry, probeGame } from './support/probe-game.js';
import { rawClient, type RawClient } from './support/raw-client.js';

const TOKEN = 'a-bridge-token-of-some-length';
const reset = { type: 'reset', id: 1, seed: 1, variant: 'origin', slots: [0, 1], frame: { width: 32, height: 16, encoding: 'rgb' } };
const advance = (id: number, inputs: unknown[] = []): Record<string, unknown> => ({ type: 'advance', id, ms: 120, inputs, frames: [0] });
const tap = { type: 'key', slot: 0, key: 'F', down: true, at: 0 } as const;

const servers: GameServer[] = [];
const clients: RawClient[] = [];
const proxies: DelayRelay[] = [];
const gameClients: GameClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  for (const g of gameClients.splice(0)) await g.close();
  for (const p of proxies.splice(0)) await p.close();
  for (const s of servers.splice(0)) await s.close();
});

async function bridge(options: ServeOptions = {}, withToken = true): Promise<GameServer> {
  const server = await serveGame(probeGame, { entry: probeEntry, ...(withToken ? { token: TOKEN } : {}), graceMs: 10_000, ...options });
  servers.push(server);
  return server;
}

async function hello(port: number, fields: Record<string, unknown> = { token: TOKEN }): Promise<{ c: RawClient; reply: Record<string, unknown> }> {
  const c = await rawClient(`ws://127.0.0.1:${port}`);
  clients.push(c);
  c.send({ type: 'hello', version: GAME_LINK_VERSION, client: 'test', privileged: false, ...fields });
  const reply = await c.next((m) => m.type === 'hello' || m.type === 'error');
  return { c, reply };
}

describe('bridge: who may drive the game', () => {
  it('closes a hello without a token or with a wrong one with UNAUTHORIZED (4012), and admits the right one', async () => {
    const server = await bridge();
    for (const fields of [{}, { token: 'not-the-token-at-all' }, { token: `${TOKEN}x` }]) {
      const { c, reply } = await hello(server.port, fields);
      expect(reply.code).toBe('UNAUTHORIZED');
      expect((await c.closed).code).toBe(CloseCode.UNAUTHORIZED);
    }
    const { reply } = await hello(server.port);
    expect(reply.type).toBe('hello');
    expect(typeof reply.session).toBe('string');
    expect(reply.graceMs).toBe(10_000);
  });

  it('refuses a second gateway while the first is connected and while its session waits, and gives the first its session back', async () => {
    const server = await bridge();
    const first = await hello(server.port);
    const second = await hello(server.port);
    expect(second.reply.code).toBe('BAD_STATE');
    expect(String(second.reply.message)).toMatch(/already has a controlling gateway/);
    expect((await second.c.closed).code).toBe(CloseCode.BAD_STATE);
    first.c.ws.terminate();
    await first.c.closed;
    // The bridge notices the drop; until then a newcomer is refused as "connected", after it as "waiting".
    await vi.waitFor(async () => {
      const third = await hello(server.port);
      expect(third.reply.code).toBe('BAD_STATE');
      expect(String(third.reply.message)).toMatch(/keeps its session/);
    });
    const back = await hello(server.port, { token: TOKEN, resume: first.reply.session });
    expect([back.reply.type, back.reply.resumed, back.reply.session]).toEqual(['hello', true, first.reply.session]);
  });

  it('frees the seat at once after a bye, and after the grace period when the gateway never came back', async () => {
    const server = await bridge({ graceMs: 300 });
    const first = await hello(server.port);
    first.c.send({ type: 'bye', reason: 'done' });
    await first.c.closed;
    const second = await hello(server.port);
    expect(second.reply.type).toBe('hello');
    second.c.ws.terminate();
    await vi.waitFor(async () => expect((await hello(server.port)).reply.type).toBe('hello'), { timeout: 5000, interval: 100 });
    const late = await hello(server.port, { token: TOKEN, resume: second.reply.session });
    expect(late.reply.code).toBe('BAD_STATE');
    expect(String(late.reply.message)).toMatch(/no session/);
  });
});

describe('bridge: a dropped link loses and doubles nothing', () => {
  it('answers a re-sent request from its log: the input ran once, and the next step goes on from there', async () => {
    const server = await bridge();
    const first = await hello(server.port);
    first.c.send(reset);
    await first.c.next((m) => m.type === 'done' && m.id === 1);
    first.c.send(advance(2, [tap]));
    const done = await first.c.next((m) => m.type === 'done' && m.id === 2);
    const inputsBefore = first.c.messages.filter((m) => m.type === 'event' && m.name === 'input');
    first.c.ws.terminate();
    const back = await hello(server.port, { token: TOKEN, resume: first.reply.session });
    expect(back.reply.lastId).toBe(2);
    back.c.send(advance(2, [tap]));
    const again = await back.c.next((m) => m.type === 'done' && m.id === 2);
    expect(again).toEqual(done);
    expect(back.c.messages.filter((m) => m.type === 'event' && m.name === 'input')).toEqual(inputsBefore);
    back.c.send(advance(3));
    const next = await back.c.next((m) => m.type === 'done' && m.id === 3);
    expect(next.simMs).toBe(240);
    expect(back.c.messages.filter((m) => m.type === 'event' && m.name === 'input')).toHaveLength(inputsBefore.length);
    back.c.send(advance(2));
    expect((await back.c.next((m) => m.type === 'error')).code).toBe('BAD_STATE');
  });

  it("replays a request's frames as first sent: a frame kept for the replay is not painted over by the next render", async () => {
    const server = await bridge();
    const first = await hello(server.port);
    first.c.send(reset);
    await first.c.next((m) => m.type === 'done' && m.id === 1);
    const before = first.c.messages.length;
    // Two frames of one request: the second is rendered while the first is kept in the session's log.
    first.c.send({ ...advance(2, [tap]), frames: [0, 1] });
    await first.c.next((m) => m.type === 'done' && m.id === 2);
    const sent = first.c.messages.slice(before).filter((m) => m.type === 'frame');
    expect(sent.map((m) => m.slot)).toEqual([0, 1]);
    expect(Buffer.from(sent[0]!.data as Uint8Array).equals(Buffer.from(sent[1]!.data as Uint8Array))).toBe(false);
    first.c.ws.terminate();
    const back = await hello(server.port, { token: TOKEN, resume: first.reply.session });
    back.c.send({ ...advance(2, [tap]), frames: [0, 1] });
    await back.c.next((m) => m.type === 'done' && m.id === 2);
    const replayed = back.c.messages.filter((m) => m.type === 'frame');
    expect(replayed.map((m) => Buffer.from(m.data as Uint8Array).toString('hex'))).toEqual(sent.map((m) => Buffer.from(m.data as Uint8Array).toString('hex')));
  });
});

describe('bridge: frames as the link asks', () => {
  it('sends PNG (decoded back to the very raw bytes), or JPEG at a smaller side, with the game time and a send stamp', async () => {
    const server = await bridge({}, false);
    const { c } = await hello(server.port, { frames: { encoding: 'jpeg', quality: 70, maxSide: 16 } });
    c.send(reset);
    c.send(advance(2));
    const frame = await c.next((m) => m.type === 'frame' && m.simMs === 120);
    expect([frame.encoding, frame.width, frame.height, frame.simMs]).toEqual(['jpeg', 16, 8, 120]);
    expect(typeof frame.sentAt).toBe('number');
    c.ws.terminate();
    await c.closed;

    const digests: string[][] = [];
    for (const frames of [undefined, { encoding: 'png' as const }]) {
      const plain = await serveGame(probeGame, { entry: probeEntry });
      servers.push(plain);
      const client = await GameClient.connect(`ws://127.0.0.1:${plain.port}`, { client: 'test', privileged: false, ...(frames ? { frames } : {}) });
      gameClients.push(client);
      await client.reset(1, 'origin', [0, 1], { width: 32, height: 16, encoding: 'rgb' });
      const got: string[] = [];
      for (let i = 0; i < 3; i++) {
        const reply = await client.advance(120, [], [0, 1]);
        for (const f of reply.frames) got.push(`${f.encoding}:${f.width}x${f.height}:${createHash('sha256').update(f.data).digest('hex')}`);
      }
      digests.push(got);
      if (frames) {
        expect(client.linkStats.frames).toBe(8);
        expect(client.linkStats.frameAgesMs).toHaveLength(8);
      } else expect(client.linkStats.frames).toBe(0);
    }
    expect(digests[1]).toEqual(digests[0]);
    expect(digests[0]![0]).toMatch(/^rgb:32x16:/);
  });
});

/** A forwarder whose connections a test can cut at once. */
async function cuttableProxy(targetPort: number): Promise<DelayRelay> {
  const relay = await startDelayRelay('127.0.0.1', 0, '127.0.0.1', targetPort, 0);
  proxies.push(relay);
  return relay;
}

describe("bridge: the gateway's client takes a cut link back", () => {
  it('plays the same steps with the same inputs and frames as without the cuts', async () => {
    const play = async (cutAt: ReadonlySet<number>): Promise<{ log: unknown[]; resumes: number }> => {
      const server = await bridge();
      const proxy = await cuttableProxy(server.port);
      const client = await GameClient.connect(`ws://127.0.0.1:${proxy.port}`, { client: 'test', privileged: false, token: TOKEN, frames: { encoding: 'png' } });
      gameClients.push(client);
      await client.reset(1, 'origin', [0, 1], { width: 32, height: 16, encoding: 'rgb' });
      const log: unknown[] = [];
      for (let step = 0; step < 8; step++) {
        const pending = client.advance(120, [{ ...tap, key: step % 2 ? 'F' : 'Space' }], [0, 1]);
        if (cutAt.has(step)) proxy.cut();
        const reply = await pending;
        log.push({ simMs: reply.done.simMs, events: reply.events.map((e) => [e.name, e.simMs, e.data]), frames: reply.frames.map((f) => createHash('sha256').update(f.data).digest('hex')) });
      }
      return { log, resumes: client.linkStats.resumes };
    };
    const clean = await play(new Set());
    const cut = await play(new Set([1, 4, 5]));
    expect(clean.resumes).toBe(0);
    expect(cut.resumes).toBe(3);
    expect(cut.log).toEqual(clean.log);
  });

  it('ends with GAME_CRASHED when the bridge does not come back within its grace period', async () => {
    const server = await bridge({ graceMs: 400 });
    const proxy = await cuttableProxy(server.port);
    const client = await GameClient.connect(`ws://127.0.0.1:${proxy.port}`, { client: 'test', privileged: false, token: TOKEN });
    gameClients.push(client);
    await client.reset(1, 'origin', [0, 1], { width: 32, height: 16, encoding: 'rgb' });
    // No connection gets through any more: the bridge is gone for this gateway.
    await proxy.close();
    const pending = client.advance(120, [], [0]);
    const err = await pending.then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(err?.code).toBe('GAME_CRASHED');
    expect(err?.message).toMatch(/grace period of 400 ms/);
  });

  it('ends with GAME_TIMEOUT when the request deadline passes before the bridge is back', async () => {
    const server = await bridge({ graceMs: 60_000 });
    const proxy = await cuttableProxy(server.port);
    const client = await GameClient.connect(`ws://127.0.0.1:${proxy.port}`, { client: 'test', privileged: false, token: TOKEN, requestTimeoutMs: 600 });
    gameClients.push(client);
    await client.reset(1, 'origin', [0, 1], { width: 32, height: 16, encoding: 'rgb' });
    // No connection gets through any more: the bridge is gone for this gateway.
    await proxy.close();
    const pending = client.advance(120, [], [0]);
    await expect(pending).rejects.toMatchObject({ code: 'GAME_TIMEOUT' });
  });
});

describe('bridge: the GameLink contract holds', () => {
  it('passes every conformance check as a resumable seat (a gateway closed for a protocol error gets no session kept)', async () => {
    const server = await serveGame(lastStandGame, { graceMs: 30_000 });
    servers.push(server);
    const results = await runGameLinkConformance(`ws://127.0.0.1:${server.port}`);
    expect(results.filter((r) => r.status !== 'pass')).toEqual([]);
  }, 120_000);

  it('passes with the token against a bridge that needs one, checks a missing or wrong token is refused, and fails without it', async () => {
    const server = await serveGame(lastStandGame, { graceMs: 30_000, token: TOKEN });
    servers.push(server);
    const url = `ws://127.0.0.1:${server.port}`;
    const results = await runGameLinkConformance(url, { token: TOKEN });
    expect(results.filter((r) => r.status !== 'pass')).toEqual([]);
    expect(results.map((r) => r.name)).toEqual(expect.arrayContaining(['a hello without the token closes with UNAUTHORIZED (4012)', 'a hello with a wrong token closes with UNAUTHORIZED (4012)']));
    // The same battery from the command line, the token from a file.
    const dir = mkdtempSync(join(tmpdir(), 'conformance-token-'));
    try {
      writeFileSync(join(dir, 'bridge.token'), `${TOKEN}\n`);
      const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      expect(await conformanceCommand(['--url', url, '--token-file', join(dir, 'bridge.token'), '--end-within', '0'])).toBe(0);
      expect(out.mock.calls.map((c) => String(c[0])).join('')).toContain('a hello with a wrong token closes with UNAUTHORIZED (4012)');
      out.mockRestore();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Without the token the battery cannot take the seat, and says why.
    const without = await runGameLinkConformance(url, { endWithinMs: 0 });
    const hello = without.find((r) => r.name === 'hello and capabilities');
    expect(hello?.status).toBe('fail');
    expect(hello?.detail).toContain('UNAUTHORIZED');
  }, 120_000);
});
