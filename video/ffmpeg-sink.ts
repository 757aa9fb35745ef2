/**
 * An H.264 mp4 written by Debian's ffmpeg: raw RGB frames piped to its stdin at a fixed frame rate, encoded
 * as yuv420p (what every player plays). Writes wait for the pipe to drain, so memory stays flat.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { ArenaError, ErrorCode } from '../protocol/index.js';

export interface FfmpegSinkOptions {
  readonly path: string;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  /** x264 constant rate factor (lower is better; default 23). */
  readonly crf?: number;
}

export class FfmpegSink {
  private readonly child: ChildProcessByStdio<Writable, null, Readable>;
  private readonly exited: Promise<{ code: number | null; stderr: string }>;
  private failure: Error | undefined;
  frames = 0;

  constructor(readonly options: FfmpegSinkOptions) {
    if (options.width % 2 || options.height % 2) throw new ArenaError(ErrorCode.BAD_CONFIG, `yuv420p needs an even frame size (got ${options.width}x${options.height})`);
    const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${options.width}x${options.height}`, '-r', String(options.fps), '-i', 'pipe:0', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(options.crf ?? 23), '-pix_fmt', 'yuv420p', '-movflags', '+faststart', options.path];
    this.child = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    this.child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
    this.child.stdin.on('error', (err) => (this.failure ??= err));
    this.exited = new Promise((resolve) => {
      this.child.on('error', (err) => {
        this.failure ??= err;
        resolve({ code: -1, stderr: err.message });
      });
      this.child.on('close', (code) => resolve({ code, stderr }));
    });
  }

  /** Writes one frame (width x height x 3 bytes). */
  async write(rgb: Uint8Array): Promise<void> {
    if (this.failure) throw new ArenaError(ErrorCode.INTERNAL, `ffmpeg failed: ${this.failure.message}`, { cause: this.failure });
    this.frames++;
    if (!this.child.stdin.write(rgb)) await new Promise<void>((resolve) => this.child.stdin.once('drain', resolve));
  }

  /** Ends the stream and waits for ffmpeg to finish the file. */
  async close(): Promise<void> {
    this.child.stdin.end();
    const { code, stderr } = await this.exited;
    if (code !== 0) throw new ArenaError(ErrorCode.INTERNAL, `ffmpeg exited with ${code}: ${stderr.trim() || this.failure?.message || 'no output'}`);
  }
}
