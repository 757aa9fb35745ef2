/**
 * `arena serve`'s bridge endpoint with a bridge dialling in (in this process), the link options a gateway
 * reads from an endpoint address, and the `arena bridge` start-up refusals, each with its code.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { CloseCode } from '../protocol/index.js';
import { lastStandGame, SimulationBackend } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { dialBackend, type DialedGame } from '../game-host/index.js';
import { GameClient, bridgeLink } from '../env-bridge/index.js';
import { runArena } from './support/arena-process.js';
import { startBridge, startReady } from './support/bridge-process.js';
import { startTestService, type TestService } from './support/serve-harness.js';
import { missingDoomDeps, titled } from './support/desktop.js';
import { tempRunsDir } from './support/run-dir.js';

/** The close code a WebSocket to `url` (with `token` as bearer, if any) gets. */
function closeCodeOf(url: string, token?: string): Promise<number> {
  const ws = new WebSocket(url, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });
  ws.on('error', () => undefined);
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

describe("arena serve's bridge endpoint", () => {
  let service: TestService;
  let dialed: DialedGame;
  let ws: string;
  beforeAll(async () => {
    service = await startTestService();
    ws = service.url.replace('http:', 'ws:');
    dialed = dialBackend(new SimulationBackend(lastStandGame), `${ws}/bridges/gpu1/dial`, { entry: getGame('last_stand'), token: service.token, dialToken: service.token, graceMs: 5000 });
    await dialed.connected;
  });
  afterAll(async () => {
    await dialed.close();
    await service.close();
  });

  it('lists the dialled bridge, and refuses a second one of that name (SLOT_TAKEN), a stranger (UNAUTHORIZED) and an unknown name (NOT_FOUND)', async () => {
    const listed = await service.api.get<{ bridges: { name: string; paired: boolean }[] }>('/api/bridges');
    expect(listed.body.bridges).toEqual([expect.objectContaining({ name: 'gpu1', paired: false })]);
    expect(await closeCodeOf(`${ws}/bridges/gpu1/dial`, service.token)).toBe(CloseCode.SLOT_TAKEN);
    expect(await closeCodeOf(`${ws}/bridges/gpu1/dial`)).toBe(CloseCode.UNAUTHORIZED);
    expect(await closeCodeOf(`${ws}/bridges/gpu1`, 'not-the-service-token')).toBe(CloseCode.UNAUTHORIZED);
    expect(await closeCodeOf(`${ws}/bridges/nobody`, service.token)).toBe(CloseCode.UNKNOWN_MATCH);
    expect((await service.api.get('/api/bridges', 'wrong')).status).toBe(401);
  });

  it('pairs a gateway with the bridge and passes GameLink through; the bridge dials again for the next one', async () => {
    for (let round = 0; round < 2; round++) {
      // After a gateway left, the bridge dials again: the service lists it unpaired once that dial is in.
      await vi.waitFor(async () => expect((await service.api.get<{ bridges: unknown[] }>('/api/bridges')).body.bridges).toEqual([expect.objectContaining({ name: 'gpu1', paired: false })]), { timeout: 10_000, interval: 50 });
      const client = await GameClient.connect(`${ws}/bridges/gpu1`, { client: 'test', privileged: false, token: service.token });
      expect(client.game).toBe('last_stand');
      await client.reset(1, 'origin', [0], { width: 64, height: 36, encoding: 'rgb' });
      const reply = await client.advance(120, [], [0]);
      expect([reply.done.simMs, reply.frames[0]?.data.length]).toEqual([120, 64 * 36 * 3]);
      await client.close();
    }
  });
});

/** `CODE: message` of what `fn` throws. */
function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return `${(err as { code?: string }).code}: ${(err as Error).message}`;
  }
  return 'nothing thrown';
}

describe('link options in an endpoint address', () => {
  it('reads frames, quality, max_side and token_file off the address; PNG by default off this machine', () => {
    const { dir, cleanup } = tempRunsDir();
    try {
      const file = join(dir, 'token');
      writeFileSync(file, 'a-token-of-twenty-chars\n');
      expect(bridgeLink(`ws://10.0.0.5:7700/?frames=jpeg&quality=70&max_side=320&token_file=${file}&other=1`, {})).toEqual({
        url: 'ws://10.0.0.5:7700/?other=1',
        token: 'a-token-of-twenty-chars',
        frames: { encoding: 'jpeg', quality: 70, maxSide: 320 },
      });
      expect(bridgeLink('ws://10.0.0.5:7700', {})).toEqual({ url: 'ws://10.0.0.5:7700/', frames: { encoding: 'png' } });
      expect(bridgeLink('ws://127.0.0.1:7700', {})).toEqual({ url: 'ws://127.0.0.1:7700/' });
      expect(bridgeLink('ws://127.0.0.1:7700', { ARENA_BRIDGE_TOKEN_FILE: file }).token).toBe('a-token-of-twenty-chars');
      writeFileSync(file, 'short\n');
      expect(errorOf(() => bridgeLink(`ws://127.0.0.1:7700/?token_file=${file}`, {}))).toMatch(/^BAD_CONFIG: .*shorter than 16/);
    } finally {
      cleanup();
    }
    expect(() => bridgeLink('ws://127.0.0.1:7700/?frames=gif', {})).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
    expect(() => bridgeLink('ws://127.0.0.1:7700/?quality=500', {})).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
    expect(errorOf(() => bridgeLink('ws://127.0.0.1:7700/?token_file=/nonexistent/token', {}))).toMatch(/^BAD_CONFIG: cannot read the token file/);
  });
});

describe('arena bridge refuses what it cannot serve safely (BAD_CONFIG, exit 2)', () => {
  it.each([
    [['--game', 'last_stand', '--listen', '0.0.0.0:0'], /needs --token-file/],
    [['--game', 'last_stand', '--dial', 'ws://127.0.0.1:1/bridges/x/dial'], /--dial needs --token-file/],
    [['--game', 'last_stand', '--desktop', 'doom'], /exactly one game/],
    [[], /exactly one game/],
    [['--game', 'last_stand', '--tls-cert', 'cert.pem'], /go together/],
    [['--game', 'last_stand', '--grace', '0'], /--grace takes a whole number/],
    [['--game', 'last_stand', '--tls-cert', '/nonexistent/cert.pem', '--tls-key', '/nonexistent/key.pem'], /--tls-cert \/nonexistent\/cert.pem: ENOENT/],
    [['--remote-input', '127.0.0.1:1', '--recipe', 'package.json'], /is not a RemoteInput recipe/],
    [['--remote-input', '127.0.0.1:1', '--recipe', 'README.md'], /is not JSON/],
    [['--remote-input', '127.0.0.1:1', '--profile', 'fancy'], /--profile is default or omnigamearena/],
    [['--game', 'last_stand', '--recipe', 'x.json'], /go with --remote-input/],
  ])('arena bridge %j', async (args, message) => {
    const exit = await runArena(['bridge', ...args]);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toMatch(message);
  });

  it('names the reference games for an unknown one (UNKNOWN_GAME)', async () => {
    const exit = await runArena(['bridge', '--game', 'no_such_game']);
    expect(exit.code).not.toBe(0);
    expect(exit.stderr).toMatch(/UNKNOWN_GAME.*last_stand/);
  });
});

describe('arena bridge --remote-input', () => {
  it('serves a RemoteInput build (our RemoteInput server) as a GameLink endpoint', async () => {
    const build = await startReady(process.execPath, ['bin/arena.js', 'remote-input-serve', '--game', 'last_stand', '--port', '0', '--quiet']);
    try {
      const bridge = await startBridge(['--remote-input', `127.0.0.1:${String(build.ready.port)}`, '--game', 'last_stand', '--quiet']);
      try {
        expect(bridge.ready).toMatchObject({ game: 'last_stand', url: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+$/) as unknown });
        const client = await GameClient.connect(String(bridge.ready.url), { client: 'test', privileged: false, frames: { encoding: 'jpeg', maxSide: 320 } });
        try {
          await client.reset(1, 'origin', [0], { width: 640, height: 360, encoding: 'rgb' });
          const reply = await client.advance(120, [], [0]);
          expect(reply.done.actualMs).toBeGreaterThan(0);
          expect([reply.frames[0]?.encoding, reply.frames[0]?.width, reply.frames[0]?.height]).toEqual(['jpeg', 320, 180]);
        } finally {
          await client.close();
        }
      } finally {
        await bridge.stop();
      }
    } finally {
      await build.stop();
    }
  }, 60_000);
});

const doomMissing = missingDoomDeps();
describe.skipIf(doomMissing.length > 0)(titled('arena bridge --desktop', doomMissing), () => {
  it('serves a desktop game under its own display as a GameLink endpoint', async () => {
    const bridge = await startBridge(['--desktop', 'freedoom', '--quiet']);
    try {
      expect(bridge.ready).toMatchObject({ game: 'freedoom' });
      const client = await GameClient.connect(String(bridge.ready.url), { client: 'test', privileged: false, frames: { encoding: 'png' } });
      try {
        await client.reset(1, 'e1m1', [0], { width: 320, height: 240, encoding: 'rgb' });
        const reply = await client.advance(120, [], [0]);
        expect([reply.frames[0]?.encoding, reply.frames[0]?.data.length]).toEqual(['rgb', 320 * 240 * 3]);
      } finally {
        await client.close();
      }
    } finally {
      await bridge.stop();
    }
  }, 90_000);
});
