/**
 * A reference game that lies about its frames at set rates, for the frame-integrity tests: served over
 * GameLink (`serveBackend`) or behind our RemoteInput server (`serveRemoteInput`), it keeps the true game
 * time and inputs and only changes what `render` returns. It counts what it injected: the ground truth.
 */
import sharp from 'sharp';
import type { BackendInfo, GameBackend, RenderedFrame, ResetOptions, Stretch } from '../../game-host/index.js';
import { Prng, type InputEvent, type PlayerProgress } from '../../protocol/index.js';

/** Each mode's rate, 0..1. */
export interface LyingModes {
  /** After an advance that carried inputs, hand back the frame delivered before it (a capture before the last input was drawn). */
  readonly previousAfterInput?: number;
  /** Hand back the frame delivered before, whatever happened (a duplicated image). */
  readonly duplicate?: number;
  /** Hand back a JPEG cut short (a torn read); every other frame is a whole JPEG. */
  readonly truncate?: number;
  /** After a pause and a resume that ran game time, hand back the frame delivered before that pause. */
  readonly beforePause?: number;
}

export interface Injected {
  /** Renders asked for. */
  renders: number;
  /** Renders after an advance that carried inputs and ran game time (the ones a stale frame is detectable on). */
  afterInput: number;
  stale: number;
  truncated: number;
  /** Frames from before the pause handed back after a pause and resume (after input or not). */
  pauseStale: number;
  /** Per render, in order: whether it came after input, whether it was a stale lie (after input) or cut short, and whether a pause and resume ran since the last. */
  readonly history: { afterInput: boolean; stale: boolean; truncated: boolean; afterPause: boolean }[];
}

export class LyingBackend implements GameBackend {
  readonly injected: Injected = { renders: 0, afterInput: 0, stale: 0, truncated: 0, pauseStale: 0, history: [] };
  private readonly rng: Prng;
  private readonly delivered = new Map<number, RenderedFrame>();
  private readonly inputsSinceRender = new Map<number, boolean>();
  private freeInputs = false;
  /** Per slot, the frame delivered before the last pause, while a resume since has run game time and no render came. */
  private readonly beforePauseFrame = new Map<number, RenderedFrame>();
  private resumedAfterPause = false;
  private pausedOnce = false;

  constructor(
    private readonly inner: GameBackend,
    private readonly modes: LyingModes,
    seed = 1,
  ) {
    this.rng = new Prng(seed, 29);
  }

  get info(): BackendInfo {
    return this.inner.info;
  }
  get simMs(): number {
    return this.inner.simMs;
  }
  get ended(): boolean {
    return this.inner.ended;
  }

  async reset(options: ResetOptions): Promise<void> {
    this.delivered.clear();
    this.beforePauseFrame.clear();
    this.inputsSinceRender.clear();
    await this.inner.reset(options);
  }

  async advance(ms: number, inputs: readonly InputEvent[]): Promise<Stretch> {
    const stretch = await this.inner.advance(ms, inputs);
    // Inputs given to a frozen world (no time ran) show once it runs again.
    if (inputs.length > 0 && stretch.actualMs === 0) this.freeInputs = true;
    return this.ran(stretch, inputs.length > 0);
  }

  resume(timeScale: number): Promise<void> {
    this.resumedAfterPause = this.pausedOnce;
    return this.inner.resume(timeScale);
  }
  async input(inputs: readonly InputEvent[]): Promise<void> {
    // Running freely (how our RemoteInput server plays a build), the inputs take effect at the next poll.
    if (inputs.length > 0) this.freeInputs = true;
    await this.inner.input(inputs);
  }
  async poll(): Promise<Stretch> {
    const took = this.freeInputs;
    const stretch = await this.inner.poll();
    if (stretch.actualMs > 0) this.freeInputs = false;
    return this.ran(stretch, took);
  }

  /** Notes a stretch of game time that ran with inputs: the next frame of every slot should show them. */
  private ran(stretch: Stretch, withInputs: boolean): Stretch {
    this.noteRan(stretch.actualMs, withInputs);
    return stretch;
  }
  private noteRan(actualMs: number, withInputs: boolean): void {
    if (withInputs && actualMs > 0) for (const slot of this.inner.info.slots) this.inputsSinceRender.set(slot.slot, true);
  }
  async pause(): Promise<number> {
    const ran = await this.inner.pause();
    // Inputs sent while running that no poll saw yet took effect in the time the pause caught up on.
    this.noteRan(ran, this.freeInputs);
    if (ran > 0) this.freeInputs = false;
    if (this.resumedAfterPause && ran > 0) for (const [slot, frame] of this.delivered) this.beforePauseFrame.set(slot, frame);
    this.resumedAfterPause = false;
    this.pausedOnce = true;
    return ran;
  }
  progress(): readonly PlayerProgress[] {
    return this.inner.progress();
  }
  state(): Record<string, unknown> {
    return this.inner.state();
  }
  close(): Promise<void> {
    return this.inner.close();
  }

  async render(slot: number, width: number, height: number): Promise<RenderedFrame> {
    this.injected.renders++;
    const afterInput = this.inputsSinceRender.get(slot) === true;
    this.inputsSinceRender.set(slot, false);
    if (afterInput) this.injected.afterInput++;
    const before = this.delivered.get(slot);
    // One draw per mode and render, in a fixed order, so a seed gives the same lies whatever the modes.
    const lieAfterInput = this.rng.next() < (this.modes.previousAfterInput ?? 0);
    const lieDuplicate = this.rng.next() < (this.modes.duplicate ?? 0);
    const lieTruncate = this.rng.next() < (this.modes.truncate ?? 0);
    const fromBeforePause = this.beforePauseFrame.get(slot);
    this.beforePauseFrame.delete(slot);
    // Drawn only on a render after a pause and resume, so the other modes' draws stay as they were.
    if (fromBeforePause !== undefined && this.modes.beforePause !== undefined && this.rng.next() < this.modes.beforePause) {
      this.injected.pauseStale++;
      this.injected.history.push({ afterInput, stale: afterInput, truncated: false, afterPause: true });
      if (afterInput) this.injected.stale++;
      return fromBeforePause;
    }
    const stale = before !== undefined && ((afterInput && lieAfterInput) || lieDuplicate);
    this.injected.history.push({ afterInput, stale: stale && afterInput, truncated: !stale && lieTruncate && this.modes.truncate !== undefined, afterPause: fromBeforePause !== undefined });
    if (stale) {
      if (afterInput) this.injected.stale++;
      return before;
    }
    const fresh = await this.inner.render(slot, width, height);
    let frame: RenderedFrame = { ...fresh, data: Uint8Array.from(fresh.data) };
    if (this.modes.truncate !== undefined) {
      const jpeg = new Uint8Array(await sharp(frame.data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer());
      frame = { data: jpeg, encoding: 'jpeg', width, height };
      if (lieTruncate) {
        this.injected.truncated++;
        return { ...frame, data: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)) };
      }
    }
    this.delivered.set(slot, frame);
    return frame;
  }
}
