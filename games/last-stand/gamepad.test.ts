import { describe, expect, it } from 'vitest';
import { advance } from '../../tests/support/pdq-driver.js';
import type { InputEvent } from '../../protocol/index.js';
import { lastStand } from './manifest.js';
import { LastStandState, lastStandGame } from './index.js';

/** Where the player stands after `inputs` and 600 ms of game time from a fresh episode (seed 1, origin). */
function after(inputs: InputEvent[]): { x: number; z: number } {
  const sim = lastStandGame.create({ seed: 1, variant: 'origin', slots: [0] });
  advance(sim, 600, inputs);
  const { player } = LastStandState.parse(sim.state());
  return { x: player.x, z: player.z };
}
const stick = (axis: 'LX' | 'LY', value: number, at = 0): InputEvent => ({ type: 'axis', at, slot: 0, axis, value });
const key = (k: string, down: boolean, at: number): InputEvent => ({ type: 'key', at, slot: 0, key: k, down });

describe('last_stand with a gamepad', () => {
  it('declares the left stick as its gamepad, outside its control set', () => {
    expect(lastStand.gamepad?.axes).toEqual(['LX', 'LY']);
    expect(lastStand.controls.axes).toBeUndefined();
  });

  it('walks as far with the stick pushed fully forward as with W held, and half as far at half push', () => {
    const still = after([]);
    const w = after([key('W', true, 0), key('W', false, 600)]);
    const full = after([stick('LY', 1), stick('LY', 0, 600)]);
    const half = after([stick('LY', 0.5), stick('LY', 0, 600)]);
    expect(w.z).toBeGreaterThan(still.z + 1);
    expect(full).toEqual(w);
    expect(half.z - still.z).toBeCloseTo((w.z - still.z) / 2, 6);
  });

  it('strafes with LX like D and A, and a stick at rest walks nowhere', () => {
    expect(after([stick('LX', 1), stick('LX', 0, 600)])).toEqual(after([key('D', true, 0), key('D', false, 600)]));
    expect(after([stick('LX', -1), stick('LX', 0, 600)])).toEqual(after([key('A', true, 0), key('A', false, 600)]));
    expect(after([stick('LX', 0), stick('LY', 0)])).toEqual(after([]));
  });

  it('adds the stick to the keys, capped at full speed', () => {
    expect(after([key('W', true, 0), stick('LY', 1)])).toEqual(after([key('W', true, 0)]));
    expect(after([key('W', true, 0), stick('LY', -1)])).toEqual(after([]));
  });
});
