import { describe, expect, it } from 'vitest';
import { manifestVariants } from './variant-list.js';

const entry = {
  id: 'demo',
  timeLimitMs: 60_000,
  variants: [
    { id: 'origin', heldOut: false, description: '' },
    { id: 'quick', heldOut: true, description: '', timeLimitMs: 30_000 },
  ],
};

describe('manifestVariants', () => {
  it("lists the manifest's variants in its order, each with its own time limit or the game's", () => {
    const variants = manifestVariants(entry, { quick: { size: 2 }, origin: { size: 1 } });
    expect(variants).toEqual([
      { id: 'origin', timeLimitMs: 60_000, size: 1 },
      { id: 'quick', timeLimitMs: 30_000, size: 2 },
    ]);
  });

  it('throws RangeError when a variant has no parameters', () => {
    expect(() => manifestVariants(entry, { origin: { size: 1 } })).toThrow(RangeError);
  });
});
