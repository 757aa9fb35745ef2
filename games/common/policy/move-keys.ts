/** The movement controls a planned step's held keys make, as the games read them (`HeldKeys.movement`). */
import type { MoveControls } from '../held-keys.js';

/** W forward, S back, A left, D right, Space jump; other keys do not move. */
export function moveControls(keys: readonly string[]): MoveControls {
  return { forward: keys.includes('W'), back: keys.includes('S'), left: keys.includes('A'), right: keys.includes('D'), jump: keys.includes('Space') };
}
