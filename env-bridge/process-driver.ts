/**
 * Starts a game as a child process that follows the launch contract (protocol/launch.ts), waits for its
 * ready line, and stops its whole process group on close. A process that exits early or never gets ready
 * is GAME_CRASHED or GAME_TIMEOUT, with the tail of its stderr in the message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ArenaError, ErrorCode, READY_PREFIX } from '../protocol/index.js';

export interface StartedProcess {
  readonly child: ChildProcess;
  readonly port: number;
  /** Resolves when the process has exited, with its code or signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends the process group: SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** The last lines the process wrote to stderr. */
  stderrTail(): string;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kills every game process still alive when this process exits, so none is left behind. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of live) killGroup(child, 'SIGKILL');
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

export interface SpawnOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** How long the process may take to print its ready line, ms (default 20 s). */
  readonly startTimeoutMs?: number;
}

export async function startGameProcess(options: SpawnOptions): Promise<StartedProcess> {
  installExitHook();
  const child = spawn(options.command, [...options.args], {
    cwd: options.cwd,
    env: { ...process.env, ARENA_PORT: '0', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  const stderr: string[] = [];
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 50) stderr.splice(0, stderr.length - 50);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });
  const tail = (): string => stderr.join('').split('\n').slice(-12).join('\n').trim();
  const stop = async (graceMs = 3000): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.stdin?.end();
    killGroup(child, 'SIGTERM');
    // A frozen (SIGSTOPped) game cannot act on SIGTERM until it runs again.
    killGroup(child, 'SIGCONT');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };

  const startTimeoutMs = options.startTimeoutMs ?? 20_000;
  const lines = createInterface({ input: child.stdout });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ArenaError(ErrorCode.GAME_TIMEOUT, `game process did not get ready within ${startTimeoutMs} ms`)), startTimeoutMs);
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(new ArenaError(ErrorCode.GAME_CRASHED, `cannot start '${options.command}': ${err.message}`, { cause: err }));
      });
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new ArenaError(ErrorCode.GAME_CRASHED, `game process exited before it was ready (${signal ?? `code ${code}`})${tail() ? `:\n${tail()}` : ''}`));
      });
      lines.on('line', (line) => {
        if (!line.startsWith(READY_PREFIX)) return;
        try {
          const info = JSON.parse(line.slice(READY_PREFIX.length)) as { port?: unknown };
          if (typeof info.port !== 'number') throw new Error('no port');
          clearTimeout(timer);
          resolve(info.port);
        } catch {
          clearTimeout(timer);
          reject(new ArenaError(ErrorCode.GAME_CRASHED, `unreadable ready line: ${line.slice(0, 200)}`));
        }
      });
    });
    // Keep draining stdout so a chatty game never blocks on a full pipe.
    child.stdout?.resume();
    return { child, port, exited, stop, stderrTail: tail };
  } catch (err) {
    await stop(500);
    throw err;
  }
}
