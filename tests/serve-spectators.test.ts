import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '../protocol/index.js';
import { SPECTATOR_HIGH_WATER, type SpectatorHub } from '../serve/index.js';
import { readRun } from './support/run-dir.js';
import { spectator, startTestService, type TestService } from './support/serve-harness.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

/**
 * How long the slow spectator stalls, s, at most: the match (1280x720, 167 decisions, 120 s of game time) may end
 * first. The issue asks for 60 s; 8 s backs the socket up many times over here (the test checks it did).
 */
const SLOW_S = Number(process.env.ARENA_SLOW_SPECTATOR_S ?? 8);

/** A WebSocket client that upgrades and then never reads another byte. */
async function stalledSpectator(url: string, path: string): Promise<Socket> {
  const u = new URL(url);
  const sock = connect(Number(u.port), u.hostname);
  sock.write(`GET ${path} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  await new Promise<void>((resolve, reject) => {
    sock.once('data', (d: Buffer) => (d.toString('latin1').startsWith('HTTP/1.1 101') ? resolve() : reject(new Error(d.toString('latin1')))));
    sock.once('error', reject);
  });
  sock.pause();
  return sock;
}

/** The ledger without wall-clock fields, which differ between any two runs. */
function gameLedger(dir: string): Record<string, unknown>[] {
  return readRun(dir).ledger.map((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !/wall/i.test(k))));
}

/** A scripted last_stand match of `steps` decisions at 1280x720, with a game-time limit it does not reach first. */
const config = (steps: number) => ({ game: 'last_stand', agents: [{ kind: 'scripted' }], stepBudget: steps, timeLimitMs: 100_000_000, observationDelayMs: 0, frame: { width: 1280, height: 720 } });

describe('spectator streams', () => {
  it('a spectator that never reads stays bounded in memory and does not change the match', async () => {
    const watched = await svc.api.post('/api/matches', config(100_000));
    const id = watched.body.id as string;
    const hub = svc.service.jobs.hub(id) as SpectatorHub;
    const path = `/api/matches/${id}/stream?token=${svc.token}&width=1920&quality=95&fps=30`;
    const stalled = await stalledSpectator(svc.url, path);
    const reader = spectator(svc.url, `/api/matches/${id}/stream`, { token: svc.token, width: '1920', quality: '95', fps: '30' });
    try {
      // The duration under test: the spectator stalls this long while the match plays (or until the game ends
      // by itself: last_stand ends at 120 s of game time), then the match is stopped.
      let finished = false;
      await Promise.race([new Promise((resolve) => setTimeout(resolve, SLOW_S * 1000)), svc.api.settled('matches', id, SLOW_S * 1000 + 60_000).then(() => (finished = true))]);
      const stats = hub.stats();
      const done = (finished ? (await svc.api.get(`/api/matches/${id}`)).body : (await svc.api.post(`/api/matches/${id}/cancel`)).body) as { status: string; runDir: string; result: { players: { decisions: number }[] } };
      expect(done.status).toBe(finished ? 'complete' : 'cancelled');
      const decisions = done.result.players[0]!.decisions;
      process.stderr.write(`slow spectator: stalled for ${finished ? 'the whole match' : `${SLOW_S} s`} over ${decisions} decisions\n`);
      const biggest = Math.max(...reader.frames.map((f) => f.bytes + 512));
      // The stalled socket backed up: the hub held frames back and replaced them by newer ones...
      expect(stats.skippedFrames).toBeGreaterThan(0);
      // ...and never let its unsent bytes pass the high-water mark by more than one message.
      expect(stats.maxBuffered).toBeLessThanOrEqual(SPECTATOR_HIGH_WATER + biggest);
      // The reading spectator kept getting frames meanwhile.
      expect(reader.frames.length).toBeGreaterThan(5);
      // The match played exactly as the same match without spectators: the same clock ledger in game time, up
      // to where it was stopped.
      const alone = await svc.api.post('/api/matches', config(finished ? 100_000 : decisions + 1));
      const aloneDone = await svc.api.settled('matches', alone.body.id as string, 600_000);
      expect(aloneDone.status).toBe('complete');
      const ledger = gameLedger(done.runDir);
      expect(ledger.length).toBeGreaterThan(2 * Math.min(decisions, 10));
      expect(gameLedger(aloneDone.runDir as string).slice(0, ledger.length)).toEqual(ledger);
    } finally {
      stalled.destroy();
      reader.ws.close();
    }
  }, 600_000);

  it('leaves an lcrt match\'s charged latencies and ledger as they are without spectators', async () => {
    const { frame: _frame, ...base } = config(60);
    const lcrt = { ...base, clock: 'lcrt', agents: [{ kind: 'scripted', latency: 'synthetic:300:50' }] };
    const alone = await svc.api.settled('matches', (await svc.api.post('/api/matches', lcrt)).body.id as string, 300_000);
    const created = await svc.api.post('/api/matches', lcrt);
    const id = created.body.id as string;
    const stalled = await stalledSpectator(svc.url, `/api/matches/${id}/stream?token=${svc.token}&width=1920&quality=95&fps=30`);
    const readers = Array.from({ length: 10 }, () => spectator(svc.url, `/api/matches/${id}/stream`, { token: svc.token, fps: '30' }));
    try {
      const watched = await svc.api.settled('matches', id, 300_000);
      expect(watched.status).toBe('complete');
      const ledger = gameLedger(watched.runDir as string);
      expect(ledger.some((e) => e.kind === 'placement' && (e.chargedMs as number) > 0)).toBe(true);
      expect(ledger).toEqual(gameLedger(alone.runDir as string));
      for (const r of readers) expect(r.frames.length).toBeGreaterThan(0);
    } finally {
      stalled.destroy();
      for (const r of readers) r.ws.close();
    }
  }, 300_000);

  it('serves 50 spectators of one match with one encode per frame and profile', async () => {
    const created = await svc.api.post('/api/matches', { game: 'last_stand', agents: [{ kind: 'scripted' }], stepBudget: 60, observationDelayMs: 0 });
    const id = created.body.id as string;
    const hub = svc.service.jobs.hub(id) as SpectatorHub;
    const all = Array.from({ length: 50 }, () => spectator(svc.url, `/api/matches/${id}/stream`, { token: svc.token, width: '160', quality: '50', fps: '30' }));
    await Promise.all(all.map((s) => s.closed));
    const stats = hub.stats();
    const key = '160x50@30';
    const encodes = stats.encodes[key]!;
    const distinct = new Set(all.flatMap((s) => s.frames.map((f) => `${f.slot}:${f.seq}`)));
    const received = all.reduce((n, s) => n + s.frames.length, 0);
    for (const s of all) {
      expect(s.frames.length).toBeGreaterThan(0);
      expect(s.messages.some((m) => m.type === 'decision')).toBe(true);
      expect(s.messages.at(-1)).toMatchObject({ type: 'end', status: 'complete' });
    }
    expect(encodes).toBeLessThanOrEqual(stats.framesIn);
    // Every encode reached the spectators, and no frame was encoded twice for the profile.
    expect(distinct.size).toBe(encodes);
    // Frames are shared: far more deliveries than encodes.
    expect(received).toBeGreaterThanOrEqual(20 * distinct.size);
  }, 120_000);

  it('streams decisions with reasoning fields, ledger entries and progress', async () => {
    const created = await svc.api.post('/api/matches', { game: 'last_stand', agents: [{ kind: 'scripted' }], stepBudget: 20, observationDelayMs: 0 });
    const s = spectator(svc.url, `/api/matches/${created.body.id as string}/stream`, { token: svc.token });
    await s.closed;
    const types = new Set(s.messages.map((m) => m.type));
    for (const t of ['decision', 'ledger', 'progress', 'end']) expect(types).toContain(t);
    const decision = s.messages.find((m) => m.type === 'decision')!;
    expect(decision).toMatchObject({ slot: 0, status: 'valid' });
    expect(decision).toHaveProperty('chunk');
    expect(decision).toHaveProperty('timings');
  }, 60_000);

  it('refuses a stream without a token, with a bad profile, for a finished match, and any message from a spectator', async () => {
    const created = await svc.api.post('/api/matches', { game: 'last_stand', agents: [{ kind: 'scripted' }], stepBudget: 400, observationDelayMs: 0 });
    const id = created.body.id as string;
    const path = `/api/matches/${id}/stream`;
    expect((await spectator(svc.url, path, {}).closed).code).toBe(CloseCode.UNAUTHORIZED);
    expect((await spectator(svc.url, path, { token: 'wrong-token-wrong-token' }).closed).code).toBe(CloseCode.UNAUTHORIZED);
    const badProfile = spectator(svc.url, path, { token: svc.token, fps: '0' });
    expect((await badProfile.closed).code).toBe(CloseCode.BAD_MESSAGE);
    expect(badProfile.messages[0]).toMatchObject({ type: 'error', code: 'BAD_CONFIG' });
    const talker = spectator(svc.url, path, { token: created.body.readToken as string });
    await new Promise((resolve) => talker.ws.once('open', resolve));
    talker.ws.send('hello');
    expect((await talker.closed).code).toBe(CloseCode.BAD_MESSAGE);
    await svc.api.post(`/api/matches/${id}/cancel`);
    const late = spectator(svc.url, path, { token: svc.token });
    expect((await late.closed).code).toBe(CloseCode.BAD_STATE);
    expect(late.messages[0]).toMatchObject({ type: 'error', code: 'BAD_STATE' });
  }, 60_000);
});
