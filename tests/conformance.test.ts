import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteInputBackend, driverOptions } from '../game-host/index.js';
import { runGameLinkConformance, runRemoteInputConformance, type CheckResult } from '../conformance/index.js';
import { serveBackend, serveRemoteInput, type GameServer, type RemoteInputServer } from '../game-host/index.js';
import { SimulationBackend, lastStandGame, serveGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { startBrokenGameLink, type BrokenGameLink } from './support/broken-game-link.js';
import { startFakeRemoteInput, type FakeRemoteInput } from './support/fake-remote-input.js';
import { probeEntry, probeGame } from './support/probe-game.js';

const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c.close();
});
function keep<T extends { close(): Promise<void> }>(x: T): T {
  closers.push(x);
  return x;
}

const failures = (results: readonly CheckResult[]): CheckResult[] => results.filter((r) => r.status === 'fail');
/** Each named check failed, with a reason matching its pattern. */
function expectFailures(results: readonly CheckResult[], expected: readonly [string, RegExp][]): void {
  for (const [name, reason] of expected) {
    const r = results.find((x) => x.name === name);
    expect(r, name).toBeDefined();
    expect(r!.status, name).toBe('fail');
    expect(r!.detail, name).toMatch(reason);
  }
}
const byName = (results: readonly CheckResult[], prefix: string): CheckResult => results.find((r) => r.name.startsWith(prefix)) ?? expect.fail(`no check '${prefix}'`);

/** Our RemoteInput server with last_stand on ring, seed 2: an idle player falls after 5.65 s of game time. */
async function remoteInputLastStand(): Promise<RemoteInputServer> {
  return keep(await serveRemoteInput(new SimulationBackend(lastStandGame), { port: 0, seed: 2, variant: 'ring' }));
}

describe('conformance passes on our own games', () => {
  it('passes every GameLink check against the last_stand reference game', async () => {
    const server: GameServer = keep(await serveGame(lastStandGame));
    const results = await runGameLinkConformance(`ws://127.0.0.1:${server.port}`);
    expect(failures(results)).toEqual([]);
    expect(results.filter((r) => r.status === 'pass').length).toBe(results.length);
    expect(byName(results, 'advance exactness').detail).toMatch(/^exact/);
  });

  it('passes every RemoteInput check against our RemoteInput server', async () => {
    const server = await remoteInputLastStand();
    // The machine running the tests may be busy: a stall of the event loop shows as advance error, so the
    // tolerance here is loose; docs/remote-input.md reports the error measured on a quiet machine.
    const results = await runRemoteInputConformance('127.0.0.1', server.ports[0]!, { endWithinMs: 5000, speed: 8, runMs: 1100, advances: 4, advanceMs: 400, tolerance: 0.5 });
    expect(failures(results)).toEqual([]);
    expect(byName(results, 'the episode end').detail).toMatch(/^pushed game_over/);
    // One-player game: there is no second port to pair.
    expect(byName(results, "the second player's port").status).toBe('skip');
  });

  it("pairs the second player's port of a two-player game", async () => {
    const base = await freeBasePort();
    const server = keep(await serveRemoteInput(new SimulationBackend(probeGame), { port: base, entry: probeEntry }));
    const results = await runRemoteInputConformance('127.0.0.1', server.ports[0]!, { players: 2, runMs: 300, advances: 0 });
    expect(byName(results, "the second player's port")).toMatchObject({ status: 'pass', detail: `player_index 0 on ${base}, 1 on ${base + 1}` });
  });

  it('passes every GameLink check against the remote-input driver in front of our RemoteInput server', async () => {
    const ri = await remoteInputLastStand();
    const entry = getGame('last_stand');
    const backend = await RemoteInputBackend.connect(entry, driverOptions(entry, { kind: 'remote-input', host: '127.0.0.1', basePort: ri.ports[0]!, timeScale: 2 }));
    const server = keep(await serveBackend(backend, { entry }));
    // Everything shares this process, and the machine may be busy: a stall of the event loop shows (2x) in
    // the advance error, so the tolerance is loose and the waits long enough for frames to stream.
    const results = await runGameLinkConformance(`ws://127.0.0.1:${server.port}`, { variant: 'ring', seed: 2, tolerance: 0.5, holdMs: 500 });
    expect(failures(results)).toEqual([]);
    expect(byName(results, 'advance exactness').detail).toMatch(/^measured: actual\/requested mean/);
    expect(byName(results, 'the episode end').detail).toMatch(/'game_over'/);
  });
});

describe('conformance explains each failure on a broken endpoint', () => {
  let broken: BrokenGameLink;

  it('names every GameLink contract the broken endpoint breaks, with the reason', async () => {
    broken = keep(await startBrokenGameLink());
    const results = await runGameLinkConformance(`ws://127.0.0.1:${broken.port}`, { endWithinMs: 2000 });
    expectFailures(results, [
      ['malformed bytes close with BAD_MESSAGE (4000)', /closed with 1000, expected 4000/],
      ['a wrong version closes with VERSION_MISMATCH (4002)', /closed with 1000, expected 4002/],
      ['frames of the declared size and encoding', /16x16, asked 32x16/],
      ['an unknown variant is refused with UNKNOWN_VARIANT', /^accepted; expected UNKNOWN_VARIANT$/],
      ['a key outside the control set is refused with BAD_INPUT', /^accepted; expected BAD_INPUT$/],
      ['a slot outside the game is refused with BAD_SLOT', /^accepted; expected BAD_SLOT$/],
      ['pause holds still (game time and picture)', /picture changed while paused/],
      ['advance exactness (5 x 720 ms)', /declares exact advance but actual\/requested mean 0.5/],
      ['the episode end is reported', /no episode end within 2000 ms/],
    ]);
    expect(byName(results, 'hello and capabilities').status).toBe('pass');
  });

  it('names a RemoteInput build whose pause does not hold and that answers fire-and-forget commands', async () => {
    const fake: FakeRemoteInput = keep(await startFakeRemoteInput({ runningClock: true, ackEverything: true }));
    const results = await runRemoteInputConformance('127.0.0.1', fake.ports[0]!, { runMs: 300, advances: 0, answerWithinMs: 300 });
    expectFailures(results, [
      ['slomo 0 freezes the world (sent twice: idempotent)', /game clock moved \d+ ms in 300 ms of wall time while frozen/],
      ['slomo 1 resumes at wall-clock speed; the next frame is fresh', /picture is identical after \d+ ms of game time/],
      ['fire-and-forget commands are never answered', /unexpected line/],
      ['a line that is not JSON is answered or closed; others play on', /^neither an answer nor a close within 300 ms$/],
    ]);
  });

  it('fails the screenshot check with BAD_MESSAGE when the size field lies', async () => {
    const fake = keep(await startFakeRemoteInput({ sizeLie: -10 }));
    const results = await runRemoteInputConformance('127.0.0.1', fake.ports[0]!, { advances: 0, runMs: 100, holdMs: 50, answerWithinMs: 300 });
    expectFailures(results, [['screenshot: header, then exactly that many bytes of one image', /^BAD_MESSAGE: screenshot of \d+ bytes is not one JPEG image/]]);
  });

  it('exits non-zero from the command line, printing FAIL lines', async () => {
    broken = keep(await startBrokenGameLink());
    const { code, stdout } = await runCli(['conformance', '--url', `ws://127.0.0.1:${broken.port}`, '--end-within', '1000']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^FAIL {2}frames of the declared size and encoding {2,}slot 0 frame is 16x16, asked 32x16$/m);
    expect(stdout).toMatch(/\d+ passed, \d+ failed, \d+ skipped/);
  });
});

const ARENA = fileURLToPath(new URL('../bin/arena.js', import.meta.url));

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ARENA, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A port that was free a moment ago, for a server that needs base and base + 1. */
async function freeBasePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
