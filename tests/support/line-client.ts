/** A bare RemoteInput client for server tests: writes raw lines, parses replies (and screenshot bytes), reports the close. */
import { connect, type Socket } from 'node:net';

export type Line = Record<string, unknown>;

export interface LineClient {
  readonly socket: Socket;
  /** Every JSON line received, in order (a screenshot header is followed by its bytes in `frames`). */
  readonly lines: Line[];
  readonly frames: Buffer[];
  send(command: object): void;
  sendRaw(text: string | Buffer): void;
  /** Resolves with the first line after the `from`-th that matches `pred`. */
  next(pred: (l: Line) => boolean, from?: number): Promise<Line>;
  /** Sends a request and resolves with the first line after it that is not a push or welcome. */
  ask(command: object): Promise<Line>;
  screenshot(quality?: number): Promise<{ header: Line; data: Buffer }>;
  readonly closed: Promise<void>;
}

export async function lineClient(port: number): Promise<LineClient> {
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  const lines: Line[] = [];
  const frames: Buffer[] = [];
  const waiters: { pred: (l: Line) => boolean; from: number; resolve: (l: Line) => void }[] = [];
  let buf = Buffer.alloc(0);
  let frameLeft = 0;
  let frameParts: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (frameLeft > 0) {
        const take = Math.min(frameLeft, buf.length);
        frameParts.push(buf.subarray(0, take));
        buf = buf.subarray(take);
        frameLeft -= take;
        if (frameLeft > 0) return;
        frames.push(Buffer.concat(frameParts));
        frameParts = [];
        deliver(lines.length - 1);
        continue;
      }
      const nl = buf.indexOf(10);
      if (nl < 0) return;
      const line = JSON.parse(buf.subarray(0, nl).toString('utf8')) as Line;
      buf = buf.subarray(nl + 1);
      lines.push(line);
      if (line.type === 'screenshot' && typeof line.size === 'number') {
        frameLeft = line.size;
        continue;
      }
      deliver(lines.length - 1);
    }
  });
  const deliver = (index: number): void => {
    const line = lines[index]!;
    for (const w of waiters.splice(0)) {
      if (index >= w.from && w.pred(line)) w.resolve(line);
      else waiters.push(w);
    }
  };
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const next = (pred: (l: Line) => boolean, from = 0): Promise<Line> =>
    new Promise((resolve) => {
      const hit = lines.slice(from).find(pred);
      if (hit && !(hit.type === 'screenshot' && frames.length < lines.filter((l) => l.type === 'screenshot').length)) resolve(hit);
      else waiters.push({ pred, from, resolve });
    });
  const isReply = (l: Line): boolean => l.type !== 'welcome' && !(l.type === 'game_over' && typeof l.game_over !== 'boolean');
  return {
    socket,
    lines,
    frames,
    closed,
    send: (command) => socket.write(`${JSON.stringify(command)}\n`),
    sendRaw: (text) => socket.write(text),
    next,
    ask: (command) => {
      const from = lines.length;
      socket.write(`${JSON.stringify(command)}\n`);
      return next(isReply, from);
    },
    screenshot: async (quality = 80) => {
      const from = lines.length;
      const shots = frames.length;
      socket.write(`${JSON.stringify({ type: 'screenshot', quality })}\n`);
      const header = await next((l) => l.type === 'screenshot', from);
      return { header, data: frames[shots]! };
    },
  };
}
