import { Socket } from 'node:net';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CloseCode, GAME_LINK_VERSION } from '../protocol/index.js';
import { serveGame } from '../games/index.js';
import type { GameServer } from '../game-host/index.js';
import { probeEntry, probeGame } from './support/probe-game.js';
import { rawClient, type RawClient } from './support/raw-client.js';

let server: GameServer;
const clients: RawClient[] = [];
beforeEach(async () => {
  server = await serveGame(probeGame, { entry: probeEntry });
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  await server.close();
});

async function connect(hello = true, privileged = false): Promise<RawClient> {
  const c = await rawClient(`ws://127.0.0.1:${server.port}`);
  clients.push(c);
  if (hello) {
    c.send({ type: 'hello', version: GAME_LINK_VERSION, client: 'test', privileged });
    await c.next((m) => m.type === 'hello');
  }
  return c;
}

const reset = { type: 'reset', id: 1, seed: 1, variant: 'origin', slots: [0, 1], frame: { width: 32, height: 16, encoding: 'rgb' } };

/** A client past hello and reset, in an episode of both slots. */
async function inEpisode(): Promise<RawClient> {
  const c = await connect();
  c.send(reset);
  await c.next((m) => m.type === 'done');
  return c;
}

describe('GameLink host: protocol errors close the link with a code', () => {
  it('answers a hello with its capabilities', async () => {
    const c = await connect(false);
    c.send({ type: 'hello', version: GAME_LINK_VERSION, client: 'test', privileged: false });
    const hello = await c.next((m) => m.type === 'hello');
    expect(hello.game).toBe('probe');
    expect((hello.capabilities as { clock: { tickMs: number } }).clock.tickMs).toBe(10);
  });

  it('closes on bytes that are not msgpack with BAD_MESSAGE', async () => {
    const c = await connect();
    c.sendBytes(new Uint8Array([0xc1, 0xc1, 0xc1]));
    expect((await c.next((m) => m.type === 'error')).code).toBe('BAD_MESSAGE');
    expect((await c.closed).code).toBe(CloseCode.BAD_MESSAGE);
  });

  it('closes on a text message with BAD_MESSAGE', async () => {
    const c = await connect();
    c.sendBytes('{"type":"pause","id":1}');
    expect((await c.closed).code).toBe(CloseCode.BAD_MESSAGE);
  });

  it('closes on an unknown type with UNKNOWN_TYPE', async () => {
    const c = await connect();
    c.send({ type: 'warp', id: 1 });
    expect((await c.next((m) => m.type === 'error')).code).toBe('UNKNOWN_TYPE');
    expect((await c.closed).code).toBe(CloseCode.UNKNOWN_TYPE);
  });

  it('closes on a wrong protocol version with VERSION_MISMATCH', async () => {
    const c = await connect(false);
    c.send({ type: 'hello', version: 99, client: 'test', privileged: false });
    expect((await c.next((m) => m.type === 'error')).code).toBe('VERSION_MISMATCH');
    expect((await c.closed).code).toBe(CloseCode.VERSION_MISMATCH);
  });

  it('closes on a message before hello with BAD_STATE', async () => {
    const c = await connect(false);
    c.send(reset);
    expect((await c.closed).code).toBe(CloseCode.BAD_STATE);
  });

  it('closes on an oversized message with TOO_LARGE', async () => {
    const c = await connect();
    c.send({ type: 'bye', reason: 'x'.repeat(60_000), pad: new Uint8Array(2 * 1024 * 1024) });
    expect((await c.closed).code).toBe(CloseCode.TOO_LARGE);
  });

  it('closes on a gamepad axis value of 1e9 with BAD_INPUT, not TOO_LARGE', async () => {
    const c = await connect();
    c.send(reset);
    await c.next((m) => m.type === 'done');
    c.send({ type: 'advance', id: 2, ms: 10, inputs: [{ type: 'axis', at: 0, slot: 0, axis: 'LX', value: 1e9 }], frames: [] });
    expect((await c.next((m) => m.type === 'error')).code).toBe('BAD_INPUT');
    expect((await c.closed).code).toBe(CloseCode.BAD_MESSAGE);
  });

  it('keeps serving new clients after one was closed for a bad message', async () => {
    const bad = await connect();
    bad.sendBytes(new Uint8Array([0xc1]));
    await bad.closed;
    const good = await connect();
    good.send(reset);
    expect((await good.next((m) => m.type === 'done')).id).toBe(1);
  });

  it('refuses a second controlling client', async () => {
    await connect();
    const second = await rawClient(`ws://127.0.0.1:${server.port}`);
    clients.push(second);
    expect((await second.closed).code).toBe(CloseCode.BAD_STATE);
  });
});

describe('GameLink host: request errors answer and keep the link', () => {
  it('answers an unknown variant with UNKNOWN_VARIANT', async () => {
    const c = await connect();
    c.send({ ...reset, variant: 'moon' });
    const err = await c.next((m) => m.type === 'error');
    expect([err.code, err.id]).toEqual(['UNKNOWN_VARIANT', 1]);
    c.send({ ...reset, id: 2 });
    expect((await c.next((m) => m.type === 'done')).id).toBe(2);
  });

  it('answers a slot the game lacks with BAD_SLOT', async () => {
    const c = await connect();
    c.send({ ...reset, slots: [0, 5] });
    expect((await c.next((m) => m.type === 'error')).code).toBe('BAD_SLOT');
  });

  it('answers a key outside the control set with BAD_INPUT', async () => {
    const c = await inEpisode();
    c.send({ type: 'advance', id: 2, ms: 10, inputs: [{ type: 'key', at: 0, slot: 0, key: 'Q', down: true }], frames: [] });
    expect((await c.next((m) => m.type === 'error')).code).toBe('BAD_INPUT');
  });

  it('answers a mouse button outside the control set with BAD_INPUT, like a key', async () => {
    const c = await inEpisode();
    c.send({ type: 'advance', id: 2, ms: 10, inputs: [{ type: 'button', at: 0, slot: 0, button: 'right', down: true }], frames: [] });
    const err = await c.next((m) => m.type === 'error');
    expect([err.code, err.id]).toEqual(['BAD_INPUT', 2]);
    expect(err.message).toMatch(/mouse button 'right'/);
    // The game's own button goes through.
    c.send({ type: 'advance', id: 3, ms: 10, inputs: [{ type: 'button', at: 0, slot: 0, button: 'left', down: true }], frames: [] });
    expect((await c.next((m) => m.type === 'done' && m.id === 3)).id).toBe(3);
  });

  it('takes key names in any case and hands the game its own spelling', async () => {
    const c = await inEpisode();
    c.send({ type: 'advance', id: 2, ms: 10, inputs: [{ type: 'key', at: 0, slot: 0, key: 'space', down: true }, { type: 'key', at: 0, slot: 0, key: 'w', down: true }], frames: [] });
    await c.next((m) => m.type === 'done' && m.id === 2);
    const keys = c.messages.filter((m) => m.type === 'event' && m.name === 'input').map((m) => (m.data as { key: string }).key);
    expect(keys).toEqual(['Space', 'W']);
  });

  it('refuses a mouse-button token sent as a key with BAD_INPUT', async () => {
    const c = await inEpisode();
    c.send({ type: 'advance', id: 2, ms: 10, inputs: [{ type: 'key', at: 0, slot: 0, key: 'LMB', down: true }], frames: [] });
    expect((await c.next((m) => m.type === 'error')).code).toBe('BAD_INPUT');
  });

  it('answers a move sent to a game that takes no moves with BAD_INPUT', async () => {
    const c = await connect();
    c.send(reset);
    await c.next((m) => m.type === 'done');
    c.send({ type: 'advance', id: 2, ms: 10, inputs: [{ type: 'move', at: 0, slot: 0, move: 'e2e4' }], frames: [] });
    expect((await c.next((m) => m.type === 'error')).code).toBe('BAD_INPUT');
  });

  it('answers advance before reset with BAD_STATE', async () => {
    const c = await connect();
    c.send({ type: 'advance', id: 7, ms: 10, inputs: [], frames: [] });
    const err = await c.next((m) => m.type === 'error');
    expect([err.code, err.id]).toEqual(['BAD_STATE', 7]);
  });
});

describe('GameLink host: frames and state', () => {
  it('sends each requested slot its own frame, and the state only to a privileged client', async () => {
    const c = await connect(true, false);
    c.send(reset);
    await c.next((m) => m.type === 'done');
    const frames = c.messages.filter((m) => m.type === 'frame');
    expect(frames.map((f) => f.slot)).toEqual([0, 1]);
    expect((frames[0]!.data as Uint8Array).length).toBe(32 * 16 * 3);
    expect(c.messages.some((m) => m.type === 'state')).toBe(false);
    c.ws.terminate();
    const p = await connect(true, true);
    p.send(reset);
    await p.next((m) => m.type === 'done');
    expect(p.messages.some((m) => m.type === 'state')).toBe(true);
  });

  it('advances exactly the requested game time and applies inputs at their offsets', async () => {
    const c = await connect();
    c.send(reset);
    await c.next((m) => m.type === 'done' && m.id === 1);
    c.send({ type: 'advance', id: 2, ms: 250, inputs: [{ type: 'key', at: 120, slot: 1, key: 'W', down: true }], frames: [1] });
    const done = await c.next((m) => m.type === 'done' && m.id === 2);
    expect([done.requestedMs, done.actualMs, done.simMs]).toEqual([250, 250, 250]);
    const input = c.messages.find((m) => m.type === 'event' && m.name === 'input')!;
    expect((input.data as { at: number }).at).toBe(120);
  });

  it("sends a request's whole answer (events, progress, frames, done) in one write", async () => {
    const c = await connect();
    c.send(reset);
    await c.next((m) => m.type === 'done' && m.id === 1);
    // The host's socket is the one whose peer is this client's end; its writes to the kernel are counted.
    const clientPort = (c.ws as unknown as { _socket: Socket })._socket.localPort;
    const proto = Socket.prototype as unknown as Record<'_write' | '_writev', (this: Socket, ...args: unknown[]) => void>;
    const original = { _write: proto._write, _writev: proto._writev };
    let writes = 0;
    for (const key of ['_write', '_writev'] as const) {
      proto[key] = function (this: Socket, ...args: unknown[]) {
        if (this.remotePort === clientPort) writes++;
        return original[key].apply(this, args);
      };
    }
    const answers: number[] = [];
    try {
      for (let id = 2; id < 12; id++) {
        writes = 0;
        c.send({ type: 'advance', id, ms: 50, inputs: [{ type: 'key', at: 10, slot: 0, key: 'W', down: id % 2 === 0 }], frames: [0, 1] });
        await c.next((m) => m.type === 'done' && m.id === id);
        answers.push(writes);
      }
    } finally {
      Object.assign(proto, original);
    }
    // Each answer holds an input event, progress, two frames and done: five messages, one write.
    expect(c.messages.filter((m) => m.type === 'frame').length).toBe(2 + 20);
    expect(answers).toEqual(answers.map(() => 1));
  });

  it('encodes frames as JPEG when asked', async () => {
    const c = await connect();
    c.send({ ...reset, frame: { width: 32, height: 16, encoding: 'jpeg', quality: 80 } });
    await c.next((m) => m.type === 'done');
    const f = c.messages.find((m) => m.type === 'frame')!;
    expect(f.encoding).toBe('jpeg');
    expect(Array.from((f.data as Uint8Array).subarray(0, 2))).toEqual([0xff, 0xd8]);
  });

  it('makes its JPEG with the Huffman tables the reset asks for: standard when it names none, fitted (the encode of runs recorded before the choice) when asked', async () => {
    const c = await connect();
    let id = 0;
    // The same seed each time, so each reset's first frame is the same picture.
    const firstFrame = async (frame: Record<string, unknown>): Promise<Buffer> => {
      c.messages.length = 0;
      c.send({ ...reset, id: ++id, frame: { width: 32, height: 16, ...frame } });
      await c.next((m) => m.type === 'done' && m.id === id);
      return Buffer.from(c.messages.find((m) => m.type === 'frame')!.data as Uint8Array);
    };
    const rgb = await firstFrame({ encoding: 'rgb' });
    const encode = (optimiseCoding: boolean) => sharp(rgb, { raw: { width: 32, height: 16, channels: 3 } }).jpeg({ quality: 80, optimiseCoding }).toBuffer();
    // sharp's default (`jpeg({ quality })`) fits the tables: what the host did before runs declared them.
    const before = await sharp(rgb, { raw: { width: 32, height: 16, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
    expect((await firstFrame({ encoding: 'jpeg', quality: 80 })).equals(await encode(false))).toBe(true);
    expect((await firstFrame({ encoding: 'jpeg', quality: 80, jpegTables: 'standard' })).equals(await encode(false))).toBe(true);
    expect((await firstFrame({ encoding: 'jpeg', quality: 80, jpegTables: 'fitted' })).equals(before)).toBe(true);
    expect(before.equals(await encode(false))).toBe(false);
  });

  it('refuses tables it does not know with BAD_MESSAGE', async () => {
    const c = await connect();
    c.send({ ...reset, frame: { width: 32, height: 16, encoding: 'jpeg', jpegTables: 'arithmetic' } });
    const e = await c.next((m) => m.type === 'error');
    expect(e.code).toBe('BAD_MESSAGE');
  });
});
