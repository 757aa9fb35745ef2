import { decode } from '@msgpack/msgpack';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { GatewayMessage, type AgentObservation } from './agent-link.js';
import { decodeMessage, encodeMessage, encodeMessageParts, messageSchema, TAIL_MIN_BYTES, type LinkMessage } from './codec.js';
import { GameMessage, type Frame } from './game-link.js';
import { messageBytes, sendMessage } from './socket.js';

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
});
