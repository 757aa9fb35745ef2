/**
 * Composes an episode's video: each player's view side by side (both views in PvP and Coop), a phase bar
 * over each view (red while a decision's latency is charged, green while its chunk runs, amber while the
 * observation delay runs out), and the side panel. Frames come in as the game rendered them; the video runs at
 * a fixed rate of game time, each video frame showing the newest view at or before its moment.
 */
import sharp from 'sharp';
import { createCanvas, fillRect, type Canvas, type Rgb } from '../games/index.js';
import type { Frame } from '../protocol/index.js';
import type { EpisodeTimeline, SlotMoment } from './episode-timeline.js';
import { FfmpegSink } from './ffmpeg-sink.js';
import { PANEL_WIDTH, drawSection } from './panel.js';

export interface ComposerOptions {
  readonly path: string;
  /** Video frames per second of game time. */
  readonly fps: number;
  readonly panel: boolean;
  readonly slots: readonly { readonly slot: number; readonly label: string }[];
  /** Size of one player's view in the video. */
  readonly view: { readonly width: number; readonly height: number };
  readonly timeline: EpisodeTimeline;
}

const BAR: Record<SlotMoment['phase'], Rgb> = { start: [90, 90, 90], thinking: [214, 72, 60], acting: [60, 180, 90], waiting: [200, 170, 60] };
const even = (n: number): number => n + (n % 2);

/** Raw RGB of a frame at the view size (nearest-neighbour when the game sent another size). */
async function viewPixels(frame: Frame, width: number, height: number): Promise<Uint8Array> {
  const rgb = frame.encoding === 'rgb' ? frame.data : new Uint8Array(await sharp(frame.data).removeAlpha().raw().toBuffer());
  if (frame.width === width && frame.height === height) return rgb;
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const sy = Math.floor((y * frame.height) / height);
    for (let x = 0; x < width; x++) {
      const si = (sy * frame.width + Math.floor((x * frame.width) / width)) * 3;
      out.set(rgb.subarray(si, si + 3), (y * width + x) * 3);
    }
  }
  return out;
}

export class VideoComposer {
  private readonly latest = new Map<number, Uint8Array>();
  private readonly sink: FfmpegSink;
  private readonly canvas: Canvas;
  private next = 0;

  constructor(readonly options: ComposerOptions) {
    const { view, slots } = options;
    this.canvas = createCanvas(even(view.width * slots.length + (options.panel ? PANEL_WIDTH : 0)), even(view.height));
    this.sink = new FfmpegSink({ path: options.path, width: this.canvas.width, height: this.canvas.height, fps: options.fps });
  }

  /** The video's own size, px (the views side by side, and the panel). */
  get size(): { readonly width: number; readonly height: number } {
    return { width: this.canvas.width, height: this.canvas.height };
  }

  /** Video frames written so far. */
  get frames(): number {
    return this.sink.frames;
  }

  /** Game time of video frame `k`, ms. */
  timeOf(k: number): number {
    return (k * 1000) / this.options.fps;
  }

  /** Takes in a view the game rendered; video frames before its moment are written first. */
  async view(frame: Frame): Promise<void> {
    await this.flush(frame.simMs, false);
    this.latest.set(frame.slot, await viewPixels(frame, this.options.view.width, this.options.view.height));
  }

  /** Writes the video frames up to `endMs` (inclusive) and finishes the file. */
  async finish(endMs: number): Promise<void> {
    await this.flush(endMs, true);
    await this.sink.close();
  }

  private async flush(untilMs: number, inclusive: boolean): Promise<void> {
    if (this.latest.size === 0) return;
    while (inclusive ? this.timeOf(this.next) <= untilMs + 1e-9 : this.timeOf(this.next) < untilMs - 1e-9) {
      // A copy: the pipe may still hold the bytes when the canvas is drawn again.
      await this.sink.write(Uint8Array.from(this.draw(this.timeOf(this.next))));
      this.next++;
    }
  }

  private draw(t: number): Uint8Array {
    const { view, slots, panel, timeline } = this.options;
    const c = this.canvas;
    slots.forEach(({ slot, label }, i) => {
      const px = this.latest.get(slot);
      const x0 = i * view.width;
      if (px) for (let y = 0; y < view.height; y++) c.rgb.set(px.subarray(y * view.width * 3, (y + 1) * view.width * 3), (y * c.width + x0) * 3);
      else fillRect(c, x0, 0, view.width, view.height, [0, 0, 0]);
      const moment = timeline.at(slot, t);
      fillRect(c, x0, 0, view.width, 4, BAR[moment.phase]);
      if (panel) {
        const h = Math.floor(c.height / slots.length);
        drawSection(c, view.width * slots.length, i * h, h, `${label} SLOT ${slot}`, moment, { timeline, t });
      }
    });
    return c.rgb;
  }
}
