import { decode } from '@msgpack/msgpack';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { GatewayMessage, type AgentObservation } from './agent-link.js';
import { decodeMessage, decodeMessageParts, encodeMessage, encodeMessageParts, messageSchema, TAIL_MIN_BYTES, type LinkMessage } from './codec.js';
import { GameMessage, type Frame } from './game-link.js';
import { decodeMessageData, messageBytes, sendMessage } from './socket.js';

const bytes = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 7) % 251);
const frame = (n: number): Frame => ({ type: 'frame', slot: 0, simMs: 120, seq: 3, width: 640, height: 360, encoding: 'rgb', data: bytes(n), sentAt: 5 });
const observation = (n: number): AgentObservation => ({ type: 'observation', step: 2, simMs: 240, progress: 0.5, frame: { seq: 1, width: 640, height: 360, encoding: 'jpeg', data: bytes(n) }, feedback: 'ok' });
const joined = (parts: Uint8Array[]): Uint8Array => Buffer.concat(parts);
/** A decoded message with every byte field as its sha256 (and whatever view type the decoder gave), for toEqual. */
const plain = (value: unknown): unknown =>
  value instanceof Uint8Array
    ? `sha256:${createHash('sha256').update(value).digest('hex')}:${value.byteLength}`
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
      : value;

describe('encodeMessageParts', () => {
  it.each([
    ['a large GameLink frame', frame(691_200)],
    ['a large AgentLink observation', observation(54_352)],
  ] as const)('sends %s as a head and the caller\'s own bytes, one msgpack message together', (_, message: LinkMessage) => {
    const parts = encodeMessageParts(message);
    const data = message.type === 'frame' ? message.data : message.type === 'observation' ? message.frame.data : undefined;
    expect(parts).toHaveLength(2);
    expect(parts[1]).toBe(data);
    expect(parts[0]!.byteLength).toBeLessThan(200);
    expect(plain(decode(joined(parts)))).toEqual(plain(decode(encodeMessage(message))));
  });

  it('leaves small frames and other messages in one part, byte for byte what encodeMessage makes', () => {
    for (const message of [frame(TAIL_MIN_BYTES - 1), observation(100), { type: 'progress', simMs: 1, players: [] } as LinkMessage]) {
      const parts = encodeMessageParts(message);
      expect(parts).toHaveLength(1);
      expect(parts[0]).toEqual(encodeMessage(message));
    }
  });
});

describe('sendMessage with a large frame', () => {
  let server: WebSocketServer | undefined;
  afterEach(() => server?.close());

  it('arrives as one message the link decodes, from a server and from a client', async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server!.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    const atServer = new Promise<Uint8Array>((resolve) => server!.once('connection', (ws) => {
      ws.once('message', (data: Buffer) => resolve(messageBytes(data)));
      sendMessage(ws, frame(691_200));
    }));
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const atClient = new Promise<Uint8Array>((resolve) => client.once('message', (data: Buffer) => resolve(messageBytes(data))));
    await new Promise((resolve) => client.once('open', resolve));
    sendMessage(client, observation(54_352));
    expect(plain(decodeMessage(await atClient, messageSchema(GameMessage)))).toEqual(plain(frame(691_200)));
    expect(plain(decodeMessage(await atServer, messageSchema(GatewayMessage)))).toEqual(plain(observation(54_352)));
    client.close();
  });

  it('hands its fragments to the TCP socket in one write', async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server!.once('listening', resolve));
    const writes = new Promise<number[]>((resolve) =>
      server!.once('connection', (ws) => {
        const socket = (ws as unknown as { _socket: Duplex })._socket;
        const sizes: number[] = [];
        const writev = socket._writev!.bind(socket);
        const write = socket._write.bind(socket);
        socket._writev = (chunks, cb) => (sizes.push(chunks.length), writev(chunks, cb));
        socket._write = (chunk, encoding, cb) => (sizes.push(1), write(chunk, encoding, cb));
        sendMessage(ws, frame(691_200), undefined, () => resolve(sizes));
      }),
    );
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    await new Promise((resolve) => client.once('open', resolve));
    // Two fragments, each a header and its bytes: four buffers, one writev.
    expect(await writes).toEqual([4]);
    client.close();
  });
});

describe('decodeMessageParts', () => {
  let server: WebSocketServer | undefined;
  afterEach(() => server?.close());
  const gameSpec = messageSchema(GameMessage);

  it('takes a large frame sent by sendMessage as its second fragment, not a joined copy, and decodes what the joined bytes decode to', async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server!.once('listening', resolve));
    server.once('connection', (ws) => sendMessage(ws, frame(691_200)));
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    client.binaryType = 'fragments';
    const fragments = await new Promise<Buffer[]>((resolve) => client.once('message', (data: Buffer[]) => resolve(data)));
    expect(fragments).toHaveLength(2);
    const msg = decodeMessageData(fragments, gameSpec);
    expect(msg.type === 'frame' && msg.data).toBe(fragments[1]);
    expect(plain(msg)).toEqual(plain(decodeMessage(joined(fragments), gameSpec)));
    expect(plain(msg)).toEqual(plain(frame(691_200)));
    client.close();
  });

  it('decodes one fragment as it is, and other fragmentings joined', () => {
    const whole = encodeMessage(observation(54_352));
    expect(plain(decodeMessageParts([whole], messageSchema(GatewayMessage)))).toEqual(plain(observation(54_352)));
    const cut = [whole.subarray(0, 1000), whole.subarray(1000, 30_000), whole.subarray(30_000)];
    expect(plain(decodeMessageParts(cut, messageSchema(GatewayMessage)))).toEqual(plain(observation(54_352)));
  });

  it('refuses, as the joined bytes are refused, a head whose last bytes look like a frame header inside another value', () => {
    const tail = bytes(128 * 64 * 3);
    // A frame with an empty `data` and then a float64 `sentAt` whose last three bytes, with two more, read as a
    // bin32 header of the tail's length: joined, the float ends two bytes early and the rest is left over.
    const enc = encodeMessage({ ...frame(0), width: 128, height: 64, data: new Uint8Array(0), sentAt: 5.5 });
    expect(enc[enc.length - 9]).toBe(0xcb);
    const head = Uint8Array.from([...enc.subarray(0, enc.length - 3), 0xc6, 0x00, 0x00, 0x60, 0x00]);
    expect(() => decodeMessage(joined([head, tail]), gameSpec)).toThrow(expect.objectContaining({ code: 'BAD_MESSAGE' }));
    expect(() => decodeMessageParts([head, tail], gameSpec)).toThrow(expect.objectContaining({ code: 'BAD_MESSAGE' }));
  });

  it('refuses a frame over the size bound with TOO_LARGE, as the joined bytes are', () => {
    const parts = encodeMessageParts(frame(100_000));
    expect(parts).toHaveLength(2);
    expect(() => decodeMessageParts(parts, gameSpec, 50_000)).toThrow(expect.objectContaining({ code: 'TOO_LARGE' }));
    expect(() => decodeMessage(joined(parts), gameSpec, 50_000)).toThrow(expect.objectContaining({ code: 'TOO_LARGE' }));
  });
});
