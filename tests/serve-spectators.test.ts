import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '../protocol/index.js';
import { SPECTATOR_HIGH_WATER, type SpectatorHub } from '../serve/index.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { readRun } from './support/run-dir.js';
import { spectator, startTestService, type TestService } from './support/serve-harness.js';

let svc: TestService;
/** The model of the long match: answers after {@link THINK_MS}, so that the match takes wall time. */
let slowModel: FakeProvider;
/** The same answers at once, for the same match played without spectators. */
let fastModel: FakeProvider;
beforeAll(async () => {
  svc = await startTestService();
  slowModel = await startFakeProvider();
  fastModel = await startFakeProvider();
});
afterAll(async () => {
  await svc.close();
  await slowModel.close();
  await fastModel.close();
});

/** How long the slow spectator never reads while the match plays, s (the 60 s). */
const SLOW_S = 60;
/**
 * The long match's model thinks this long per decision (wall time; under pdq the game waits, so the ledger does
 * not see it). solo_craft runs 540 s of game time, about 750 decisions of 720 ms: at least 75 s of wall time, so
 * the match is still playing when the stall ends.
 */
const THINK_MS = 100;
/**
 * The least bound on the growth of what the test process holds while the spectator stalls (the service runs in
 * this process). The bound used is the larger of this and a quarter of what the stalled spectator was offered
 * over the same stretch: a queue for it would have grown by all of that, while the match's own records and the
 * runtime's heap (which differs between Node versions: 1-2 MiB on Node 20, near 4 MiB on Node 24 in 38 s) grow a
 * little with every decision whatever the spectators do.
 */
const GROWTH_BOUND = 3 * 1024 * 1024;

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

/** A long pdq solo_craft match at 1920x1080 played by a VLM agent of `model` (the fake's fixed valid answer). */
const longConfig = (model: FakeProvider, steps: number) => ({ game: 'solo_craft', agents: [{ kind: 'vlm', vlm: { baseUrl: model.url, model: 'fake-vlm', maxSide: 160, retryBaseMs: 10 } }], stepBudget: steps, observationDelayMs: 0, frame: { width: 1920, height: 1080 } });

/** A full garbage collection, so that memory samples count only what is still held. */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** What this process still holds after a full collection: JS heap plus external memory (Buffers), bytes. */
function retained(): number {
  collect();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/** The median of some numbers. */
function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Samples {@link retained} every second until stopped. Returns the growth from early in the stall to its end:
 * the least sample of the last third less the least of the first third (after a 5 s warm-up, while the agent's
 * and the encoder's code first runs), with the middle times of the two windows, and the largest RSS growth
 * (reported only: RSS also counts freed memory the allocator keeps). The least, not the mean: a sample can only
 * be raised by frames in flight at that moment (a 1920x1080 RGB frame is 6 MiB), while whatever a queue held
 * would raise every sample after it.
 */
function memorySampler(forget: () => void): { stop: () => { growth: number; fromMs: number; toMs: number; window: number; rss: number } } {
  const rss0 = process.memoryUsage().rss;
  const samples: { at: number; bytes: number }[] = [];
  let rss = 0;
  const take = (): void => {
    forget();
    samples.push({ at: Date.now(), bytes: retained() });
    rss = Math.max(rss, process.memoryUsage().rss - rss0);
  };
  take();
  const timer = setInterval(take, 1000);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      const rest = samples.slice(5);
      const third = Math.max(1, Math.floor(rest.length / 3));
      const early = rest.slice(0, third);
      const late = rest.slice(-third);
      return { growth: Math.min(...late.map((x) => x.bytes)) - Math.min(...early.map((x) => x.bytes)), fromMs: median(early.map((x) => x.at)), toMs: median(late.map((x) => x.at)), window: third, rss };
    },
  };
}

const mib = (b: number): string => `${(b / 1024 / 1024).toFixed(1)} MiB`;

describe('spectator streams', () => {
  it('a spectator that never reads for 60 s while the match plays stays bounded in memory and does not change the match', async () => {
    slowModel.script(...Array.from({ length: 2000 }, () => ({ delayMs: THINK_MS })));
    const watched = await svc.api.post('/api/matches', longConfig(slowModel, 100_000));
    expect(watched.status).toBe(201);
    const id = watched.body.id as string;
    const hub = svc.service.jobs.hub(id) as SpectatorHub;
    const path = `/api/matches/${id}/stream?token=${svc.token}&width=1920&quality=95&fps=30`;
    const stalled = await stalledSpectator(svc.url, path);
    const reader = spectator(svc.url, `/api/matches/${id}/stream`, { token: svc.token, width: '1920', quality: '95', fps: '30' });
    try {
      // The fake model's own log of requests (each with its image) is the test's memory, not the service's: cleared.
      const memory = memorySampler(() => void (slowModel.requests.length = 0));
      // The duration under test: the spectator never reads while the match plays, then the match is stopped.
      await new Promise((resolve) => setTimeout(resolve, SLOW_S * 1000));
      const grown = memory.stop();
      const stats = hub.stats();
      const running = (await svc.api.get(`/api/matches/${id}`)).body;
      // The match was still playing when the stall ended: the spectator never read for the whole SLOW_S.
      expect(running.status).toBe('running');
      const done = (await svc.api.post(`/api/matches/${id}/cancel`)).body as { status: string; runDir: string; result: { players: { decisions: number; invalid: number }[] } };
      expect(done.status).toBe('cancelled');
      const decisions = done.result.players[0]!.decisions;
      expect(done.result.players[0]!.invalid).toBe(0);
      const biggest = Math.max(...reader.frames.map((f) => f.bytes + 512));
      const streamed = reader.frames.reduce((n, f) => n + f.bytes, 0);
      const offered = reader.frames.filter((f) => f.receivedAt > grown.fromMs && f.receivedAt <= grown.toMs).reduce((n, f) => n + f.bytes, 0);
      process.stderr.write(`slow spectator: never read for ${SLOW_S} s over ${decisions} decisions; ${stats.encodes['1920x95@30']} encodes, ${stats.skippedFrames} frames replaced for it; it held at most ${mib(stats.maxHeldBytes)} (socket ${mib(stats.maxBuffered)}); the reader got ${mib(streamed)}; memory held after a full GC grew by ${mib(grown.growth)} in ${((grown.toMs - grown.fromMs) / 1000).toFixed(0)} s while ${mib(offered)} were streamed (largest rss growth ${mib(grown.rss)})\n`);
      // The stalled socket backed up: the hub held frames back and replaced them by newer ones...
      expect(stats.skippedFrames).toBeGreaterThan(0);
      // ...never let its unsent bytes pass the high-water mark by more than one message...
      expect(stats.maxBuffered).toBeLessThanOrEqual(SPECTATOR_HIGH_WATER + biggest);
      // ...and held for it, unsent plus pending, at most that and the newest frame of its one view.
      expect(stats.maxHeldBytes).toBeLessThanOrEqual(SPECTATOR_HIGH_WATER + 2 * biggest);
      // What the process holds did not grow past a bound during the stall, a bound well under what a queue for the
      // stalled spectator would have grown by in the same time: the frames the reader got (both were offered the same).
      expect(grown.window).toBeGreaterThanOrEqual(5);
      expect(offered).toBeGreaterThan(2 * GROWTH_BOUND);
      expect(grown.growth).toBeLessThan(Math.max(GROWTH_BOUND, offered / 4));
      // The match played exactly as the same match without spectators: the same clock ledger in game time, up
      // to where it was stopped (the fast model answers the same at once: under pdq the wait is not game time).
      const alone = await svc.api.post('/api/matches', longConfig(fastModel, decisions + 1));
      const aloneDone = await svc.api.settled('matches', alone.body.id as string, 600_000);
      expect(aloneDone.status).toBe('complete');
      const ledger = gameLedger(done.runDir);
      expect(ledger.length).toBeGreaterThan(2 * Math.min(decisions, 10));
      expect(decisions).toBeGreaterThan(SLOW_S);
      expect(gameLedger(aloneDone.runDir as string).slice(0, ledger.length)).toEqual(ledger);
    } finally {
      stalled.destroy();
      reader.ws.close();
    }
  }, SLOW_S * 1000 + 600_000);

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

  it('streams every player\'s view of a two-player match', async () => {
    const created = await svc.api.post('/api/matches', { game: 'sky_duel', agents: [{ kind: 'scripted' }, { kind: 'random' }], stepBudget: 12, observationDelayMs: 0 });
    const s = spectator(svc.url, `/api/matches/${created.body.id as string}/stream`, { token: svc.token, fps: '30' });
    await s.closed;
    expect(s.messages.at(-1)).toMatchObject({ type: 'end', status: 'complete' });
    expect(new Set(s.frames.map((f) => f.slot))).toEqual(new Set([0, 1]));
    expect(new Set(s.messages.filter((m) => m.type === 'decision').map((m) => m.slot))).toEqual(new Set([0, 1]));
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
