/**
 * Video facts (ffprobe) and frames at chosen times (ffmpeg, one decoding pass per request), as JPEG at most
 * a given width with the aspect kept. Both protocols take their frames through here.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { ArenaError, ErrorCode } from '../../protocol/index.js';

/** What ffprobe says about a video. */
export interface VideoFacts {
  readonly durationS: number;
  readonly fps: number;
  readonly width: number;
  readonly height: number;
  readonly codec: string;
  /** Frames in the stream, when the container says. */
  readonly frames: number | undefined;
}

/** One extracted frame: the grid time it stands for, the frame's own time in the video, and its JPEG. */
export interface VideoFrame {
  readonly t: number;
  readonly frameT: number;
  readonly jpeg: Buffer;
}

const Probe = z.object({
  streams: z.array(z.object({ codec_type: z.string(), codec_name: z.string().optional(), width: z.number().optional(), height: z.number().optional(), avg_frame_rate: z.string().optional(), r_frame_rate: z.string().optional(), nb_frames: z.string().optional(), duration: z.string().optional() })),
  format: z.object({ duration: z.string().optional() }),
});

function run(command: string, args: readonly string[], signal: AbortSignal | undefined): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d.length + stderr.length > 1_000_000 ? '' : d));
    child.once('error', (err) => reject(new ArenaError(ErrorCode.INTERNAL, `${command} could not run: ${err.message}`, { cause: err, details: { mediaTool: command } })));
    child.once('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new ArenaError(ErrorCode.INTERNAL, `${command} exited with ${code}: ${stderr.trim().split('\n').slice(-2).join(' ')}`, { details: { mediaTool: command } }));
    });
  });
}

function rate(text: string | undefined): number {
  const [n, d] = (text ?? '0/1').split('/').map(Number);
  return n !== undefined && d !== undefined && d > 0 && Number.isFinite(n / d) ? n / d : 0;
}

/** The first video stream's facts; INTERNAL with `details.mediaTool` when ffprobe fails, BAD_RECORD when the file has no video. */
export async function probeVideo(path: string, signal?: AbortSignal): Promise<VideoFacts> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path], signal);
  const parsed = Probe.safeParse(JSON.parse(stdout));
  const video = parsed.success ? parsed.data.streams.find((s) => s.codec_type === 'video') : undefined;
  if (!parsed.success || video === undefined) throw new ArenaError(ErrorCode.BAD_RECORD, `${path} has no video stream`);
  const durationS = Number(video.duration ?? parsed.data.format.duration ?? NaN);
  const frames = video.nb_frames === undefined ? undefined : Number(video.nb_frames);
  return {
    durationS: Number.isFinite(durationS) ? durationS : 0,
    fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    width: video.width ?? 0,
    height: video.height ?? 0,
    codec: video.codec_name ?? 'unknown',
    frames: frames !== undefined && Number.isFinite(frames) ? frames : undefined,
  };
}

/**
 * Frames for a uniform grid `startS + i * stepS` (i < count): for each grid time the first video frame at or
 * after it, scaled to at most `maxWidth` px wide. A grid time past the last frame gets the last frame.
 */
export async function extractFrames(path: string, grid: { startS: number; stepS: number; count: number }, maxWidth: number, signal?: AbortSignal): Promise<VideoFrame[]> {
  const { startS, stepS, count } = grid;
  if (count <= 0) return [];
  const dir = await mkdtemp(join(tmpdir(), 'arena-frames-'));
  try {
    const eps = 0.0005;
    const step = stepS > 0 ? stepS : 1e9;
    // ld(0) is the next grid index wanted; a frame at or past its time is kept and the index moves past it.
    const select = `if(lt(ld(0),${count})*gte(t,${startS}+ld(0)*${step}-${eps}),st(0,floor((t-${startS}+${eps})/${step})+1),0)`;
    const filter = `select='${select}',scale=w='min(iw,${maxWidth})':h=-2,showinfo`;
    const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-i', path, '-vf', filter, '-fps_mode', 'passthrough', '-q:v', '3', '-f', 'image2', join(dir, 'f%05d.jpg')], signal);
    const times = [...stderr.matchAll(/\bpts_time:\s*(-?[\d.]+)/g)].map((m) => Number(m[1]));
    const files = (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
    const got = await Promise.all(files.map(async (f, i) => ({ frameT: times[i] ?? Number.NaN, jpeg: await readFile(join(dir, f)) })));
    if (got.length === 0) throw new ArenaError(ErrorCode.BAD_RECORD, `${path}: no frame at or after ${startS} s`);
    const frames: VideoFrame[] = [];
    let k = 0;
    for (let i = 0; i < count; i++) {
      const t = Math.round((startS + i * stepS) * 1000) / 1000;
      while (k < got.length - 1 && got[k]!.frameT < t - eps) k++;
      frames.push({ t, frameT: got[k]!.frameT, jpeg: got[k]!.jpeg });
    }
    return frames;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
