import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, assessFrame, truncation, type SeenFrame } from './assess.js';
import { blockHash, hashDistance } from './block-hash.js';

const W = 320;
const H = 180;

/** A gray frame with a white square of `side` pixels at (x, y). */
function scene(x: number, y = 60, side = 16): Uint8Array {
  const data = new Uint8Array(W * H * 3).fill(90);
  for (let r = y; r < y + side; r++) data.fill(250, (r * W + x) * 3, (r * W + x + side) * 3);
  return data;
}

async function seen(data: Uint8Array, simMs: number, encoding: 'rgb' | 'jpeg' = 'rgb'): Promise<SeenFrame> {
  const frame = { seq: simMs, simMs, width: W, height: H, encoding, data };
  return { ...frame, hash: await blockHash(frame) };
}

const jpeg = async (rgb: Uint8Array, quality: number): Promise<Uint8Array> => new Uint8Array(await sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality }).toBuffer());

describe('blockHash', () => {
  it('is 0 apart for the same picture and more than the threshold for a square moved by 4 pixels', async () => {
    const a = await blockHash({ width: W, height: H, encoding: 'rgb', data: scene(100) });
    expect(hashDistance(a, await blockHash({ width: W, height: H, encoding: 'rgb', data: scene(100) }))).toBe(0);
    expect(hashDistance(a, await blockHash({ width: W, height: H, encoding: 'rgb', data: scene(104) }))).toBeGreaterThan(DEFAULT_THRESHOLDS.nearLevels);
  });

  it('keeps a JPEG re-encoded at another quality within the near-duplicate threshold', async () => {
    const rgb = scene(100);
    const a = await blockHash({ width: W, height: H, encoding: 'jpeg', data: await jpeg(rgb, 90) });
    const b = await blockHash({ width: W, height: H, encoding: 'jpeg', data: await jpeg(rgb, 70) });
    expect(hashDistance(a, b)).toBeLessThanOrEqual(DEFAULT_THRESHOLDS.nearLevels);
  });
});

describe('assessFrame', () => {
  const moved = { nowSimMs: 200, inputsSent: 3 };

  it('calls the first frame fresh', async () => {
    expect(assessFrame(undefined, await seen(scene(100), 0), { nowSimMs: 0, inputsSent: 0 }).verdict).toBe('fresh');
  });

  it('calls a changed frame fresh, with its distance', async () => {
    const v = assessFrame(await seen(scene(100), 0), await seen(scene(120), 200), moved);
    expect(v.verdict).toBe('fresh');
    expect(v.distance).toBeGreaterThan(DEFAULT_THRESHOLDS.nearLevels);
  });

  it('calls the same bytes after input and game time a duplicate', async () => {
    const v = assessFrame(await seen(scene(100), 0), await seen(scene(100), 200), moved);
    expect(v).toMatchObject({ verdict: 'duplicate', distance: 0, ageMs: 0 });
  });

  it('calls a re-encoded copy after input a near duplicate', async () => {
    const rgb = scene(100);
    const v = assessFrame(await seen(await jpeg(rgb, 90), 0, 'jpeg'), await seen(await jpeg(rgb, 70), 200, 'jpeg'), moved);
    expect(v.verdict).toBe('near_duplicate');
  });

  it('calls an unchanged frame still when no input was sent, or no game time passed', async () => {
    const before = await seen(scene(100), 0);
    expect(assessFrame(before, await seen(scene(100), 200), { nowSimMs: 200, inputsSent: 0 }).verdict).toBe('still');
    expect(assessFrame(before, await seen(scene(100), 0), { nowSimMs: 0, inputsSent: 5 }).verdict).toBe('still');
  });

  it('calls a frame older than the late bound late, with its age', async () => {
    const v = assessFrame(await seen(scene(100), 0), await seen(scene(140), 100), { nowSimMs: 100 + DEFAULT_THRESHOLDS.lateMs + 1, inputsSent: 1, wallAgeMs: 12 });
    expect(v).toMatchObject({ verdict: 'late', ageMs: DEFAULT_THRESHOLDS.lateMs + 1, wallAgeMs: 12 });
  });

  it('calls a JPEG cut short truncated', async () => {
    const whole = await jpeg(scene(100), 85);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    expect(truncation({ encoding: 'jpeg', data: whole })).toBeUndefined();
    expect(truncation({ encoding: 'jpeg', data: cut })).toMatch(/not FF D9/);
    const v = assessFrame(undefined, { seq: 1, simMs: 0, width: W, height: H, encoding: 'jpeg', data: cut, hash: new Uint8Array(0) }, { nowSimMs: 0, inputsSent: 0 });
    expect(v.verdict).toBe('truncated');
  });
});
