import { describe, expect, it } from 'vitest';
import type { Frame } from '../../protocol/index.js';
import { FrameSampler } from './frame-sampler.js';
import type { SampledFrame } from './history.js';

const W = 16;
const H = 16;
const frame = (seq: number, simMs: number, slot = 0): Frame => ({ type: 'frame', slot, simMs, seq, width: W, height: H, encoding: 'rgb', data: new Uint8Array(W * H * 3).fill(seq * 10) });

describe('the frame sampler', () => {
  it('shows at each tick the newest frame at or before it, one encode per game frame', async () => {
    const got: SampledFrame[] = [];
    const sampler = new FrameSampler({ fps: 1, slot: 0, maxSide: undefined, quality: 80, onSample: (f) => got.push(f) });
    // A paused-clock stream: frames at observation points only, 2.7 s apart; another slot's frames are ignored.
    sampler.onFrame(frame(0, 0));
    sampler.onFrame(frame(0, 0, 1));
    sampler.onFrame(frame(1, 2_700));
    sampler.onFrame(frame(2, 2_800));
    sampler.onFrame(frame(3, 5_400));
    sampler.flush(6_000);
    await sampler.settled();
    expect(got.map((f) => [f.atMs, f.sourceMs])).toEqual([
      [0, 0],
      [1_000, 0],
      [2_000, 0],
      [3_000, 2_800],
      [4_000, 2_800],
      [5_000, 2_800],
      [6_000, 5_400],
    ]);
    expect(sampler.stats()).toEqual({ framesIn: 4, samples: 7, encodes: 3, framesDropped: 1, held: 4 });
    // Ticks showing the same frame share its one encode.
    expect(got[1]!.dataUrl).toBe(got[0]!.dataUrl);
    expect(got[6]!.dataUrl).not.toBe(got[5]!.dataUrl);
  });

  it('never shows a tick before a frame at or before it has come', async () => {
    const got: SampledFrame[] = [];
    const sampler = new FrameSampler({ fps: 2, slot: 0, maxSide: undefined, quality: 80, onSample: (f) => got.push(f) });
    sampler.onFrame(frame(0, 1_200));
    sampler.flush(2_000);
    await sampler.settled();
    expect(got.map((f) => f.atMs)).toEqual([1_500, 2_000]);
  });
});
