/**
 * Maps the watcher's wall-clock moments to game time. The game time "now" is the newest game time the
 * match's stream has shown (a frame, event, progress report or advance, whichever is latest) at that wall
 * moment. Under pdq and lcrt the game holds still while the players think, and game time then stands at the
 * last observation point, however long the watcher takes; under realtime it runs with the wall clock. A
 * response's onset in game time is thus what the stream had shown when its first token came.
 */

/** Wall-clock (performance.now) to game-time checkpoints, both non-decreasing. */
export class StreamClock {
  private readonly walls: number[] = [];
  private readonly sims: number[] = [];

  /** The stream showed game time `simMs` at wall time `wallMs` (default now). */
  note(simMs: number, wallMs = performance.now()): void {
    const last = this.sims.at(-1) ?? -Infinity;
    if (simMs <= last) return;
    this.walls.push(wallMs);
    this.sims.push(simMs);
  }

  /** The newest game time shown so far, ms (0 before anything). */
  get nowMs(): number {
    return this.sims.at(-1) ?? 0;
  }

  /** The game time the stream had shown by wall time `wallMs` (0 before the first checkpoint). */
  gameMsAt(wallMs: number): number {
    let lo = 0;
    let hi = this.walls.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.walls[mid]! <= wallMs) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? 0 : this.sims[found]!;
  }
}
