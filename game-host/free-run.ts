/**
 * Runs a backend freely (the `realtime` clock): polls it every tick for what happened and hands each
 * stretch to the server, with a flag saying whether a frame is due at the stream's `fps`.
 */
import type { GameBackend, Stretch } from './backend.js';

export type StretchHandler = (stretch: Stretch, frameDue: boolean) => Promise<void>;

export class FreeRun {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private lastFrameWall = -Infinity;
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly backend: GameBackend,
    private readonly fps: number,
    private readonly onStretch: StretchHandler,
  ) {}

  async start(timeScale: number): Promise<void> {
    await this.backend.resume(timeScale);
    this.running = true;
    this.schedule(0);
  }

  /** Stops after the poll in flight and pauses the backend; returns the game time it ran, ms. */
  async stop(): Promise<number> {
    if (!this.running) return 0;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
    return this.backend.pause();
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      // A poll that fails (the client went away mid-send) stops the loop; the session reports the rest.
      this.current = this.step().catch(() => {
        this.running = false;
      });
    }, delayMs);
  }

  private async step(): Promise<void> {
    if (!this.running) return;
    const stretch = await this.backend.poll();
    const now = performance.now();
    const frameDue = now - this.lastFrameWall >= 1000 / this.fps - 1;
    if (frameDue) this.lastFrameWall = now;
    await this.onStretch(stretch, frameDue);
    if (this.running && !this.backend.ended) this.schedule(Math.max(1, this.backend.info.tickMs));
  }
}
