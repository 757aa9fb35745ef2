/** A spectator that joins mid-match gets the match's whole history first, then the stream. */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { SpectatorHub } from '../serve/index.js';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A hub behind a real WebSocket server on port 0; each connection joins the hub at a 320 px profile. */
async function hubServer(hub: SpectatorHub): Promise<string> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  wss.on('connection', (ws) => hub.add(ws, { width: 320, quality: 60, fps: 5 }));
  closers.push(() => new Promise<void>((resolve) => wss.close(() => resolve())));
  return `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
}

/** A client that collects the text messages it receives. */
async function join(url: string): Promise<{ messages: Record<string, unknown>[] }> {
  const ws = new WebSocket(url);
  const messages: Record<string, unknown>[] = [];
  ws.on('message', (data: Buffer, binary: boolean) => void (binary ? undefined : messages.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>)));
  await once(ws, 'open');
  closers.push(() => ws.close());
  return { messages };
}

it('sends a spectator joining after 300 decisions all of them, with their ledger and progress, before what comes next', async () => {
  const hub = new SpectatorHub();
  closers.push(() => hub.close());
  for (let step = 0; step < 300; step++) {
    hub.onDecision({ slot: 0, step, status: 'valid' });
    hub.onLedger({ kind: 'placement', slot: 0, step });
    hub.onProgress({ simMs: step * 100, players: [{ slot: 0, progress: step / 300, score: 0 }] });
  }
  const client = await join(await hubServer(hub));
  await expect.poll(() => client.messages.length).toBeGreaterThan(0);
  hub.onDecision({ slot: 0, step: 300, status: 'valid' });
  await expect.poll(() => client.messages.some((m) => m.type === 'decision')).toBe(true);
  const [history, next] = client.messages as [{ type: string; decisions: { step: number }[]; ledger: unknown[]; progress: unknown[] }, Record<string, unknown>];
  expect(history.type).toBe('history');
  expect(history.decisions.map((d) => d.step)).toEqual(Array.from({ length: 300 }, (_, i) => i));
  expect(history.ledger).toHaveLength(300);
  expect(history.progress).toHaveLength(300);
  expect(next).toMatchObject({ type: 'decision', step: 300 });
});
