/** Checks for a fast path of a game's step that must move a body exactly as the plain step does. */
import { expect } from 'vitest';
import type { MoveControls } from '../../games/common/held-keys.js';

/** Every field of `actual` is `expected`'s bit for bit (Object.is: -0 is not 0, NaN is NaN). */
export function expectSameFields<T extends object>(actual: T, expected: T, label: string): void {
  for (const k of Object.keys(expected) as (keyof T)[]) expect(Object.is(actual[k], expected[k]), `${label}, ${String(k)}: ${String(actual[k])} vs ${String(expected[k])}`).toBe(true);
}

/** Held movement keys drawn from `r`: jumps in about a third of them, a gamepad stick in a fifth. */
export function randomControls(r: () => number): MoveControls {
  const keys = { forward: r() < 0.5, back: r() < 0.3, left: r() < 0.3, right: r() < 0.3, jump: r() < 0.3 };
  return r() < 0.2 ? { ...keys, stick: { x: r() * 2 - 1, y: r() * 2 - 1 } } : keys;
}
