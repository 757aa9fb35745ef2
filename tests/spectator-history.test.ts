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

it('keeps a long match in bounded memory: past its cap the older history is thinned evenly, the first and the newest reports exact', async () => {
  const hub = new SpectatorHub(200, 100);
  closers.push(() => hub.close());
  for (let step = 0; step < 1000; step++) {
    hub.onDecision({ slot: 0, step, status: 'valid' });
    hub.onProgress({ simMs: step * 100, players: [{ slot: 0, progress: step / 1000, score: 0 }] });
  }
  const client = await join(await hubServer(hub));
  await expect.poll(() => client.messages.length).toBeGreaterThan(0);
  const history = client.messages[0] as { type: string; decisions: { step: number }[]; progress: { simMs: number }[]; left: Record<string, number> };
  expect(history.type).toBe('history');
  const times = history.progress.map((p) => p.simMs);
  expect(times.length).toBeLessThanOrEqual(100);
  // The whole span: the first report, then the older ones at one even stride, then the newest 50 exact.
  expect(times[0]).toBe(0);
  expect(times.slice(-50)).toEqual(Array.from({ length: 50 }, (_, i) => (950 + i) * 100));
  const older = times.slice(0, -50);
  const strides = new Set(older.slice(1).map((t, i) => t - older[i]!));
  expect(strides.size).toBe(1);
  expect(older.length).toBeGreaterThan(20);
  expect(history.decisions.map((d) => d.step)).toEqual(times.map((t) => t / 100));
  // What was left out is counted, so the page can still say how many decisions the match has made.
  expect(history.left).toEqual({ decisions: 1000 - times.length, ledger: 0, progress: 1000 - times.length });
});
