import { describe, expect, it } from 'vitest';
import { StreamClock } from './stream-clock.js';

describe('the stream clock', () => {
  it('maps a wall moment to the newest game time the stream had shown by then', () => {
    const clock = new StreamClock();
    expect(clock.gameMsAt(5)).toBe(0);
    // A paused-clock match: the game jumps at each advance and stands still while the players think.
    clock.note(0, 10);
    clock.note(2_700, 12);
    clock.note(2_700, 400); // the same game time again: no new checkpoint
    clock.note(1_000, 450); // older game time: ignored
    clock.note(5_400, 900);
    expect(clock.gameMsAt(9)).toBe(0);
    expect(clock.gameMsAt(11)).toBe(0);
    expect(clock.gameMsAt(12)).toBe(2_700);
    expect(clock.gameMsAt(899)).toBe(2_700);
    expect(clock.gameMsAt(900)).toBe(5_400);
    expect(clock.gameMsAt(1e9)).toBe(5_400);
    expect(clock.nowMs).toBe(5_400);
  });
});
