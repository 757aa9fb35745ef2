import { describe, expect, it } from 'vitest';
import { NativeHistory, parseHistoryPolicy, WindowHistory, type SampledFrame } from './history.js';

const frame = (s: number): SampledFrame => ({ atMs: s * 1000, sourceMs: s * 1000, dataUrl: `data:image/jpeg;base64,${s}` });
const images = (messages: { content: unknown }[]): string[] =>
  messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as { type: string; image_url?: { url: string } }[]) : [])).flatMap((p) => (p.type === 'image_url' ? [p.image_url!.url] : []));

describe('history policies at 1 fps', () => {
  it('native: one growing conversation with the replies kept, images only up to the query time', () => {
    const h = new NativeHistory({ kind: 'native', capFrames: 100 }, 'sys');
    for (let s = 0; s <= 12; s++) h.append(frame(s));
    const first = h.request('q1', 5_000);
    expect(first.history).toMatchObject({ images: 6, imagesReplayed: 0, turnsReplayed: 0, framesDropped: 0 });
    expect(first.history.frameTimes).toEqual([0, 1, 2, 3, 4, 5].map((s) => s * 1000));
    h.answered('a1');
    const second = h.request('q2', 12_000);
    expect(second.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second.history).toMatchObject({ images: 13, imagesReplayed: 6, turnsReplayed: 2, framesDropped: 0 });
    expect(images(second.messages)).toEqual(Array.from({ length: 13 }, (_, s) => `data:image/jpeg;base64,${s}`));
  });

  it('native: past the cap the oldest images go, and are counted as dropped', () => {
    const h = new NativeHistory({ kind: 'native', capFrames: 4 }, 'sys');
    for (let s = 0; s <= 9; s++) h.append(frame(s));
    const r = h.request('q', 9_000);
    expect(r.history).toMatchObject({ images: 4, framesDropped: 6 });
    expect(r.history.frameTimes).toEqual([6000, 7000, 8000, 9000]);
  });

  it('window:S: a fresh request of exactly the frames in (q - S, q]', () => {
    const h = new WindowHistory({ kind: 'window', seconds: 5 }, 'sys');
    for (let s = 0; s <= 30; s++) h.append(frame(s));
    const a = h.request('q', 20_000);
    expect(a.history.frameTimes).toEqual([16, 17, 18, 19, 20].map((s) => s * 1000));
    expect(a.history).toMatchObject({ images: 5, turnsReplayed: 0, framesDropped: 16, imagesReplayed: 0 });
    expect(a.messages.map((m) => m.role)).toEqual(['system', 'user']);
    h.answered();
    const b = h.request('q', 22_000);
    expect(b.history.frameTimes).toEqual([18, 19, 20, 21, 22].map((s) => s * 1000));
    expect(b.history).toMatchObject({ images: 5, imagesReplayed: 3, framesDropped: 18 });
    expect(b.messages).toHaveLength(2);
  });

  it('window at 2 fps holds S x fps frames', () => {
    const h = new WindowHistory({ kind: 'window', seconds: 3 }, 'sys');
    for (let i = 0; i <= 40; i++) h.append({ atMs: i * 500, sourceMs: i * 500, dataUrl: `u${i}` });
    expect(h.request('q', 10_000).history.frameTimes).toEqual([7500, 8000, 8500, 9000, 9500, 10_000]);
  });

  it('reads the policy flag', () => {
    expect(parseHistoryPolicy('native', 256)).toEqual({ kind: 'native', capFrames: 256 });
    expect(parseHistoryPolicy('native:32', 256)).toEqual({ kind: 'native', capFrames: 32 });
    expect(parseHistoryPolicy('window:8', 256)).toEqual({ kind: 'window', seconds: 8 });
    expect(parseHistoryPolicy('window:0', 256)).toBeUndefined();
    expect(parseHistoryPolicy('stream', 256)).toBeUndefined();
  });
});
