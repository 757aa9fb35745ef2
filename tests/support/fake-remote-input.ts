/**
 * A small scripted RemoteInput server for quirk tests: records every line it receives (with its wall-clock
 * arrival time) and answers as its behaviour says: with or without a welcome, pushes interleaved with replies,
 * pending screenshots, a lying size field, a socket that closes, silence.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface FakeBehaviour {
  /** Send a welcome line on connect (default false). */
  welcome?: boolean;
  /** Answer this many screenshot requests per connection with `screenshot_error` "pending" first. */
  pendingScreenshots?: number;
  /** Write a `game_over` push in the same write as, and just before, every reply. */
  pushBeforeReplies?: boolean;
  /** Add this to the true JPEG size in the screenshot header (a lying size field). */
  sizeLie?: number;
  /** Destroy the socket when a command of this type arrives. */
  closeOn?: string;
  /** Never answer commands of this type. */
  silentOn?: string;
  /** Send this raw text instead of the reply to commands of this type. */
  garbageOn?: { type: string; text: string };
  /** Report `sim_ms` from a clock that runs on whatever `slomo` says (a build whose pause does not hold). */
  runningClock?: boolean;
  /** Answer fire-and-forget commands with an `ack` line. */
  ackEverything?: boolean;
  /** Write each screenshot's bytes this many at a time, one write every `everyMs` (a build that trickles). */
  trickle?: { readonly bytes: number; readonly everyMs: number };
  /** Send a JPEG whose markers and headers are right but whose scan data is noise (it does not decode). */
  corruptJpeg?: boolean;
  /** Write this size into the JPEG's own frame header (a lying image, or a decompression bomb: no decoder reads it here). */
  imageSize?: { readonly width: number; readonly height: number };
  /** Put this size in the screenshot header line instead of the image's true 32 x 16. */
  headerSize?: { readonly width: number; readonly height: number };
}

export interface Received {
  readonly line: Record<string, unknown>;
  /** performance.now() at arrival. */
  readonly at: number;
  readonly port: number;
}

export interface FakeRemoteInput {
  readonly ports: readonly number[];
  readonly received: Received[];
  readonly behaviour: FakeBehaviour;
  /** Score reported by get_score; game_over_check reports `gameOver`. */
  score: number;
  gameOver: boolean;
  /** Writes a `game_over` push to every connection. */
  pushGameOver(): void;
  /** Destroys every open connection (the build went away). */
  dropAll(): void;
  /** Resolves when a received line matches. */
  waitFor(pred: (r: Received) => boolean): Promise<Received>;
  close(): Promise<void>;
}

let jpeg: Buffer | undefined;
async function testJpeg(): Promise<Buffer> {
  jpeg ??= await sharp({ create: { width: 32, height: 16, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg({ quality: 80 }).toBuffer();
  return jpeg;
}

/** A copy of a JPEG with every byte after its scan header, up to its end marker, replaced by noise. */
function withNoiseScan(jpegBytes: Buffer): Buffer {
  const out = Buffer.from(jpegBytes);
  let at = 2;
  while (out[at + 1] !== 0xda) at += 2 + out.readUInt16BE(at + 2);
  out.fill(0x5a, at + 2 + out.readUInt16BE(at + 2), out.length - 2);
  return out;
}

/** A copy of a baseline JPEG whose frame header (SOF0) says `size`: the pixels stay 32 x 16, only what a decoder would believe changes. */
export function withJpegSize(jpegBytes: Buffer, size: { readonly width: number; readonly height: number }): Buffer {
  const out = Buffer.from(jpegBytes);
  for (let at = 2; at + 9 <= out.length; ) {
    const marker = out[at + 1]!;
    if (marker === 0xc0 || marker === 0xc2) {
      out.writeUInt16BE(size.height, at + 5);
      out.writeUInt16BE(size.width, at + 7);
      return out;
    }
    at += 2 + out.readUInt16BE(at + 2);
  }
  throw new Error('no SOF0/SOF2 in the test JPEG');
}

/** Starts a fake server with `players` ports on 127.0.0.1 (any free ports). */
export async function startFakeRemoteInput(behaviour: FakeBehaviour = {}, players = 1): Promise<FakeRemoteInput> {
  const image = await testJpeg();
  const startedAt = performance.now();
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const waiters: { pred: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  const servers: Server[] = [];
  const ports: number[] = [];
  const fake: FakeRemoteInput = {
    ports,
    received,
    behaviour,
    score: 0,
    gameOver: false,
    pushGameOver: () => {
      for (const s of sockets) s.write('{"type":"game_over"}\n');
    },
    dropAll: () => {
      for (const s of sockets) s.destroy();
    },
    waitFor: (pred) =>
      new Promise((resolve) => {
        const hit = received.find(pred);
        if (hit) resolve(hit);
        else waiters.push({ pred, resolve });
      }),
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };

  const onConnection = (socket: Socket, index: number): void => {
    sockets.add(socket);
    const timers = new Set<NodeJS.Timeout>();
    socket.on('close', () => {
      sockets.delete(socket);
      for (const t of timers) clearInterval(t);
    });
    socket.on('error', () => undefined);
    let pending = '';
    let pendingLeft = behaviour.pendingScreenshots ?? 0;
    if (behaviour.welcome) socket.write(`${JSON.stringify({ type: 'welcome', server: 'fake-ue5', build: 'FakeBuild-1.0', player_index: index })}\n`);
    const reply = (obj: object, bytes?: Buffer): void => {
      const push = behaviour.pushBeforeReplies ? '{"type":"game_over"}\n' : '';
      const text = Buffer.from(`${push}${JSON.stringify(obj)}\n`);
      socket.write(bytes ? Buffer.concat([text, bytes]) : text);
    };
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const text = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        let line: Record<string, unknown>;
        try {
          line = JSON.parse(text) as Record<string, unknown>;
        } catch {
          // Like a lenient build: a line it cannot read is dropped without a word.
          continue;
        }
        const r: Received = { line, at: performance.now(), port: fake.ports[index]! };
        received.push(r);
        for (const w of waiters.splice(0)) {
          if (w.pred(r)) w.resolve(r);
          else waiters.push(w);
        }
        const type = String(line.type);
        if (behaviour.closeOn === type) {
          socket.destroy();
          return;
        }
        if (behaviour.silentOn === type) continue;
        if (behaviour.garbageOn?.type === type) {
          socket.write(behaviour.garbageOn.text);
          continue;
        }
        switch (type) {
          case 'reset':
            reply({ type: 'reset', status: 'ok' });
            break;
          case 'get_score':
            reply({ type: 'score', score: fake.score, player_index: index, ...(behaviour.runningClock ? { sim_ms: Math.round(performance.now() - startedAt) } : {}) });
            break;
          case 'game_over_check':
            reply({ type: 'game_over_check', game_over: fake.gameOver, player_index: index });
            break;
          case 'screenshot':
            if (pendingLeft > 0) {
              pendingLeft--;
              reply({ type: 'screenshot_error', error: 'screenshot pending' });
            } else if (behaviour.trickle) {
              const { bytes, everyMs } = behaviour.trickle;
              reply({ type: 'screenshot', width: 32, height: 16, format: 'jpeg', size: image.length });
              let at = 0;
              const t = setInterval(() => {
                socket.write(image.subarray(at, at + bytes));
                at += bytes;
                if (at >= image.length) {
                  clearInterval(t);
                  timers.delete(t);
                }
              }, everyMs);
              timers.add(t);
            } else {
              let data = behaviour.corruptJpeg ? withNoiseScan(image) : image;
              if (behaviour.imageSize) data = withJpegSize(data, behaviour.imageSize);
              const { width, height } = behaviour.headerSize ?? { width: 32, height: 16 };
              reply({ type: 'screenshot', width, height, format: 'jpeg', size: data.length + (behaviour.sizeLie ?? 0) }, data);
            }
            break;
          default:
            if (behaviour.ackEverything) reply({ type: 'ack' });
            break;
        }
      }
    });
  };

  for (let i = 0; i < players; i++) {
    const server = createServer((s) => onConnection(s, i));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    servers.push(server);
  }
  ports.push(...servers.map((s) => (s.address() as AddressInfo).port));
  return fake;
}
