/**
 * A simulated GPU host's map-open delay on a real game backend (last_stand): a reset onto another map waits the
 * delay, a reset on the open map does not. Fake timers stand in for the wait, so nothing here depends on speed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMapOpenDelay } from '../game-host/index.js';
import { lastStandGame, SimulationBackend } from '../games/index.js';

const reset = { seed: 1, slots: [0], width: 320, height: 180 };

describe('map-open delay', () => {
  afterEach(() => void vi.useRealTimers());

  it('holds a reset onto another map for the delay, and lets a reset on the open map through at once', async () => {
    vi.useFakeTimers();
    const backend = withMapOpenDelay(new SimulationBackend(lastStandGame), 3000);
    let opened = false;
    const first = backend.reset({ ...reset, variant: 'origin' }).then(() => (opened = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(opened).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await first;
    expect(opened).toBe(true);
    expect(backend.simMs).toBe(0);
    // The same map again: no wait at all.
    let again = false;
    const second = backend.reset({ ...reset, variant: 'origin', seed: 2 }).then(() => (again = true));
    await vi.advanceTimersByTimeAsync(0);
    await second;
    expect(again).toBe(true);
    // Another map: the wait again.
    let ring = false;
    const third = backend.reset({ ...reset, variant: 'ring' }).then(() => (ring = true));
    await vi.advanceTimersByTimeAsync(2000);
    expect(ring).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await third;
    expect(ring).toBe(true);
    expect(backend.info.id).toBe('last_stand');
  });

  it('is the backend itself when the delay is 0', () => {
    const own = new SimulationBackend(lastStandGame);
    expect(withMapOpenDelay(own, 0)).toBe(own);
  });
});
