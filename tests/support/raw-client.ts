/** A bare WebSocket client for protocol tests: sends raw bytes, collects decoded replies and the close code. */
import { decode, encode } from '@msgpack/msgpack';
import { WebSocket } from 'ws';

export interface RawClient {
  readonly ws: WebSocket;
  readonly messages: Record<string, unknown>[];
  send(message: object): void;
  sendBytes(bytes: Uint8Array | string): void;
  /** Resolves with the first message matching `pred`. */
  next(pred: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
}

export async function rawClient(url: string, headers: Record<string, string> = {}): Promise<RawClient> {
  const ws = new WebSocket(url, { headers });
  const messages: Record<string, unknown>[] = [];
  const waiters: { pred: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
  ws.on('message', (data: Buffer) => {
    const m = decode(data) as Record<string, unknown>;
    messages.push(m);
    for (const w of waiters.splice(0)) {
      if (w.pred(m)) w.resolve(m);
      else waiters.push(w);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    closed,
    send: (message) => ws.send(encode(message, { ignoreUndefined: true })),
    sendBytes: (bytes) => ws.send(bytes),
    next: (pred) =>
      new Promise((resolve) => {
        const hit = messages.find(pred);
        if (hit) resolve(hit);
        else waiters.push({ pred, resolve });
      }),
  };
}
