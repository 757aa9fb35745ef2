/**
 * Decision frames of an episode for the reflector's `view_frames` tool: the recorded JPEGs of chosen decision
 * steps, scaled to fit a largest side and re-encoded, as data URLs for image parts of a user message.
 */
import sharp from 'sharp';
import { recordedFrameImage, recordedFramePath } from '../gateway/index.js';
import { readDecisions, sampleEvenly } from './episode-summary.js';

/** One frame ready to show: which decision it belongs to, and the image. */
export interface EpisodeFrame {
  readonly step: number;
  readonly slot: number;
  /** Game time of the observation, s. */
  readonly t: number;
  /** Path relative to the run directory. */
  readonly file: string;
  readonly dataUrl: string;
}

/** What a `view_frames` call got: the frames, and the steps asked for that have none. */
export interface FramePick {
  readonly frames: readonly EpisodeFrame[];
  readonly missing: readonly number[];
}

/**
 * Loads the frames of `steps` (or, without steps, `max` spread over the episode, the last included) for one
 * slot. At most `max` frames; each fits `maxSide` px and is JPEG quality 75.
 */
export async function loadFrames(dir: string, slot: number, steps: readonly number[] | undefined, max: number, maxSide: number): Promise<FramePick> {
  const withFrames = readDecisions(dir, [slot]).filter((d) => d.frame !== undefined && recordedFramePath(dir, d.frame) !== undefined);
  const byStep = new Map(withFrames.map((d) => [d.step, d]));
  const wanted = steps === undefined || steps.length === 0 ? sampleEvenly(withFrames, max).map((d) => d.step) : [...new Set(steps)].slice(0, max);
  const missing = wanted.filter((s) => !byStep.has(s));
  const frames = await Promise.all(
    wanted
      .filter((s) => byStep.has(s))
      .map(async (s): Promise<EpisodeFrame> => {
        const d = byStep.get(s)!;
        const jpeg = await sharp((await recordedFrameImage(recordedFramePath(dir, d.frame!)!)).data).resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
        return { step: s, slot, t: Math.round(d.observedAtMs / 10) / 100, file: d.frame!, dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}` };
      }),
  );
  return { frames, missing };
}
