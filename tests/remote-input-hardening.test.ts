/**
 * RemoteInput under hostile or unlucky peers: a build that trickles a screenshot's bytes, one whose JPEG
 * does not decode, and a client that asks for large screenshots without reading them.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteInputClient, convertFrame, serveRemoteInput, type RemoteInputServer } from '../game-host/index.js';
import { SimulationBackend, lastStandGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { hasCode } from '../protocol/index.js';
import { startFakeRemoteInput, type FakeRemoteInput } from './support/fake-remote-input.js';

let fake: FakeRemoteInput | undefined;
let server: RemoteInputServer | undefined;
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close().catch(() => undefined);
  await fake?.close();
  fake = undefined;
  await server?.close();
  server = undefined;
});

describe('RemoteInput client: whole-message deadlines', () => {
  it('fails a screenshot whose bytes trickle in with GAME_TIMEOUT, although no gap reaches the idle deadline', async () => {
    fake = await startFakeRemoteInput({ trickle: { bytes: 1, everyMs: 5 } });
    const client = await RemoteInputClient.connect({ host: '127.0.0.1', port: fake.ports[0]!, frameIdleTimeoutMs: 10_000, frameTimeoutMs: 300 });
    open.push(client);
    const err = await client.screenshot().catch((e: unknown) => e);
    expect(hasCode(err, 'GAME_TIMEOUT')).toBe(true);
    expect(String((err as Error).message)).toMatch(/trickles/);
    // The stream cannot be trusted after a cut frame: the client stays failed.
    expect(hasCode(client.error, 'GAME_TIMEOUT')).toBe(true);
  });

  it('takes a screenshot that trickles but finishes within its deadline', async () => {
    fake = await startFakeRemoteInput({ trickle: { bytes: 64, everyMs: 2 } });
    const client = await RemoteInputClient.connect({ host: '127.0.0.1', port: fake.ports[0]!, frameTimeoutMs: 20_000 });
    open.push(client);
    const shot = await client.screenshot();
    expect(shot.data[0]).toBe(0xff);
    expect(shot.data[1]).toBe(0xd8);
  });
});

describe('a build whose JPEG does not decode', () => {
  it('is BAD_MESSAGE when the frame is converted for the gateway, never INTERNAL', async () => {
    fake = await startFakeRemoteInput({ corruptJpeg: true });
    const client = await RemoteInputClient.connect({ host: '127.0.0.1', port: fake.ports[0]! });
    open.push(client);
    const shot = await client.screenshot();
    const err = await convertFrame({ data: shot.data, encoding: 'jpeg', width: shot.width, height: shot.height }, 32, 16, 'rgb', 85).catch((e: unknown) => e);
    expect(hasCode(err, 'BAD_MESSAGE')).toBe(true);
    expect(String((err as Error).message)).toMatch(/does not decode/);
  });
});

describe('RemoteInput server: a client that asks without reading', () => {
  it('stops reading its requests and keeps unread replies bounded, then serves them all once it reads', async () => {
    server = await serveRemoteInput(new SimulationBackend(lastStandGame), { port: 0, entry: getGame('last_stand'), welcome: false, paused: true });
    const socket = connect({ host: '127.0.0.1', port: server.ports[0]! });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.pause();
    const requests = 120;
    const line = `${JSON.stringify({ type: 'screenshot', quality: 100, width: 1920, height: 1080 })}\n`;
    socket.write(line.repeat(requests));
    // Wait (on the server's own counters) until it holds requests back because this client reads nothing.
    while (server.stats.pausedReads === 0 || server.stats.waitsForReader === 0) await new Promise((r) => setImmediate(r));
    // High water (4 MiB) plus at most one screenshot in flight.
    const bound = 4 * 1024 * 1024 + 2 * 1024 * 1024;
    expect(server.stats.peakUnreadBytes).toBeLessThan(bound);
    let headers = 0;
    let buf = Buffer.alloc(0);
    let left = 0;
    const done = new Promise<void>((resolve) => {
      socket.on('data', (chunk: Buffer) => {
        buf = Buffer.concat([buf, chunk]);
        for (;;) {
          const take = Math.min(left, buf.length);
          buf = buf.subarray(take);
          left -= take;
          const nl = left > 0 ? -1 : buf.indexOf(10);
          if (nl < 0) break;
          left = (JSON.parse(buf.subarray(0, nl).toString()) as { size: number }).size;
          buf = buf.subarray(nl + 1);
          headers += 1;
        }
        if (headers === requests && left === 0) resolve();
      });
    });
    socket.resume();
    await done;
    expect(headers).toBe(requests);
    expect(server.stats.peakUnreadBytes).toBeLessThan(bound);
    socket.destroy();
  }, 120_000);
});
