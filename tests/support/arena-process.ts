/** `node bin/arena.js` as a child process: its output collected, its exit awaited, and a way to kill it. */
import { spawn, type ChildProcess } from 'node:child_process';

/** How the child ended and what it wrote. */
export interface ArenaExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A running `arena` command. */
export interface ArenaProcess {
  readonly child: ChildProcess;
  /** Settles when the process exits. */
  readonly exited: Promise<ArenaExit>;
}

/** Starts `node bin/arena.js ...args` in the repository root. */
export function startArena(args: readonly string[], env: Readonly<Record<string, string>> = {}): ArenaProcess {
  const child = spawn(process.execPath, ['bin/arena.js', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<ArenaExit>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, exited };
}

/** Runs `node bin/arena.js ...args` to its end. */
export function runArena(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<ArenaExit> {
  return startArena(args, env).exited;
}
