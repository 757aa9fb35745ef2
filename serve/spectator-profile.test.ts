import { describe, expect, it } from 'vitest';
import { hasCode } from '../protocol/index.js';
import { packFrame, profileFromQuery, profileKey, unpackFrame } from './spectator-profile.js';

const refused = (query: string): boolean => {
  try {
    profileFromQuery(new URLSearchParams(query));
    return false;
  } catch (err) {
    return hasCode(err, 'BAD_CONFIG');
  }
};

describe('spectator profiles', () => {
  it('defaults to 320 px, quality 60, 5 fps', () => {
    expect(profileFromQuery(new URLSearchParams(''))).toEqual({ width: 320, quality: 60, fps: 5 });
    expect(profileKey(profileFromQuery(new URLSearchParams('width=640&quality=80&fps=2')))).toBe('640x80@2');
  });

  it.each(['width=31', 'width=1921', 'width=abc', 'width=100.5', 'quality=9', 'quality=96', 'fps=0.1', 'fps=31'])('refuses %s with BAD_CONFIG', (q) => {
    expect(refused(q)).toBe(true);
  });

  it('packs a frame header and JPEG bytes and unpacks them unchanged', () => {
    const header = { type: 'frame', slot: 1, seq: 7, simMs: 840, width: 320, height: 180, sourceWidth: 640, sourceHeight: 360, capturedAt: 1_700_000_000_000 } as const;
    const jpeg = new Uint8Array([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
    const { header: h, jpeg: j } = unpackFrame(packFrame(header, jpeg));
    expect(h).toEqual(header);
    expect([...j]).toEqual([...jpeg]);
  });
});
