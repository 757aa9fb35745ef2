import { describe, expect, it } from 'vitest';
import type { InputEvent } from '../../protocol/index.js';
import { planInputs, releaseHeld, type HeldControls } from './input-plan.js';

const key = (at: number, k: string, down: boolean): InputEvent => ({ type: 'key', at, slot: 0, key: k, down });

describe('planInputs', () => {
  it('keeps presses that are held at least the minimum as they are', () => {
    const plan = planInputs([key(0, 'W', true), key(120, 'W', false)], 0, 50, new Map());
    expect(plan.map((a) => [a.at, a.requestedAt])).toEqual([
      [0, 0],
      [120, 120],
    ]);
  });

  it('extends a release that comes before the minimum hold', () => {
    const plan = planInputs([key(0, 'W', true), key(10, 'W', false)], 0, 50, new Map());
    expect(plan.at(-1)).toMatchObject({ kind: 'key', down: false, at: 50, requestedAt: 10 });
  });

  it('counts the minimum hold from a press made in an earlier stretch', () => {
    const held: HeldControls = new Map([['key:W', 980]]);
    const plan = planInputs([key(0, 'W', false)], 1000, 50, held);
    expect(plan).toMatchObject([{ down: false, at: 30, requestedAt: 0 }]);
    expect(held.size).toBe(0);
  });

  it('merges a press that comes before the extended release into one hold', () => {
    const plan = planInputs([key(0, 'F', true), key(10, 'F', false), key(30, 'F', true), key(200, 'F', false)], 0, 50, new Map());
    expect(plan.map((a) => [a.at, a.kind === 'key' && a.down])).toEqual([
      [0, true],
      [200, false],
    ]);
  });

  it('drops a release of a control that is not held', () => {
    expect(planInputs([key(0, 'W', false)], 0, 50, new Map())).toEqual([]);
  });

  it('remembers what stays held after the stretch', () => {
    const held: HeldControls = new Map();
    planInputs([key(20, 'A', true), { type: 'button', at: 40, slot: 0, button: 'left', down: true }], 100, 50, held);
    expect([...held]).toEqual([
      ['key:A', 120],
      ['button:left', 140],
    ]);
    expect(releaseHeld(held, 0, 7).map((a) => a.kind === 'look' ? '' : `${a.kind}:${a.at}:${a.down}`)).toEqual(['key:7:false', 'button:7:false']);
    expect(held.size).toBe(0);
  });

  it('passes look moves through at their time, in order with the keys', () => {
    const plan = planInputs([key(60, 'W', true), { type: 'look', at: 0, slot: 0, dx: 10, dy: -5 }], 0, 50, new Map());
    expect(plan.map((a) => a.kind)).toEqual(['look', 'key']);
  });
});
