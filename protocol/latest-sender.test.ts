import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { Frame } from './game-link.js';
import { LatestSender } from './latest-sender.js';

const frame = (seq: number): Frame => ({ type: 'frame', slot: 0, simMs: seq * 10, seq, width: 64, height: 36, encoding: 'rgb', data: new Uint8Array(64 * 36 * 3).fill(seq) });

let server: WebSocketServer | undefined;
let client: WebSocket | undefined;
afterEach(async () => {
  client?.terminate();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

/** A server socket with a client reading it, and the server side's TCP socket (corked: what is sent stays buffered, so the sender is behind). */
async function link(): Promise<{ ws: WebSocket; socket: Duplex; seqs: number[] }> {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server!.once('listening', resolve));
  const connected = new Promise<WebSocket>((resolve) => server!.once('connection', resolve));
  client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const seqs: number[] = [];
  // Each frame's seq is its bytes' fill value; the message's last byte is a frame byte.
  client.on('message', (data: Buffer) => seqs.push(data[data.length - 1]!));
  const ws = await connected;
  const socket = (ws as unknown as { _socket: Duplex })._socket;
  socket.cork();
  return { ws, socket, seqs };
}

describe('LatestSender with lent frames', () => {
  it('gives a frame sent at once back only after the socket has written it', async () => {
    const { ws, socket } = await link();
    const release = vi.fn();
    new LatestSender(ws, 1).send(0, frame(1), release);
    await new Promise((resolve) => setImmediate(resolve));
    expect(release).not.toHaveBeenCalled();
    socket.uncork();
    await vi.waitFor(() => expect(release).toHaveBeenCalledTimes(1));
  });

  it('gives a held frame back at once when a newer one replaces it, and sends only the newest', async () => {
    const { ws, socket, seqs } = await link();
    const sender = new LatestSender(ws, 1);
    const released: number[] = [];
    for (const seq of [1, 2, 3]) sender.send(0, frame(seq), () => released.push(seq));
    // Frame 1 went to the socket; 2 was held and replaced by 3.
    expect(released).toEqual([2]);
    expect(sender.dropped).toBe(1);
    socket.uncork();
    await vi.waitFor(() => expect(released).toEqual([2, 1, 3]));
    await vi.waitFor(() => expect(seqs).toEqual([1, 3]));
  });

  it('gives held frames back when the socket closes, and a frame for a closed socket at once', async () => {
    const { ws } = await link();
    const sender = new LatestSender(ws, 1);
    const released: number[] = [];
    for (const seq of [1, 2]) sender.send(seq, frame(seq), () => released.push(seq));
    expect(sender.held).toBe(1);
    ws.terminate();
    await vi.waitFor(() => expect(released.sort()).toEqual([1, 2]));
    sender.send(0, frame(3), () => released.push(3));
    expect(released).toEqual([1, 2, 3]);
  });
});
