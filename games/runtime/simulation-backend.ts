/**
 * A reference simulation as a game backend: exact fixed-timestep advances, free running against the wall
 * clock for `realtime`, and raw RGB frames rendered into a small pool of buffers the server gives back once sent.
 */
import { ArenaError, ErrorCode, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { BackendInfo, GameBackend, RenderedFrame, ResetOptions, Stretch, TrackedReport } from '../../game-host/index.js';
import { Episode } from './episode.js';
import type { GameDefinition } from './simulation.js';

/** Free render buffers kept for reuse: one in the socket's hands, one being painted, spares for a multi-slot request. */
const CANVAS_POOL = 4;

export class SimulationBackend implements GameBackend {
  readonly info: BackendInfo;
  private episode: Episode | undefined;
  /** Render buffers given back by the server, free to paint (at most `CANVAS_POOL`). */
  private readonly canvases: Uint8Array[] = [];
  private free: { wallStart: number; simStart: number; timeScale: number; pending: InputEvent[] } | undefined;

  constructor(private readonly def: GameDefinition) {
    const probe = def.create({ seed: 0, variant: def.variants[0]!, slots: def.slots.map((s) => s.slot) });
    this.info = { id: def.id, build: def.build, variants: def.variants, slots: def.slots, tickMs: probe.tickMs, exactAdvance: true, timeScale: true, privilegedState: true };
  }

  get simMs(): number {
    return this.episode?.simMs ?? 0;
  }

  get ended(): boolean {
    return this.episode?.ended ?? false;
  }

  async reset(options: ResetOptions): Promise<void> {
    this.free = undefined;
    const sim = this.def.create({ seed: options.seed, variant: options.variant, slots: options.slots, ...(options.timeLimitMs === undefined ? {} : { timeLimitMs: options.timeLimitMs }) });
    this.episode = new Episode(sim, options.perception ? this.def.perception : undefined);
  }

  async advance(ms: number, inputs: readonly InputEvent[]): Promise<Stretch> {
    return this.require().run(ms, inputs);
  }

  async resume(timeScale: number): Promise<void> {
    this.free = { wallStart: performance.now(), simStart: this.require().simMs, timeScale, pending: [] };
  }

  async input(inputs: readonly InputEvent[]): Promise<void> {
    this.free?.pending.push(...inputs);
  }

  async poll(): Promise<Stretch> {
    const episode = this.require();
    const free = this.free;
    if (!free) return { requestedMs: 0, actualMs: 0, events: [], end: undefined };
    const due = Math.max(0, (performance.now() - free.wallStart) * free.timeScale - (episode.simMs - free.simStart));
    const inputs = free.pending;
    free.pending = [];
    return episode.run(due, inputs);
  }

  async pause(): Promise<number> {
    const free = this.free;
    this.free = undefined;
    return free ? this.require().simMs - free.simStart : 0;
  }

  async render(slot: number, width: number, height: number): Promise<RenderedFrame> {
    const size = width * height * 3;
    // A pooled buffer: the server sends it as it is and gives it back once the socket has written it.
    let canvas = this.canvases.pop();
    while (canvas !== undefined && canvas.length !== size) canvas = this.canvases.pop();
    canvas ??= new Uint8Array(size);
    // Renderers paint every pixel, so the buffer needs no clearing between frames.
    this.require().sim.render(slot, width, height, canvas);
    let lent = true;
    const release = (): void => {
      if (lent && this.canvases.length < CANVAS_POOL) this.canvases.push(canvas);
      lent = false;
    };
    return { data: canvas, encoding: 'rgb', width, height, release };
  }

  progress(): readonly PlayerProgress[] {
    return this.episode?.sim.progress() ?? [];
  }

  state(): Record<string, unknown> {
    return this.episode?.sim.state() ?? {};
  }

  drainTracked(): readonly TrackedReport[] {
    return this.episode?.drainTracked() ?? [];
  }

  async close(): Promise<void> {
    this.episode = undefined;
  }

  private require(): Episode {
    if (!this.episode) throw new ArenaError(ErrorCode.BAD_STATE, 'no episode yet; send reset first');
    return this.episode;
  }
}
