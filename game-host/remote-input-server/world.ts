/**
 * The one game world behind every player port of a RemoteInput server: runs a game backend freely against
 * the wall clock at the `slomo` time dilation (0 = frozen), applies input as it arrives, and serialises
 * every touch of the backend so renders, polls and inputs never interleave.
 */
import type { InputEvent, PlayerProgress } from '../../protocol/index.js';
import type { GameEntry } from '../../games-manifest/index.js';
import type { GameBackend, RenderedFrame } from '../backend.js';
import { convertFrame } from '../convert-frame.js';

/** How a RemoteInput server's world starts. */
export interface WorldOptions {
  readonly seed: number;
  readonly variant: string;
  /** Native frame size of screenshots. */
  readonly frame: { readonly width: number; readonly height: number };
  /** Start frozen (`slomo 0`) instead of running, as UE builds do. */
  readonly paused: boolean;
  /** Told of every input as the game takes it, with the game time it takes it at, ms since reset. */
  readonly onInput?: (input: InputEvent, simMs: number) => void;
}

/** A player's standing now, for `get_score` and `game_over_check`. */
export interface WorldScore {
  readonly simMs: number;
  readonly ended: boolean;
  readonly progress: PlayerProgress | undefined;
}

/** The shared world of a RemoteInput server: one backend, one time dilation, every touch serialised. */
export class RemoteInputWorld {
  /** Current time dilation: 0 = frozen. */
  private dilation = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private ticker: NodeJS.Timeout | undefined;
  private ticking = false;
  private endAnnounced = false;
  private closed = false;
  private readonly endListeners: (() => void)[] = [];
  variant: string;

  constructor(
    readonly backend: GameBackend,
    readonly entry: GameEntry,
    private readonly options: WorldOptions,
  ) {
    this.variant = options.variant;
  }

  /** Starts the first episode, running unless the options say paused. */
  async start(): Promise<void> {
    await this.exclusive(async () => {
      await this.restart();
      if (!this.options.paused) await this.setDilationNow(1);
    });
  }

  /** Calls `listener` each time an episode ends. */
  onEnd(listener: () => void): void {
    this.endListeners.push(listener);
  }

  get frozen(): boolean {
    return this.dilation === 0;
  }

  /** Runs `fn` with the backend to itself. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** `slomo x`: 0 freezes the world, anything else lets it run at that speed. Idempotent. */
  setDilation(x: number): Promise<void> {
    return this.exclusive(() => this.setDilationNow(x));
  }

  /** Applies inputs now: while running at the next tick, while frozen at once (no game time passes). */
  apply(inputs: readonly InputEvent[]): Promise<void> {
    if (inputs.length === 0) return Promise.resolve();
    return this.exclusive(async () => {
      if (this.dilation > 0) await this.catchUp();
      const simMs = this.backend.simMs;
      for (const input of inputs) this.options.onInput?.(input, simMs);
      if (this.dilation > 0) await this.backend.input(inputs);
      else await this.backend.advance(0, inputs);
    });
  }

  /** Restarts the episode (same seed, current variant); the time dilation stays as it was. */
  reset(variant?: string): Promise<void> {
    return this.exclusive(async () => {
      if (variant !== undefined) this.variant = variant;
      const dilation = this.dilation;
      await this.setDilationNow(0);
      await this.restart();
      await this.setDilationNow(dilation);
    });
  }

  score(slot: number): Promise<WorldScore> {
    return this.exclusive(async () => {
      await this.catchUp();
      return { simMs: this.backend.simMs, ended: this.backend.ended, progress: this.backend.progress().find((p) => p.slot === slot) };
    });
  }

  /** A JPEG of `slot`'s view now. */
  screenshot(slot: number, quality: number, width = this.options.frame.width, height = this.options.frame.height): Promise<RenderedFrame> {
    return this.exclusive(async () => {
      await this.catchUp();
      // Encoded inside the exclusive section: the backend may reuse its render buffer on the next call.
      const rendered = await this.backend.render(slot, width, height);
      const jpeg = await convertFrame(rendered, width, height, 'jpeg', quality);
      rendered.release?.();
      return jpeg;
    });
  }

  state(): Promise<Record<string, unknown>> {
    return this.exclusive(async () => {
      await this.catchUp();
      return this.backend.state();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopTicker();
    await this.exclusive(async () => {
      await this.backend.close();
    });
  }

  private async restart(): Promise<void> {
    const slots = this.entry.slots.map((s) => s.slot);
    await this.backend.reset({ seed: this.options.seed, variant: this.variant, slots, width: this.options.frame.width, height: this.options.frame.height });
    this.endAnnounced = false;
  }

  private async setDilationNow(x: number): Promise<void> {
    const target = x > 0 && !this.backend.info.timeScale ? 1 : Math.max(0, x);
    if (target === this.dilation) return;
    if (this.dilation > 0) {
      await this.catchUp();
      await this.backend.pause();
    }
    this.dilation = target;
    if (target > 0) {
      await this.backend.resume(target);
      this.startTicker();
    } else {
      this.stopTicker();
    }
  }

  /** Runs the game up to now (while running) and announces an episode end once. */
  private async catchUp(): Promise<void> {
    if (this.dilation > 0 && !this.backend.ended) await this.backend.poll();
    if (this.backend.ended && !this.endAnnounced) {
      this.endAnnounced = true;
      for (const listener of this.endListeners) listener();
    }
  }

  private startTicker(): void {
    if (this.ticker || this.closed) return;
    const every = Math.max(5, Math.min(50, this.backend.info.tickMs));
    this.ticker = setInterval(() => {
      if (this.ticking) return;
      this.ticking = true;
      // A poll that fails leaves the world as it was; the next command reports the failure.
      void this.exclusive(() => this.catchUp())
        .catch(() => undefined)
        .finally(() => {
          this.ticking = false;
        });
    }, every);
    this.ticker.unref();
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
  }
}
