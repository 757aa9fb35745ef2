/** Waiting on the wall clock to well under a millisecond: a timer for the bulk, then a short busy wait. */
import { setPriority } from 'node:os';

/** Longest busy wait, ms: timers on a loaded machine fire a few ms late, so they stop this much early. */
const SPIN_MS = 4;

/** Resolves once `performance.now()` has reached `target` (ms); at once if it already has. */
export async function sleepUntil(target: number): Promise<void> {
  for (;;) {
    const left = target - performance.now();
    if (left <= 0) return;
    if (left > SPIN_MS) {
      await new Promise((r) => setTimeout(r, left - SPIN_MS));
      continue;
    }
    // Blocks the event loop for at most SPIN_MS; the game's clock is what matters here.
    while (performance.now() < target);
    return;
  }
}

/**
 * Asks the OS to run this process ahead of ordinary ones (nice -10), so it wakes on time to stop the game
 * on a busy machine. Needs root or CAP_SYS_NICE; returns false (and changes nothing) without them.
 */
export function raisePriority(niceness = -10): boolean {
  try {
    setPriority(niceness);
    return true;
  } catch {
    return false;
  }
}
