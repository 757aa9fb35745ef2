/**
 * `arena video RUN`: the episode's video made by re-simulating a finished reference-game run, with the
 * frames between decisions rendered at the chosen rate of game time. The re-simulation checks the run as it
 * goes; a run that does not replay gives no video (REPLAY_MISMATCH naming the first differing step).
 */
import { join } from 'node:path';
import { getGame } from '../games-manifest/index.js';
import { ArenaError, ErrorCode } from '../protocol/index.js';
import { benchmarkTimeline, PlacementRecord, readRunRecord, resimulate, type ResimOptions, type ResimReport } from '../gateway/index.js';
import { EpisodeTimeline } from './episode-timeline.js';
import { VideoComposer } from './video-composer.js';
import { PANEL_WIDTH } from './panel.js';

export interface RunVideoOptions {
  /** Video frames per second of game time (default 10). */
  readonly fps?: number;
  /** Draw the side panel (default true). */
  readonly panel?: boolean;
  /** Output path (default `episode.mp4` in the run directory). */
  readonly out?: string;
  /** Scale the views down (never up) so the whole video is at most this wide, px (default: the run's frame size). */
  readonly maxWidth?: number;
  readonly launch?: ResimOptions['launch'];
}

export interface RunVideo {
  readonly path: string;
  readonly frames: number;
  readonly fps: number;
  /** The size of each player's view in the video, px. */
  readonly width: number;
  readonly height: number;
  /** The size of the video itself (the views side by side, and the panel), px. */
  readonly videoWidth: number;
  readonly videoHeight: number;
  readonly simMs: number;
  readonly resim: ResimReport;
}

/** The size each player's view is drawn at: the recorded frame, scaled down to fit `maxWidth` when given (even sides). */
function scaledView(frame: { width: number; height: number }, slots: number, panel: boolean, maxWidth: number | undefined): { width: number; height: number } {
  if (maxWidth === undefined) return frame;
  const room = maxWidth - (panel ? PANEL_WIDTH : 0);
  if (!(room >= 2 * Math.max(1, slots))) throw new ArenaError(ErrorCode.BAD_CONFIG, `a video at most ${maxWidth} px wide has no room for ${slots} views${panel ? ' and the panel' : ''}`);
  const scale = Math.min(1, room / (frame.width * Math.max(1, slots)));
  if (scale === 1) return frame;
  const evenDown = (n: number): number => Math.max(2, Math.floor(n / 2) * 2);
  return { width: evenDown(frame.width * scale), height: evenDown(frame.height * scale) };
}

/** Writes the run's video by re-simulation. */
export async function videoFromRun(dir: string, options: RunVideoOptions = {}): Promise<RunVideo> {
  const fps = options.fps ?? 10;
  if (!(fps > 0 && fps <= 60)) throw new ArenaError(ErrorCode.BAD_CONFIG, `--fps takes a rate from 1 to 60 frames per second of game time (got ${fps})`);
  const record = readRunRecord(dir);
  const entry = getGame(record.run.game);
  const placements = record.ledger.filter((l) => l.kind === 'placement').map((l) => PlacementRecord.parse(l));
  const timeline = new EpisodeTimeline(record.decisions, placements, entry.controls.stepMs, record.progress, record.run.result?.simMs);
  timeline.benchmark = benchmarkTimeline(record.run, record.progress);
  const view = scaledView(record.run.frame ?? entry.frame, record.run.agents.length, options.panel ?? true, options.maxWidth);
  const path = options.out ?? join(dir, 'episode.mp4');
  const composer = new VideoComposer({ path, fps, panel: options.panel ?? true, slots: record.run.agents.map((a) => ({ slot: a.slot, label: a.label })), view, timeline });
  let resim: ResimReport;
  try {
    resim = await resimulate(dir, { frameEveryMs: 1000 / fps, onFrame: (f) => composer.view(f.frame), ...(options.launch ? { launch: options.launch } : {}) });
  } catch (err) {
    await composer.finish(0).catch(() => undefined);
    throw err;
  }
  await composer.finish(resim.simMs);
  if (resim.mismatch) throw new ArenaError(ErrorCode.REPLAY_MISMATCH, `${record.run.runId} does not replay (step ${resim.mismatch.step}: ${resim.mismatch.message}); the video would not show what happened`);
  return { path, frames: composer.frames, fps, width: view.width, height: view.height, videoWidth: composer.size.width, videoHeight: composer.size.height, simMs: resim.simMs, resim };
}
