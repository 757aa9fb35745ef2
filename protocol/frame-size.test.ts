import { describe, expect, it } from 'vitest';
import { fitSize } from './frame-size.js';

describe('fitSize', () => {
  it('scales the longest side down to maxSide, keeping the aspect', () => {
    expect(fitSize(640, 360, 320)).toEqual({ width: 320, height: 180 });
    expect(fitSize(360, 640, 320)).toEqual({ width: 180, height: 320 });
  });

  it('never scales up, and leaves a frame alone without maxSide', () => {
    expect(fitSize(64, 36, 512)).toEqual({ width: 64, height: 36 });
    expect(fitSize(1920, 1080, undefined)).toEqual({ width: 1920, height: 1080 });
  });

  it('keeps at least one pixel a side', () => {
    expect(fitSize(4000, 1, 100)).toEqual({ width: 100, height: 1 });
  });
});
