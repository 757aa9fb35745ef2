/**
 * Frame path: a frame from the game to the gateway, against raw `ws` loopback moving the same bytes in the
 * same request-reply pattern. Both ends run in this process, on 127.0.0.1, for both measurements, in
 * interleaved rounds (one batch of each per round, the order turned each round), so a busy machine's drift
 * falls on both alike; the ratio is taken round by round, with quartiles.
 */
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { GameClient } from '../../env-bridge/index.js';
import { encodeFrame } from '../../game-host/index.js';
import { serveGame } from '../../games/index.js';
import { pumpEntry, pumpGame, testImage } from './pump-game.js';
import { interleaved, median, ratioSpread, timedBatch, type RatioSpread, type Timing } from './stats.js';

export interface FramePathResult {
  readonly encoding: 'rgb' | 'jpeg';
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  readonly raw: Timing;
  readonly gameLink: Timing;
  /** GameLink fps / raw fps, by round: median and quartiles. */
  readonly linkOverRaw: RatioSpread;
}

/** A set-up path: `batch()` moves `frames` frames and resolves with its ms per frame; `close()` tears it down. */
interface Path {
  readonly batch: () => Promise<number>;
  readonly close: () => Promise<void>;
  readonly bytes: () => number;
}

const timing = (perItemMs: number): Timing => ({ perItemMs, perSecond: 1000 / perItemMs });

/** Raw baseline: the client asks, the server answers with the frame bytes, made as a game must (copied for RGB, encoded for JPEG). */
async function rawWs(width: number, height: number, encoding: 'rgb' | 'jpeg', frames: number): Promise<Path> {
  const image = testImage(width, height);
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  let bytes = 0;
  wss.on('connection', (ws) => {
    ws.on('message', () => {
      void (async () => {
        // A game makes each frame anew: the raw baseline copies its RGB frame as the pump game's render does.
        const data = encoding === 'rgb' ? new Uint8Array(image) : await encodeFrame(image, width, height, 'jpeg', 85);
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
  return {
    batch: timedBatch(frames, once),
    bytes: () => bytes,
    close: async () => {
      client.close();
      await new Promise((r) => wss.close(r));
    },
  };
}

/** GameLink: observe requests to a game host, decoded and validated by the gateway's GameClient. */
async function gameLink(width: number, height: number, encoding: 'rgb' | 'jpeg', frames: number): Promise<Path> {
  const server = await serveGame(pumpGame(width, height), { entry: pumpEntry(width, height) });
  const client = await GameClient.connect(`ws://127.0.0.1:${server.port}`, { client: 'bench', privileged: false });
  await client.reset(1, 'origin', [0], { width, height, encoding, quality: 85 });
  return {
    batch: timedBatch(frames, () => client.observe([0])),
    bytes: () => 0,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

export async function benchFramePath(width: number, height: number, encoding: 'rgb' | 'jpeg', frames = 200, rounds = 5): Promise<FramePathResult> {
  const raw = await rawWs(width, height, encoding, frames);
  const link = await gameLink(width, height, encoding, frames);
  try {
    // A warm-up batch of each, then the interleaved rounds.
    await raw.batch();
    await link.batch();
    const [rawMs, linkMs] = await interleaved(rounds, [raw.batch, link.batch]);
    return { encoding, width, height, bytes: raw.bytes(), raw: timing(median(rawMs!)), gameLink: timing(median(linkMs!)), linkOverRaw: ratioSpread(rawMs!, linkMs!) };
  } finally {
    await link.close();
    await raw.close();
  }
}
