/**
 * The GameLink host under a client that stops reading while the game runs freely: it keeps only the newest
 * frame per slot for it (the rest dropped, as gaps in `seq`), instead of queueing every frame it renders.
 */
import { decode, encode } from '@msgpack/msgpack';
import { afterEach, describe, expect, it } from 'vitest';
import { GAME_LINK_VERSION } from '../protocol/index.js';
import { serveGame } from '../games/index.js';
import type { GameServer } from '../game-host/index.js';
import { frame, rawWs, type RawWs } from '../scripts/fuzz/raw-ws.js';
import { probeEntry, probeGame } from './support/probe-game.js';

let server: GameServer | undefined;
let peer: RawWs | undefined;
afterEach(async () => {
  peer?.destroy();
  await server?.close();
});

type Msg = { type: string; id?: number; slot?: number; seq?: number; data?: Uint8Array };

describe('GameLink host: a client behind on frames', () => {
  it('drops all but the newest frame while the client does not read, and says so by gaps in seq', async () => {
    server = await serveGame(probeGame, { entry: probeEntry });
    peer = await rawWs(server.port);
    const messages: Msg[] = [];
    let bytes = 0;
    const waiters: { pred: (m: Msg) => boolean; resolve: () => void }[] = [];
    peer.onMessage((payload) => {
      bytes += payload.length;
      const m = decode(payload) as Msg;
      messages.push(m);
      for (const w of waiters.splice(0)) (w.pred(m) ? w.resolve : () => waiters.push(w))();
    });
    const until = (pred: (m: Msg) => boolean): Promise<void> => new Promise((resolve) => (messages.some(pred) ? resolve() : waiters.push({ pred, resolve })));
    const send = (m: object): void => peer!.write(frame({ opcode: 0x2, payload: encode(m) }));
    send({ type: 'hello', version: GAME_LINK_VERSION, client: 'slow', privileged: false });
    send({ type: 'reset', id: 1, seed: 1, variant: 'origin', slots: [0, 1], frame: { width: 1280, height: 720, encoding: 'rgb' } });
    await until((m) => m.type === 'done' && m.id === 1);
    send({ type: 'resume', id: 2, timeScale: 1, fps: 60, frames: [0, 1] });
    await until((m) => m.type === 'done' && m.id === 2);
    const frameBytes = 1280 * 720 * 3;
    // Not reading for a while: the host renders on (2.7 MB per frame, two slots, 60 frames a second).
    peer.socket.pause();
    await new Promise((r) => setTimeout(r, 1500));
    const before = messages.length;
    peer.socket.resume();
    const gapsOf = (slot: number): number => {
      const seqs = messages.filter((m) => m.type === 'frame' && m.slot === slot).map((m) => m.seq!);
      return seqs.slice(1).reduce((n, s, i) => n + (s - seqs[i]! - 1), 0);
    };
    // Reading again, the client gets what the kernel held, then the newest frames: a gap in each slot's seq.
    await until(() => gapsOf(0) > 0 && gapsOf(1) > 0);
    send({ type: 'pause', id: 3 });
    await until((m) => m.type === 'done' && m.id === 3);
    const frames = messages.filter((m) => m.type === 'frame');
    expect(messages.length).toBeGreaterThan(before);
    // What arrived is whole frames and small messages: nothing was queued for the client beyond them.
    expect(bytes).toBeLessThan(frames.length * (frameBytes + 1024) + 1024 * 1024);
  }, 60_000);
});
