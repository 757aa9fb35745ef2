/**
 * A deliberately broken GameLink endpoint for conformance tests: it speaks enough msgpack to hold a session
 * but breaks the contract on purpose: protocol errors close with 1000 and no error message, frames come at
 * the wrong size, a game that declares exact advance runs half the time asked, pictures change while
 * paused, any key is accepted, and the episode never ends.
 */
import { decode, encode } from '@msgpack/msgpack';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { probeEntry } from './probe-game.js';

export interface BrokenGameLink {
  readonly port: number;
  close(): Promise<void>;
}

export async function startBrokenGameLink(): Promise<BrokenGameLink> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  wss.on('connection', (ws: WebSocket) => {
    let hello = false;
    let simMs = 0;
    let noise = 0;
    const send = (m: object): void => ws.send(encode(m, { ignoreUndefined: true }));
    // 16x16 although 32x16 is declared, and a different picture every time.
    const frame = (): void => {
      const data = new Uint8Array(16 * 16 * 3).fill(noise++ % 256);
      send({ type: 'frame', slot: 0, simMs, seq: noise, width: 16, height: 16, encoding: 'rgb', data });
    };
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) return ws.close(1000);
      let msg: Record<string, unknown>;
      try {
        msg = decode(data) as Record<string, unknown>;
      } catch {
        return ws.close(1000);
      }
      if (msg.type === 'hello') {
        hello = true;
        send({
          type: 'hello',
          version: msg.version,
          game: 'broken',
          build: 'broken@0',
          capabilities: {
            frameSizes: [{ width: 32, height: 16 }],
            encodings: ['rgb'],
            slots: [{ slot: 0, team: 0 }],
            controls: probeEntry.controls,
            clock: { pause: true, exactAdvance: true, timeScale: false, tickMs: 10 },
            privilegedState: false,
            variants: ['origin'],
          },
        });
        if (msg.version !== 1) ws.close(1000);
        return;
      }
      if (!hello) return ws.close(1000);
      const id = msg.id as number;
      const done = (requestedMs: number, actualMs: number): void => send({ type: 'done', id, simMs, requestedMs, actualMs, ended: false });
      switch (msg.type) {
        case 'reset':
          simMs = 0;
          send({ type: 'progress', simMs, players: [{ slot: 0, progress: 0, score: 0 }] });
          frame();
          return done(0, 0);
        case 'advance': {
          const ms = msg.ms as number;
          simMs += ms / 2;
          if ((msg.frames as number[]).length > 0) frame();
          return done(ms, ms / 2);
        }
        case 'observe':
          if ((msg.frames as number[]).length > 0) frame();
          return done(0, 0);
        case 'resume':
          return done(0, 0);
        case 'pause':
          return done(0, 0);
        case 'bye':
          return ws.close(1000);
        default:
          return;
      }
    });
  });
  return {
    port: (wss.address() as AddressInfo).port,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
