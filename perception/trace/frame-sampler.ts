/**
 * Samples one player's view of a live match at a declared rate in game time: at each tick k / fps the watcher
 * is shown the newest frame at or before the tick (a frame the gateway has not seen yet is never shown). Each
 * game frame is encoded at most once (the frame-images encoder, through the agents' frame-image helper) and
 * that one encode is shared by every tick and request that shows it. Frames the game sent between two ticks
 * and never shown are counted as dropped; a frame shown at several ticks is counted as held.
 */
import { encodeFrameImage } from '../../agents/index.js';
import type { Frame } from '../../protocol/index.js';
import type { SampledFrame } from './history.js';

/** Counters of the sampling. */
export interface SamplerStats {
  readonly framesIn: number;
  readonly samples: number;
  readonly encodes: number;
  /** Game frames never shown at any tick. */
  readonly framesDropped: number;
  /** Ticks that showed the same game frame as the tick before. */
  readonly held: number;
}

export interface FrameSamplerOptions {
  readonly fps: number;
  readonly slot: number;
  readonly maxSide: number | undefined;
  readonly quality: number;
  /** Called with each sample in tick order, after its image is ready. */
  readonly onSample: (frame: SampledFrame) => void;
}

/** The sampler: feed it every frame of the match (other slots are ignored), then `flush` at the end. */
export class FrameSampler {
  private tickIndex = 0;
  private latest: Frame | undefined;
  private latestShown = false;
  private lastShownSeq: number | undefined;
  private readonly encoded = new Map<number, Promise<string>>();
  private chain: Promise<void> = Promise.resolve();
  private error: Error | undefined;
  private counts = { framesIn: 0, samples: 0, encodes: 0, framesDropped: 0, held: 0 };

  constructor(private readonly options: FrameSamplerOptions) {}

  private tickMs(index = this.tickIndex): number {
    return Math.round((index * 1_000_000) / this.options.fps) / 1000;
  }

  /** Takes one frame as the match observed it (a slot's frames arrive in game-time order). */
  onFrame(frame: Frame): void {
    if (frame.slot !== this.options.slot) return;
    this.counts.framesIn++;
    // Ticks before this frame show the newest earlier frame: nothing newer at or before them can come now.
    this.showUpTo((t) => t < frame.simMs);
    if (this.latest && !this.latestShown) this.counts.framesDropped++;
    this.latest = frame;
    this.latestShown = false;
    this.showUpTo((t) => t <= frame.simMs);
  }

  /** The stream reached game time `simMs` with every frame up to it delivered: ticks up to it are shown. */
  flush(simMs: number): void {
    this.showUpTo((t) => t <= simMs);
  }

  private showUpTo(due: (tickMs: number) => boolean): void {
    for (let t = this.tickMs(); due(t); t = this.tickMs()) {
      if (this.latest) this.show(t, this.latest);
      this.tickIndex++;
    }
  }

  private show(tick: number, frame: Frame): void {
    this.latestShown = true;
    if (this.lastShownSeq === frame.seq) this.counts.held++;
    this.lastShownSeq = frame.seq;
    this.counts.samples++;
    let image = this.encoded.get(frame.seq);
    if (!image) {
      this.counts.encodes++;
      image = encodeFrameImage(frame, { maxSide: this.options.maxSide, quality: this.options.quality }).then((i) => i.dataUrl);
      this.encoded.clear();
      this.encoded.set(frame.seq, image);
    }
    const ready = image;
    this.chain = this.chain
      .then(async () => this.options.onSample({ atMs: tick, sourceMs: frame.simMs, dataUrl: await ready }))
      .catch((err: unknown) => {
        this.error ??= err instanceof Error ? err : new Error(String(err));
      });
  }

  /** Waits until every sample taken so far has been handed on; rethrows an encoding failure. */
  async settled(): Promise<void> {
    await this.chain;
    if (this.error) throw this.error;
  }

  stats(): SamplerStats {
    return { ...this.counts };
  }
}
