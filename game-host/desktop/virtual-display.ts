/**
 * One Xvfb display per game. Xvfb picks a free display number itself (`-displayfd`) and writes it only
 * once it accepts connections, so there is no guessing, no race with other displays and no socket polling.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { killGroup, startWatchdog, trackChild, type ExitInfo } from './process-group.js';

export interface VirtualDisplay {
  /** The display name, `:N`. */
  readonly name: string;
  readonly pid: number;
  readonly width: number;
  readonly height: number;
  /** Resolves when the X server has exited. */
  readonly exited: Promise<ExitInfo>;
  /** Stops the X server. Safe to call more than once. */
  close(): Promise<void>;
}

export interface DisplayOptions {
  readonly width: number;
  readonly height: number;
  /** Deadline for the server to get ready, ms (default 10 s). */
  readonly timeoutMs?: number;
  /** The Xvfb binary (default `Xvfb` on the PATH). */
  readonly command?: string;
}

/** Starts Xvfb with one 24-bit screen of exactly width x height, no TCP listener and no cursor drawn. */
export async function startDisplay(options: DisplayOptions): Promise<VirtualDisplay> {
  const { width, height } = options;
  const child: ChildProcess = spawn(
    options.command ?? 'Xvfb',
    ['-displayfd', '3', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-noreset', '-nocursor'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], detached: true },
  );
  const exited = trackChild(child);
  if (child.pid !== undefined) startWatchdog(child.pid);
  const stderr: string[] = [];
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 20) stderr.shift();
  });
  const close = async (): Promise<void> => {
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  };
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fd = child.stdio[3] as NodeJS.ReadableStream | null;
  try {
    const number = await new Promise<number>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new ArenaError(ErrorCode.GAME_TIMEOUT, `Xvfb did not get ready within ${timeoutMs} ms`)), timeoutMs);
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(new ArenaError(ErrorCode.GAME_CRASHED, `cannot start Xvfb: ${err.message}`, { cause: err }));
      });
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new ArenaError(ErrorCode.GAME_CRASHED, `Xvfb exited before it was ready (${signal ?? `code ${code}`}): ${stderr.join('').trim().slice(-500)}`));
      });
      fd?.setEncoding('utf8');
      fd?.on('data', (chunk: string) => {
        text += chunk;
        const line = /^(\d+)\n/.exec(text);
        if (!line) return;
        clearTimeout(timer);
        resolve(Number(line[1]));
      });
    });
    return { name: `:${number}`, pid: child.pid!, width, height, exited, close };
  } catch (err) {
    await close();
    throw err;
  }
}
