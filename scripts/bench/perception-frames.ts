/**
 * The native protocol's frame sampling: the 256 frames of a 300 s video taken in one ffmpeg decoding pass (what
 * `arena cases run --protocol native` does) against the plain way, one ffmpeg seek per frame, in the same run.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extractFrames, MAX_FRAME_WIDTH, nativeGrid, nativeInterval } from '../../perception/index.js';

const run = promisify(execFile);

/** Times of both ways, ms per whole grid, and the frames each gave. */
export interface FrameSamplingBench {
  readonly videoS: number;
  readonly frames: number;
  readonly onePassMs: number;
  readonly perFrameSeekMs: number;
}

/** Measures both ways on a generated `videoS`-second 640x360 video at 15 fps: one pass `repeats` times (median), the slow baseline once. */
export async function benchFrameSampling(videoS: number, repeats: number): Promise<FrameSamplingBench> {
  const dir = mkdtempSync(join(tmpdir(), 'arena-bench-frames-'));
  try {
    const video = join(dir, 'video.mp4');
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=640x360:rate=15:duration=${videoS}`, '-c:v', 'libx264', '-preset', 'veryfast', '-g', '150', '-pix_fmt', 'yuv420p', video]);
    const grid = nativeGrid(videoS);
    const timeOnce = async (body: () => Promise<void>): Promise<number> => {
      const t0 = performance.now();
      await body();
      return performance.now() - t0;
    };
    const median = async (body: () => Promise<void>): Promise<number> => {
      const times: number[] = [];
      for (let r = 0; r < repeats; r++) {
        const t0 = performance.now();
        await body();
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    };
    const onePassMs = await median(async () => {
      const frames = await extractFrames(video, { startS: 0, stepS: nativeInterval(videoS), count: grid.length }, MAX_FRAME_WIDTH);
      if (frames.length !== grid.length) throw new Error(`one pass gave ${frames.length} frames, not ${grid.length}`);
    });
    const perFrameSeekMs = await timeOnce(async () => {
      for (const [i, t] of grid.entries()) {
        await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(t), '-i', video, '-frames:v', '1', '-vf', `scale=w='min(iw,${MAX_FRAME_WIDTH})':h=-2`, '-q:v', '3', join(dir, `seek-${i}.jpg`)]);
      }
    });
    return { videoS, frames: grid.length, onePassMs, perFrameSeekMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
