/**
 * Runs an episode freely against the wall clock (the `realtime` clock mode): game time follows wall time
 * times `timeScale`, inputs apply at the next tick after they arrive, frames go out at `fps`.
 */
import type { InputEvent } from '../../protocol/index.js';
import type { Episode, StretchResult } from './episode.js';

export type StepHandler = (result: StretchResult, frameDue: boolean) => Promise<void>;

export class RealtimeLoop {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private pending: InputEvent[] = [];
  private startWall = 0;
  private startSim = 0;
  private lastFrameWall = -Infinity;
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly episode: Episode,
    private readonly options: { timeScale: number; fps: number },
    private readonly onStep: StepHandler,
  ) {}

  start(): void {
    this.running = true;
    this.startWall = performance.now();
    this.startSim = this.episode.simMs;
    this.schedule(0);
  }

  enqueue(inputs: readonly InputEvent[]): void {
    // Offsets count from now: they are re-based on the game time at which the next step starts.
    this.pending.push(...inputs);
  }

  /** Stops the loop after the step in flight; returns the game time it ran, ms. */
  async stop(): Promise<number> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
    return this.episode.simMs - this.startSim;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      // A step that fails (the client went away mid-send) stops the loop; the session reports the rest.
      this.current = this.step().catch(() => {
        this.running = false;
      });
    }, delayMs);
  }

  private async step(): Promise<void> {
    if (!this.running || this.episode.ended) return;
    const now = performance.now();
    const target = (now - this.startWall) * this.options.timeScale;
    const due = Math.max(0, target - (this.episode.simMs - this.startSim));
    const inputs = this.pending;
    this.pending = [];
    const result = this.episode.run(due, inputs);
    const frameDue = now - this.lastFrameWall >= 1000 / this.options.fps - 1;
    if (frameDue) this.lastFrameWall = now;
    await this.onStep(result, frameDue);
    if (this.running && !this.episode.ended) this.schedule(Math.max(1, this.episode.sim.tickMs / this.options.timeScale));
  }
}
