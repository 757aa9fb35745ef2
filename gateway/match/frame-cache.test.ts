import { describe, expect, it } from 'vitest';
import type { Frame } from '../../protocol/index.js';
import { FrameCache } from './frame-cache.js';

const frame = (seq: number): Frame => ({ type: 'frame', slot: 0, simMs: 0, seq, width: 32, height: 16, encoding: 'rgb', data: new Uint8Array(32 * 16 * 3).fill(seq * 10) });

describe('FrameCache', () => {
  it('encodes a frame once per profile and answers every later ask from the cache', async () => {
    const cache = new FrameCache(85);
    const f = frame(1);
    const agent = await cache.get(f, 'jpeg', { quality: 85, maxSide: 16 });
    const recorder = await cache.get(f, 'jpeg', { quality: 85, maxSide: 16 });
    expect(recorder.data).toBe(agent.data);
    expect([agent.width, agent.height]).toEqual([16, 8]);
    expect(cache.stats()).toEqual({ encodes: 1, hits: 1 });
  });

  it('shares the default JPEG between an agent without a profile and the recorder, and keeps profiles apart', async () => {
    const cache = new FrameCache(70);
    const f = frame(2);
    const plain = await cache.get(f, 'jpeg');
    expect(await cache.get(f, 'jpeg', { quality: 70 })).toEqual(plain);
    const small = await cache.get(f, 'jpeg', { quality: 70, maxSide: 8 });
    expect([small.width, small.height]).toEqual([8, 4]);
    expect(cache.stats()).toEqual({ encodes: 2, hits: 1 });
  });

  it('hands over the game bytes when the frame already is in the asked encoding', async () => {
    const cache = new FrameCache(85);
    const f = frame(3);
    expect((await cache.get(f, 'rgb')).data).toBe(f.data);
    expect(cache.stats()).toEqual({ encodes: 0, hits: 0 });
  });
});
