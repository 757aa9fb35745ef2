/** The bookkeeping every simulation shares: the event queue, the end, a reused depth buffer and the game clock. */
import type { InputEvent, PlayerProgress } from '../../protocol/index.js';
import type { SimEnd, SimEvent, Simulation } from '../runtime/simulation.js';
import { createCanvas, type Canvas } from '../render/index.js';

/** Events since the last drain, the end once set, and a canvas whose depth buffer lives across frames. */
export abstract class EpisodeBase implements Simulation {
  abstract readonly tickMs: number;
  protected events: SimEvent[] = [];
  protected end: SimEnd | undefined;
  private depth: Float32Array | undefined;

  abstract input(event: InputEvent): void;
  abstract tick(): void;
  abstract render(slot: number, width: number, height: number, out: Uint8Array): void;
  abstract progress(): readonly PlayerProgress[];
  abstract state(): Record<string, unknown>;

  drainEvents(): readonly SimEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  ended(): SimEnd | undefined {
    return this.end;
  }

  /** A canvas over `out` (width x height RGB), with a depth buffer kept for the next frame of the same size. */
  protected canvas(width: number, height: number, out: Uint8Array): Canvas {
    if (this.depth?.length !== width * height) this.depth = new Float32Array(width * height);
    return createCanvas(width, height, out, this.depth);
  }
}

/** What a clocked episode needs of its variant: its id and its time limit, ms. */
export interface EpisodeVariant {
  readonly id: string;
  readonly timeLimitMs: number;
}

/** The fields every clocked game's `state()` opens with. */
export interface EpisodeHead<G extends string> {
  readonly game: G;
  readonly variant: string;
  readonly simMs: number;
  readonly timeLimitMs: number;
  readonly tickMs: number;
}

/** An episode of `variant` that owns its clock: each tick before the end adds `tickMs` to `simMs`, then runs `step()`. */
export abstract class ClockedEpisode<V extends EpisodeVariant> extends EpisodeBase {
  /** Game time, ms. */
  protected simMs = 0;

  constructor(protected readonly variant: V) {
    super();
  }

  tick(): void {
    if (this.end) return;
    this.simMs += this.tickMs;
    this.step();
  }

  /** One tick of the game's own rules, after the clock has moved on. */
  protected abstract step(): void;

  /** Whether the game clock has reached the variant's time limit. */
  protected get timeUp(): boolean {
    return this.simMs >= this.variant.timeLimitMs;
  }

  /** The game, the variant, the clock, the time limit and the tick, as `state()` opens with them. */
  protected head<const G extends string>(game: G): EpisodeHead<G> {
    return { game, variant: this.variant.id, simMs: this.simMs, timeLimitMs: this.variant.timeLimitMs, tickMs: this.tickMs };
  }
}
