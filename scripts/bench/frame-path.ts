/**
 * Frame path: a frame from the game to the gateway, against raw `ws` loopback moving the same bytes in the
 * same request-reply pattern. Both ends run in this process, on 127.0.0.1, for both measurements.
 */
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { WebSocket, WebSocketServer } from 'ws';
import { GameClient } from '../../env-bridge/index.js';
import { serveGame } from '../../games/index.js';
import { pumpEntry, pumpGame, testImage } from './pump-game.js';
import { measure, type Timing } from './stats.js';

export interface FramePathResult {
  readonly encoding: 'rgb' | 'jpeg';
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  readonly raw: Timing;
  readonly gameLink: Timing;
}

/** Raw baseline: the client asks, the server (encoding first, for JPEG) answers with the frame bytes. */
async function rawWs(width: number, height: number, encoding: 'rgb' | 'jpeg', frames: number, repeats: number): Promise<{ timing: Timing; bytes: number }> {
  const image = testImage(width, height);
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  let bytes = 0;
  wss.on('connection', (ws) => {
    ws.on('message', () => {
      void (async () => {
        const data = encoding === 'rgb' ? image : await sharp(image, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
        bytes = data.byteLength;
        ws.send(data);
      })();
    });
  });
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, { perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
  await new Promise((r) => client.once('open', r));
  const once = (): Promise<void> =>
    new Promise((resolve) => {
      client.once('message', () => resolve());
      client.send('f');
    });
  const timing = await measure(frames, repeats, async () => {
    for (let i = 0; i < frames; i++) await once();
  });
  client.close();
  await new Promise((r) => wss.close(r));
  return { timing, bytes };
}

/** GameLink: observe requests to a game host, decoded and validated by the gateway's GameClient. */
async function gameLink(width: number, height: number, encoding: 'rgb' | 'jpeg', frames: number, repeats: number): Promise<Timing> {
  const server = await serveGame(pumpGame(width, height), { entry: pumpEntry(width, height) });
  const client = await GameClient.connect(`ws://127.0.0.1:${server.port}`, { client: 'bench', privileged: false });
  await client.reset(1, 'origin', [0], { width, height, encoding, quality: 85 });
  const timing = await measure(frames, repeats, async () => {
    for (let i = 0; i < frames; i++) await client.observe([0]);
  });
  await client.close();
  await server.close();
  return timing;
}

export async function benchFramePath(width: number, height: number, encoding: 'rgb' | 'jpeg', frames = 200, repeats = 5): Promise<FramePathResult> {
  const raw = await rawWs(width, height, encoding, frames, repeats);
  const link = await gameLink(width, height, encoding, frames, repeats);
  return { encoding, width, height, bytes: raw.bytes, raw: raw.timing, gameLink: link };
}
