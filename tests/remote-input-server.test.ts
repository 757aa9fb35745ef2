import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { serveRemoteInput, type RemoteInputServer } from '../game-host/index.js';
import { SimulationBackend, lastStandGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { lineClient, type LineClient } from './support/line-client.js';
import { probeEntry, probeGame } from './support/probe-game.js';

let server: RemoteInputServer | undefined;
const clients: LineClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.destroy();
  await server?.close();
  server = undefined;
});

async function serveProbe(options: Parameters<typeof serveRemoteInput>[1] = {}): Promise<RemoteInputServer> {
  server = await serveRemoteInput(new SimulationBackend(probeGame), { port: 0, entry: probeEntry, ...options });
  return server;
}

async function connect(player = 0): Promise<LineClient> {
  const c = await lineClient(server!.ports[player]!);
  clients.push(c);
  return c;
}

const simMs = async (c: LineClient): Promise<number> => (await c.ask({ type: 'get_score' })).sim_ms as number;

/** Samples the game clock until `wallMs` of wall time have passed: each sample's wall time is the middle of its round trip. */
async function sampleClock(c: LineClient, wallMs: number): Promise<{ wall: number; rtt: number; sim: number }[]> {
  const samples: { wall: number; rtt: number; sim: number }[] = [];
  const start = performance.now();
  while (performance.now() - start < wallMs) {
    const sent = performance.now();
    const sim = await simMs(c);
    const now = performance.now();
    samples.push({ sim, wall: (sent + now) / 2, rtt: now - sent });
  }
  return samples;
}

describe('RemoteInput server: connections and ports', () => {
  it('greets each player with a welcome naming its index and our extensions', async () => {
    await serveProbe();
    const [p1, p2] = [await connect(0), await connect(1)];
    const w1 = await p1.next((l) => l.type === 'welcome');
    const w2 = await p2.next((l) => l.type === 'welcome');
    expect([w1.player_index, w2.player_index, w1.game]).toEqual([0, 1, 'probe']);
    expect(w1.extensions).toEqual(['get_state', 'sim_ms', 'progress']);
  });

  it('listens for player 2 on the base port + 1', async () => {
    // A base port whose next port is free too (other processes on this machine take ephemeral ports).
    const listen = (port: number): Promise<ReturnType<typeof createServer> | undefined> =>
      new Promise((resolve) => {
        const probe = createServer();
        probe.once('error', () => resolve(undefined));
        probe.listen(port, '127.0.0.1', () => resolve(probe));
      });
    const close = (probe: ReturnType<typeof createServer>): Promise<void> => new Promise((resolve) => probe.close(() => resolve()));
    let base = 0;
    for (let tries = 0; tries < 50 && base === 0; tries++) {
      const first = (await listen(0))!;
      const port = (first.address() as AddressInfo).port;
      const second = port < 65535 ? await listen(port + 1) : undefined;
      if (second) {
        base = port;
        await close(second);
      }
      await close(first);
    }
    await serveProbe({ port: base });
    expect(server!.ports).toEqual([base, base + 1]);
    expect((await (await connect(1)).ask({ type: 'get_score' })).player_index).toBe(1);
  });

  it('sends no welcome when told not to', async () => {
    await serveProbe({ welcome: false });
    const c = await connect();
    expect((await c.ask({ type: 'get_score' })).type).toBe('score');
    expect(c.lines.map((l) => l.type)).toEqual(['score']);
  });
});

describe('RemoteInput server: the clock', () => {
  it('holds game time still after slomo 0', async () => {
    await serveProbe();
    const c = await connect();
    c.send({ type: 'console', command: 'slomo 0' });
    const frozen = await simMs(c);
    const samples = await sampleClock(c, 150);
    expect(samples.every((s) => s.sim === frozen)).toBe(true);
  });

  it('runs game time at wall-clock speed after slomo 1, and at twice that after slomo 2', async () => {
    await serveProbe({ paused: true });
    const c = await connect();
    for (const speed of [1, 2]) {
      c.send({ type: 'console', command: `slomo ${speed}` });
      const samples = await sampleClock(c, 200);
      const first = samples[0]!;
      const last = samples.at(-1)!;
      // Within a 10 ms tick of the wall time between the two samples, give or take half of each round trip.
      const slack = (10 + (first.rtt + last.rtt) / 2) * speed + 1;
      expect(Math.abs(last.sim - first.sim - (last.wall - first.wall) * speed)).toBeLessThanOrEqual(slack);
      c.send({ type: 'console', command: 'slomo 0' });
    }
  });

  it('treats a repeated slomo as a no-op', async () => {
    await serveProbe({ paused: true });
    const c = await connect();
    c.send({ type: 'console', command: 'slomo 0' });
    c.send({ type: 'console', command: 'slomo 0' });
    expect(await simMs(c)).toBe(0);
  });

  it('restarts the episode on reset, keeping the world frozen', async () => {
    await serveProbe();
    const c = await connect();
    await sampleClock(c, 50);
    c.send({ type: 'console', command: 'slomo 0' });
    expect(await simMs(c)).toBeGreaterThan(0);
    expect(await c.ask({ type: 'reset' })).toEqual({ type: 'reset', status: 'ok' });
    const samples = await sampleClock(c, 50);
    expect(samples.every((s) => s.sim === 0)).toBe(true);
  });

  it("reports the game's progress and raw score in get_score", async () => {
    await serveProbe({ paused: true });
    const c = await connect();
    c.send({ type: 'console', command: 'slomo 16' });
    await sampleClock(c, 60);
    c.send({ type: 'console', command: 'slomo 0' });
    const score = await c.ask({ type: 'get_score' });
    const sim = score.sim_ms as number;
    expect(sim).toBeGreaterThan(0);
    // The probe's score is its game time; progress is game time over its 60 s limit.
    expect(score).toMatchObject({ type: 'score', score: sim, survival_time: sim / 1000, progress: sim / 60_000, player_index: 0 });
  });
});

describe('RemoteInput server: episodes end', () => {
  it('pushes game_over to every player and answers game_over_check once the episode ends', async () => {
    await serveProbe({ paused: true });
    const [p1, p2] = [await connect(0), await connect(1)];
    expect((await p1.ask({ type: 'game_over_check' })).game_over).toBe(false);
    // `open` selects the variant by its map (the short probe ends after 5 s of game time).
    p1.send({ type: 'console', command: 'open /Game/Maps/Probe_Short' });
    p1.send({ type: 'console', command: 'slomo 16' });
    const pushes = await Promise.all([p1.next((l) => l.type === 'game_over'), p2.next((l) => l.type === 'game_over')]);
    expect(pushes.map((p) => p.player_index)).toEqual([0, 1]);
    expect(await p2.ask({ type: 'game_over_check' })).toEqual({ type: 'game_over_check', game_over: true, player_index: 1 });
    expect(await simMs(p1)).toBe(5000);
  });
});

describe('RemoteInput server: input', () => {
  it('maps UE key names to our controls for the player of the port', async () => {
    await serveProbe({ paused: true });
    const p2 = await connect(1);
    p2.send({ type: 'key', key: 'SpaceBar', event: 'pressed' });
    p2.send({ type: 'key', key: 'W', event: 'pressed' });
    const state = (await p2.ask({ type: 'get_state' })).state as { held: Record<string, string[]> };
    expect(state.held).toEqual({ 0: [], 1: ['Space', 'W'] });
  });

  it("releases a player's keys when its connection goes away", async () => {
    await serveProbe({ paused: true });
    const p1 = await connect(0);
    const watcher = await connect(1);
    p1.send({ type: 'key', key: 'W', event: 'pressed' });
    await p1.ask({ type: 'get_score' });
    p1.socket.destroy();
    await p1.closed;
    await expect.poll(async () => ((await watcher.ask({ type: 'get_state' })).state as { held: Record<string, string[]> }).held['0']).toEqual([]);
  });

  it('turns the view by mouse units over the configured units per degree', async () => {
    server = await serveRemoteInput(new SimulationBackend(lastStandGame), { port: 0, paused: true, lookScale: { x: 2, y: 2 } });
    const c = await connect();
    c.send({ type: 'mouse', dx: 60, dy: -10 });
    const state = (await c.ask({ type: 'get_state' })).state as { camera: { yaw: number; pitch: number } };
    expect(state.camera.yaw).toBe(30);
    expect(state.camera.pitch).toBe(-36 - 5);
  });

  it('never answers a fire-and-forget command, even one it cannot use', async () => {
    await serveProbe({ welcome: false });
    const c = await connect();
    c.send({ type: 'key', key: 'NoSuchKey', event: 'pressed' });
    c.send({ type: 'key', key: 'W' });
    c.send({ type: 'console', command: 'stat fps' });
    c.send({ type: 'axis', axis: 'Throttle', value: 1 });
    // The probe's only button is LMB: a right click is ignored like a key the game lacks.
    c.send({ type: 'mouse_button', button: 'right', event: 'pressed' });
    await c.ask({ type: 'get_score' });
    expect(c.lines.map((l) => l.type)).toEqual(['score']);
    expect(server!.stats.ignored).toBe(5);
  });
});

describe('RemoteInput server: screenshots', () => {
  it('answers a header and exactly that many bytes of JPEG at the game frame size', async () => {
    server = await serveRemoteInput(new SimulationBackend(lastStandGame), { port: 0 });
    const c = await connect();
    const { header, data } = await c.screenshot(70);
    const { width, height } = getGame('last_stand').frame;
    expect(header).toEqual({ type: 'screenshot', width, height, format: 'jpeg', size: data.length });
    const meta = await sharp(data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', width, height]);
    // The next line after the bytes is a normal reply.
    expect((await c.ask({ type: 'get_score' })).type).toBe('score');
  });
});

describe('RemoteInput server: bad lines', () => {
  it('answers a line that is not JSON with an error and keeps the connection', async () => {
    await serveProbe({ welcome: false });
    const c = await connect();
    c.sendRaw('{"type": "key", oops\n');
    expect((await c.next((l) => l.type === 'error')).error).toMatch(/JSON/);
    expect((await c.ask({ type: 'get_score' })).type).toBe('score');
  });

  it('answers an unknown command type and a bad request with an error', async () => {
    await serveProbe({ welcome: false });
    const c = await connect();
    expect((await c.ask({ type: 'teleport' })).type).toBe('error');
    expect((await c.ask({ type: 'screenshot', quality: 1000 })).type).toBe('error');
    expect((await c.ask([1, 2])).type).toBe('error');
    expect(server!.stats.badLines).toBe(3);
  });

  it('closes a connection that sends a line over the limit, and the other player plays on', async () => {
    await serveProbe({ maxLineBytes: 1024 });
    const [p1, p2] = [await connect(0), await connect(1)];
    p1.sendRaw('x'.repeat(4096));
    expect((await p1.next((l) => l.type === 'error')).error).toMatch(/longer than 1024/);
    await p1.closed;
    expect((await p2.ask({ type: 'get_score' })).player_index).toBe(1);
  });
});
