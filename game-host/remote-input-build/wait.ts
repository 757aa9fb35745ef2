/** Waiting for a wall-clock instant precisely (timer, then a short spin of event-loop turns), or until woken. */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Timers fire up to a millisecond or so late; the last stretch is waited out turn by turn. */
const SPIN_MS = 1.5;

/**
 * Resolves true once `performance.now()` reaches `deadline`, or false as soon as `interrupted()` holds
 * (checked at the start and whenever a function in `wake` is called).
 */
export async function waitUntil(deadline: number, wake: Set<() => void>, interrupted: () => boolean): Promise<boolean> {
  if (interrupted()) return false;
  const left = deadline - performance.now() - SPIN_MS;
  if (left > 0) {
    let woken = false;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        wake.delete(onWake);
        resolve();
      };
      const onWake = (): void => {
        woken = true;
        done();
      };
      const timer = setTimeout(done, left);
      wake.add(onWake);
    });
    if (woken || interrupted()) return false;
  }
  while (performance.now() < deadline) {
    if (interrupted()) return false;
    await nextTurn();
  }
  return !interrupted();
}
