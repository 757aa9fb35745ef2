/**
 * `arena match --video`: the episode's video made as the match goes, for any game (desktop and UE5 builds
 * included), from the frames the gateway saw. The panel reads the decisions and placements from the run
 * record as the recorder appends them. Between observations the newest view is held (the gateway sees no
 * frames there); the phase bar still marks charged latency and running chunks.
 */
import { join } from 'node:path';
import { benchmarkTimeline, DecisionRecord, PlacementRecord, ProgressRecord, readJsonl, readRunJson, type MatchEvent, type RunJson } from '../gateway/index.js';
import type { GameEntry } from '../games-manifest/index.js';
import type { Frame } from '../protocol/index.js';
import { EpisodeTimeline } from './episode-timeline.js';
import { VideoComposer } from './video-composer.js';

export interface LiveVideoOptions {
  readonly fps?: number;
  readonly panel?: boolean;
  readonly slots: readonly { readonly slot: number; readonly label: string }[];
  readonly view?: { readonly width: number; readonly height: number };
}

/**
 * Brings `timeline` up to the run record in `dir` so far: its decisions, placements and progress reports, and
 * under the omnigamearena profile the benchmark's score after each report (`benchmarkTimeline`, as `arena video`
 * charts a finished run), which the panel then charts in place of our progress. `run` is the run's run.json.
 */
export function readLiveTimeline(dir: string, timeline: EpisodeTimeline, run: RunJson = readRunJson(dir)): void {
  const decisions = readJsonl<unknown>(join(dir, 'decisions.jsonl')).flatMap((l) => {
    const p = DecisionRecord.safeParse(l);
    return p.success ? [p.data] : [];
  });
  const placements = readJsonl<{ kind?: string }>(join(dir, 'ledger.jsonl')).flatMap((l) => {
    const p = l.kind === 'placement' ? PlacementRecord.safeParse(l) : undefined;
    return p?.success ? [p.data] : [];
  });
  const progress = readJsonl<unknown>(join(dir, 'progress.jsonl')).flatMap((l) => {
    const p = ProgressRecord.safeParse(l);
    return p.success ? [p.data] : [];
  });
  timeline.update(decisions, placements, progress);
  timeline.benchmark = benchmarkTimeline(run, progress);
}

/** Hooks for a match (its observer's `onFrame`, the spec's `onEvent`) that write `episode.mp4` into the run directory. */
export class LiveVideo {
  private dir: string | undefined;
  private composer: VideoComposer | undefined;
  private readonly timeline: EpisodeTimeline;
  /** The run's run.json as it was at the start (its profile and players do not change while it runs). */
  private run: RunJson | undefined;
  private chain: Promise<void> = Promise.resolve();
  private lastMs = 0;
  private error: Error | undefined;

  constructor(readonly entry: GameEntry, readonly options: LiveVideoOptions) {
    this.timeline = new EpisodeTimeline([], [], entry.controls.stepMs);
  }

  /** For `MatchSpec.onEvent`: learns the run directory. */
  onEvent(event: MatchEvent): void {
    if (event.type === 'started') this.dir = event.dir;
  }

  /** For `MatchSpec.onFrame`: queues the frame for the video. */
  onFrame(frame: Frame): void {
    this.lastMs = Math.max(this.lastMs, frame.simMs);
    this.chain = this.chain.then(() => this.take(frame)).catch((err: unknown) => {
      this.error ??= err instanceof Error ? err : new Error(String(err));
    });
  }

  private async take(frame: Frame): Promise<void> {
    if (!this.dir) return;
    this.composer ??= new VideoComposer({ path: join(this.dir, 'episode.mp4'), fps: this.options.fps ?? 10, panel: this.options.panel ?? true, slots: this.options.slots, view: this.options.view ?? { width: frame.width, height: frame.height }, timeline: this.timeline });
    this.refresh();
    await this.composer.view(frame);
  }

  private refresh(): void {
    this.run ??= readRunJson(this.dir!);
    readLiveTimeline(this.dir!, this.timeline, this.run);
  }

  /** Finishes the file after the match; returns its path, or undefined when the game sent no frame. */
  async finish(endMs: number): Promise<string | undefined> {
    await this.chain;
    if (this.error) throw this.error;
    if (!this.composer || !this.dir) return undefined;
    this.refresh();
    await this.composer.finish(Math.max(endMs, this.lastMs));
    return join(this.dir, 'episode.mp4');
  }
}
