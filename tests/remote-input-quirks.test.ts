import { afterEach, describe, expect, it } from 'vitest';
import { RemoteInputBackend, RemoteInputClient, driverOptions, type RemoteInputDriverOptions } from '../game-host/index.js';
import type { GameEntry } from '../games-manifest/index.js';
import { hasCode, type ArenaError, type InputEvent } from '../protocol/index.js';
import { startFakeRemoteInput, type FakeBehaviour, type FakeRemoteInput } from './support/fake-remote-input.js';
import { probeEntry } from './support/probe-game.js';

let fake: FakeRemoteInput | undefined;
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close().catch(() => undefined);
  await fake?.close();
  fake = undefined;
});

const solo: GameEntry = { ...probeEntry, slots: [{ slot: 0, team: 0 }] };
const reset = { seed: 1, variant: 'origin', slots: [0], width: 32, height: 16 };

async function backendFor(behaviour: FakeBehaviour, overrides: Partial<RemoteInputDriverOptions> = {}, entry = solo): Promise<RemoteInputBackend> {
  fake = await startFakeRemoteInput(behaviour, entry.slots.length);
  const recipe = { kind: 'remote-input' as const, host: '127.0.0.1', basePort: fake.ports[0]!, ports: [...fake.ports], lookUnitsPerDegree: { x: 2, y: -3 } };
  const backend = await RemoteInputBackend.connect(entry, driverOptions(entry, recipe, overrides));
  open.push(backend);
  return backend;
}

async function clientFor(behaviour: FakeBehaviour, options: { frameIdleTimeoutMs?: number; requestTimeoutMs?: number } = {}): Promise<RemoteInputClient> {
  fake = await startFakeRemoteInput(behaviour);
  const client = await RemoteInputClient.connect({ host: '127.0.0.1', port: fake.ports[0]!, ...options });
  open.push(client);
  return client;
}

const lines = (type: string): Record<string, unknown>[] => fake!.received.filter((r) => r.line.type === type).map((r) => r.line);
const consoles = (): string[] => lines('console').map((l) => String(l.command));

describe('RemoteInput client: protocol quirks', () => {
  it('works with no welcome line', async () => {
    const backend = await backendFor({ welcome: false });
    expect(backend.info.build).toBe('remote-input');
    await backend.reset(reset);
    expect((await backend.render(0)).encoding).toBe('jpeg');
  });

  it('reads a welcome line and never takes it for a reply', async () => {
    const client = await clientFor({ welcome: true });
    fake!.score = 7;
    expect((await client.getScore()).score).toBe(7);
    expect(client.welcome?.build).toBe('FakeBuild-1.0');
    expect(client.stats.unsolicited).toBe(1);
  });

  it('takes game_over pushes interleaved with replies as pushes, and the replies as replies', async () => {
    const client = await clientFor({ pushBeforeReplies: true });
    const pushes: unknown[] = [];
    client.onGameOver((l) => pushes.push(l));
    fake!.score = 3;
    expect((await client.getScore()).score).toBe(3);
    expect(await client.gameOverCheck()).toBe(false);
    expect((await client.screenshot()).width).toBe(32);
    expect(pushes).toHaveLength(3);
  });

  it('retries a screenshot answered pending until it comes', async () => {
    const client = await clientFor({ pendingScreenshots: 3 });
    const shot = await client.screenshot(70);
    expect([shot.width, shot.height, shot.format]).toEqual([32, 16, 'jpeg']);
    expect(client.stats.pendingRetries).toBe(3);
    expect(lines('screenshot')).toHaveLength(4);
  });

  it('fails with GAME_TIMEOUT when a screenshot stays pending past its deadline', async () => {
    fake = await startFakeRemoteInput({ pendingScreenshots: 1_000_000 });
    const client = await RemoteInputClient.connect({ host: '127.0.0.1', port: fake.ports[0]!, pendingTimeoutMs: 150 });
    open.push(client);
    const err = await client.screenshot().catch((e: unknown) => e);
    expect(hasCode(err, 'GAME_TIMEOUT')).toBe(true);
  });

  it('fails with BAD_MESSAGE at once when the size field is shorter than the JPEG', async () => {
    const client = await clientFor({ sizeLie: -40 }, { frameIdleTimeoutMs: 5000 });
    const started = performance.now();
    const err = await client.screenshot().catch((e: unknown) => e);
    expect(hasCode(err, 'BAD_MESSAGE')).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
    // The byte stream cannot be trusted any more: the connection is closed and stays failed.
    expect(hasCode(client.error, 'BAD_MESSAGE')).toBe(true);
    expect(hasCode(await client.getScore().catch((e: unknown) => e), 'BAD_MESSAGE')).toBe(true);
  });

  it('fails with BAD_MESSAGE within the read deadline when the size field is longer than the JPEG', async () => {
    const client = await clientFor({ sizeLie: 4096 }, { frameIdleTimeoutMs: 200 });
    const started = performance.now();
    const err = await client.screenshot().catch((e: unknown) => e);
    expect(hasCode(err, 'BAD_MESSAGE')).toBe(true);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('fails with BAD_MESSAGE at once when a longer size swallows the next line', async () => {
    const client = await clientFor({ sizeLie: 20 }, { frameIdleTimeoutMs: 5000 });
    const started = performance.now();
    const shot = client.screenshot().catch((e: unknown) => e);
    await fake!.waitFor((r) => r.line.type === 'screenshot');
    // The push fills the promised bytes: the frame then ends in JSON, not FF D9.
    fake!.pushGameOver();
    expect(hasCode(await shot, 'BAD_MESSAGE')).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('fails with BAD_MESSAGE on a line that is not JSON', async () => {
    const client = await clientFor({ garbageOn: { type: 'get_score', text: 'Segmentation fault\n' } });
    expect(hasCode(await client.getScore().catch((e: unknown) => e), 'BAD_MESSAGE')).toBe(true);
  });

  it('fails with GAME_TIMEOUT when a request is never answered', async () => {
    const client = await clientFor({ silentOn: 'get_score' }, { requestTimeoutMs: 150 });
    expect(hasCode(await client.getScore().catch((e: unknown) => e), 'GAME_TIMEOUT')).toBe(true);
  });

  it('fails with GAME_CRASHED when the server closes the socket mid-request', async () => {
    const client = await clientFor({ closeOn: 'screenshot' });
    const closed = new Promise<ArenaError | undefined>((resolve) => client.onClosed(resolve));
    expect(hasCode(await client.screenshot().catch((e: unknown) => e), 'GAME_CRASHED')).toBe(true);
    expect(hasCode(await closed, 'GAME_CRASHED')).toBe(true);
  });

  it('fails with GAME_CRASHED when nothing listens on the port', async () => {
    fake = await startFakeRemoteInput();
    const port = fake.ports[0]!;
    await fake.close();
    fake = undefined;
    expect(hasCode(await RemoteInputClient.connect({ host: '127.0.0.1', port }).catch((e: unknown) => e), 'GAME_CRASHED')).toBe(true);
  });
});

describe('RemoteInput backend over a scripted server', () => {
  it('freezes with slomo 0 around a reset, resumes for an advance and freezes again', async () => {
    const backend = await backendFor({});
    await backend.reset(reset);
    expect(consoles()).toEqual(['slomo 0', 'slomo 0']);
    const stretch = await backend.advance(100, []);
    expect(consoles()).toEqual(['slomo 0', 'slomo 0', 'slomo 1', 'slomo 0']);
    // Without a server clock the wall time between resume and freeze is the measure.
    expect(stretch.actualMs).toBeGreaterThanOrEqual(99);
    expect(stretch.actualMs).toBeLessThan(400);
    expect(backend.simMs).toBe(stretch.actualMs);
  });

  it('maps our controls to UE keys, buttons and scaled mouse moves, timed on the wall clock', async () => {
    const backend = await backendFor({});
    await backend.reset(reset);
    fake!.received.length = 0;
    const inputs: InputEvent[] = [
      { type: 'look', at: 0, slot: 0, dx: 10, dy: 5 },
      { type: 'key', at: 0, slot: 0, key: 'Space', down: true },
      { type: 'key', at: 60, slot: 0, key: 'W', down: true },
      { type: 'button', at: 120, slot: 0, button: 'left', down: true },
      { type: 'key', at: 200, slot: 0, key: 'Space', down: false },
      { type: 'key', at: 200, slot: 0, key: 'W', down: false },
      { type: 'button', at: 200, slot: 0, button: 'left', down: false },
    ];
    await backend.advance(200, inputs);
    const seq = fake!.received.filter((r) => r.line.type !== 'get_score' && r.line.type !== 'game_over_check');
    expect(seq.map((r) => r.line)).toEqual([
      { type: 'mouse', dx: 20, dy: -15 },
      { type: 'key', key: 'SpaceBar', event: 'pressed' },
      { type: 'console', command: 'slomo 1' },
      { type: 'key', key: 'W', event: 'pressed' },
      { type: 'mouse_button', button: 'left', event: 'pressed' },
      { type: 'console', command: 'slomo 0' },
      { type: 'key', key: 'SpaceBar', event: 'released' },
      { type: 'key', key: 'W', event: 'released' },
      { type: 'mouse_button', button: 'left', event: 'released' },
    ]);
    const resumedAt = seq[2]!.at;
    // Arrival times on loopback, measured from when the server read the resume: the driver's clock starts
    // when it sends `slomo 1`, so a resume read late makes the inputs after it look early by as much. On a
    // busy machine that read can lag by several ms; the order and spacing are what is checked here.
    for (const [i, offset] of [[3, 60], [4, 120], [5, 200]] as const) {
      expect(seq[i]!.at - resumedAt).toBeGreaterThanOrEqual(offset - 15);
      expect(seq[i]!.at - resumedAt).toBeLessThan(offset + 100);
    }
  });

  it('ends the episode on a game_over push mid-advance, freezing early and releasing held keys', async () => {
    const backend = await backendFor({});
    await backend.reset(reset);
    const advance = backend.advance(5000, [{ type: 'key', at: 0, slot: 0, key: 'W', down: true }]);
    await fake!.waitFor((r) => r.line.type === 'console' && r.line.command === 'slomo 1');
    const pushedAt = performance.now();
    fake!.pushGameOver();
    const stretch = await advance;
    expect(performance.now() - pushedAt).toBeLessThan(500);
    expect(stretch.end?.reason).toBe('game_over');
    expect(stretch.events.map((e) => e.name)).toEqual(['game_over']);
    expect(backend.ended).toBe(true);
    expect(lines('key').at(-1)).toEqual({ type: 'key', key: 'W', event: 'released' });
  });

  it('ends the episode when game_over_check says so, with no push', async () => {
    const backend = await backendFor({});
    await backend.reset(reset);
    fake!.gameOver = true;
    const stretch = await backend.advance(20, []);
    expect(stretch.end?.reason).toBe('game_over');
  });

  it('keeps progress as the maximum score seen, normalised as configured', async () => {
    const backend = await backendFor({}, { progress: { field: 'score', max: 50 } });
    await backend.reset(reset);
    fake!.score = 20;
    await backend.advance(10, []);
    fake!.score = 5;
    await backend.advance(10, []);
    expect(backend.progress()).toEqual([{ slot: 0, progress: 0.4, score: 20 }]);
  });

  it('fails the advance with GAME_CRASHED when the server drops the socket, and reconnects on the next reset', async () => {
    const backend = await backendFor({});
    await backend.reset(reset);
    const advance = backend.advance(5000, []).catch((e: unknown) => e);
    await fake!.waitFor((r) => r.line.type === 'console' && r.line.command === 'slomo 1');
    fake!.dropAll();
    expect(hasCode(await advance, 'GAME_CRASHED')).toBe(true);
    await backend.reset(reset);
    const stretch = await backend.advance(10, []);
    expect(stretch.requestedMs).toBe(10);
  });

  it('sends an open console command when a variant has a map, only when the map changes', async () => {
    const backend = await backendFor({}, { maps: { origin: '/Game/Maps/Probe', short: '/Game/Maps/Probe_Short' } });
    await backend.reset(reset);
    await backend.reset(reset);
    await backend.reset({ ...reset, variant: 'short' });
    expect(consoles().filter((c) => c.startsWith('open'))).toEqual(['open /Game/Maps/Probe', 'open /Game/Maps/Probe_Short']);
  });

  it('drives a two-player build over two connections, base port and base + 1', async () => {
    const backend = await backendFor({}, {}, probeEntry);
    await backend.reset({ ...reset, slots: [0, 1] });
    await backend.advance(30, [
      { type: 'key', at: 0, slot: 0, key: 'W', down: true },
      { type: 'key', at: 0, slot: 1, key: 'S', down: true },
    ]);
    const keys = fake!.received.filter((r) => r.line.type === 'key').map((r) => [r.port, r.line.key]);
    expect(keys).toEqual([
      [fake!.ports[0], 'W'],
      [fake!.ports[1], 'S'],
    ]);
    // World commands go to player 1 only.
    expect(new Set(fake!.received.filter((r) => r.line.type === 'console').map((r) => r.port))).toEqual(new Set([fake!.ports[0]]));
  });
});
