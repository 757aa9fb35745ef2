/**
 * A RemoteInput build that lies about its images: a JPEG whose own header gives another size than the
 * screenshot line, and a decompression bomb. Each is refused before anything decodes it, the connection
 * stays usable, and none reaches a client as a stretched frame.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteInputClient, convertFrame } from '../game-host/index.js';
import { hasCode } from '../protocol/index.js';
import { startFakeRemoteInput, type FakeRemoteInput } from './support/fake-remote-input.js';

let fake: FakeRemoteInput | undefined;
const open: RemoteInputClient[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close().catch(() => undefined);
  await fake?.close();
  fake = undefined;
});

async function client(): Promise<RemoteInputClient> {
  const c = await RemoteInputClient.connect({ host: '127.0.0.1', port: fake!.ports[0]! });
  open.push(c);
  return c;
}

describe('RemoteInput screenshots checked against their own header', () => {
  it('refuses a 16,000 x 16,000 JPEG (a decompression bomb) with TOO_LARGE and keeps the connection', async () => {
    fake = await startFakeRemoteInput({ imageSize: { width: 16_000, height: 16_000 }, headerSize: { width: 16_000, height: 16_000 } });
    const c = await client();
    const err = await c.screenshot().catch((e: unknown) => e);
    expect(hasCode(err, 'TOO_LARGE')).toBe(true);
    expect(String((err as Error).message)).toMatch(/16000x16000/);
    expect(c.stats.refusedImages).toBe(1);
    // The bytes were read whole: the next screenshot, honest this time, arrives on the same connection.
    delete fake.behaviour.imageSize;
    delete fake.behaviour.headerSize;
    const shot = await c.screenshot();
    expect([shot.width, shot.height]).toEqual([32, 16]);
    expect(c.error).toBeUndefined();
  });

  it('refuses a JPEG whose header says 32 x 32 under a screenshot line of 640 x 360 with BAD_MESSAGE', async () => {
    fake = await startFakeRemoteInput({ imageSize: { width: 32, height: 32 }, headerSize: { width: 640, height: 360 } });
    const c = await client();
    const err = await c.screenshot().catch((e: unknown) => e);
    expect(hasCode(err, 'BAD_MESSAGE')).toBe(true);
    expect(String((err as Error).message)).toMatch(/declared 640x360 is 32x32/);
  });

  it('passes an honest screenshot with its own size', async () => {
    fake = await startFakeRemoteInput({});
    const c = await client();
    const shot = await c.screenshot();
    expect([shot.width, shot.height]).toEqual([32, 16]);
    expect(c.stats.refusedImages).toBe(0);
  });
});

describe('convertFrame on a lying frame', () => {
  it('refuses an encoded frame that is not the size its backend declared instead of stretching it to 640 x 360', async () => {
    fake = await startFakeRemoteInput({});
    const shot = await (await client()).screenshot();
    const err = await convertFrame({ data: shot.data, encoding: 'jpeg', width: 640, height: 360 }, 640, 360, 'rgb', 85).catch((e: unknown) => e);
    expect(hasCode(err, 'BAD_MESSAGE')).toBe(true);
    const ok = await convertFrame({ data: shot.data, encoding: 'jpeg', width: 32, height: 16 }, 640, 360, 'rgb', 85);
    expect([ok.width, ok.height, ok.data.length]).toEqual([640, 360, 640 * 360 * 3]);
  });
});
