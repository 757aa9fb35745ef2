/**
 * Starts a desktop game from its recipe: a temporary HOME with the recipe's config files, the display and
 * libfaketime in its environment, its own process group, and a wait for its ready condition (a window, or a
 * line of output). A game that exits or never gets ready is GAME_CRASHED or GAME_TIMEOUT with its output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import type { DesktopRecipe } from '../../games-manifest/index.js';
import { FileTail } from './file-tail.js';
import { killGroup, startWatchdog, trackChild, type ExitInfo } from './process-group.js';
import type { X11Link, XWindow } from './x11-link.js';

export interface GameProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** The game's window (for `window` ready conditions; otherwise the first window seen, if any). */
  readonly window: XWindow | undefined;
  readonly exited: Promise<ExitInfo>;
  /** Whether the process has exited. */
  readonly dead: boolean;
  /** Calls `listener` with every line the game writes to stdout or stderr, from now on. */
  onLine(listener: (line: string) => void): void;
  /** The last lines of output, for error messages. */
  outputTail(): string;
  /** Kills the game's whole process group (SIGCONT first, so a stopped game can die). */
  kill(): Promise<void>;
}

export interface StartGameOptions {
  readonly recipe: DesktopRecipe;
  readonly variant: string;
  readonly display: string;
  readonly home: string;
  /** Environment for libfaketime. */
  readonly clockEnv: Readonly<Record<string, string>>;
  readonly x11: X11Link;
  /** Deadline for the ready condition, ms (default 30 s). */
  readonly timeoutMs?: number;
}

/** Replaces `${HOME}` and `${DISPLAY}` in recipe strings. */
export function expand(text: string, vars: { HOME: string; DISPLAY: string }): string {
  return text.replace(/\$\{(HOME|DISPLAY)\}/g, (_, name: 'HOME' | 'DISPLAY') => vars[name]);
}

/** Writes the recipe's files into the game's HOME; paths may not leave it. */
function writeFiles(recipe: DesktopRecipe, vars: { HOME: string; DISPLAY: string }): void {
  for (const [rel, content] of Object.entries(recipe.files ?? {})) {
    const path = resolve(vars.HOME, rel);
    if (!path.startsWith(`${vars.HOME}/`)) throw new ArenaError(ErrorCode.BAD_CONFIG, `recipe file '${rel}' is outside the game's HOME`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, expand(content, vars));
  }
}

/** Environment of the game: ours without display, home and XDG settings, then the recipe's, then the driver's. */
function gameEnv(options: StartGameOptions, vars: { HOME: string; DISPLAY: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(DISPLAY|HOME|XDG_.*|WAYLAND_DISPLAY|LD_PRELOAD|FAKETIME.*|ARENA_.*)$/.test(k)) env[k] = v;
  for (const [k, v] of Object.entries(options.recipe.env ?? {})) env[k] = expand(v, vars);
  return { ...env, HOME: vars.HOME, DISPLAY: vars.DISPLAY, ...options.clockEnv };
}

export async function startGame(options: StartGameOptions): Promise<GameProcess> {
  const { recipe } = options;
  const vars = { HOME: options.home, DISPLAY: options.display };
  mkdirSync(vars.HOME, { recursive: true });
  writeFiles(recipe, vars);
  const args = [...recipe.args, ...(recipe.variantArgs?.[options.variant] ?? [])].map((a) => expand(a, vars));
  const child = spawn(expand(recipe.command, vars), args, { cwd: vars.HOME, env: gameEnv(options, vars), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const exited = trackChild(child);
  if (child.pid !== undefined) startWatchdog(child.pid);
  let dead = false;
  void exited.then(() => (dead = true));
  const tail: string[] = [];
  const listeners: ((line: string) => void)[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      tail.push(line);
      if (tail.length > 30) tail.shift();
      for (const l of listeners) l(line);
    });
  }
  const outputTail = (): string => tail.slice(-12).join('\n');
  const kill = async (): Promise<void> => {
    killGroup(child, 'SIGCONT');
    killGroup(child, 'SIGKILL');
    await exited;
  };
  try {
    const window = await waitReady(options, child, exited, (l) => listeners.push(l), outputTail);
    return {
      child,
      pid: child.pid!,
      window,
      exited,
      get dead() {
        return dead;
      },
      onLine: (l) => listeners.push(l),
      outputTail,
      kill,
    };
  } catch (err) {
    await kill();
    throw err;
  }
}

/** Waits for the recipe's ready condition, polling the display or the log every 50 ms. */
async function waitReady(
  options: StartGameOptions,
  child: ChildProcess,
  exited: Promise<ExitInfo>,
  onLine: (listener: (line: string) => void) => void,
  outputTail: () => string,
): Promise<XWindow | undefined> {
  const { recipe } = options;
  const ready = recipe.ready;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = performance.now() + timeoutMs;
  let failed: ArenaError | undefined;
  child.once('error', (err) => (failed = new ArenaError(ErrorCode.GAME_CRASHED, `cannot start '${recipe.command}': ${err.message}`, { cause: err })));
  void exited.then(({ code, signal }) => {
    failed ??= new ArenaError(ErrorCode.GAME_CRASHED, `game exited before it was ready (${signal ?? `code ${code}`})${outputTail() ? `:\n${outputTail()}` : ''}`);
  });
  let matched = false;
  const pattern = ready.kind === 'log' ? new RegExp(ready.pattern) : undefined;
  const tail = ready.kind === 'log' && ready.file ? new FileTail(join(options.home, ready.file)) : undefined;
  if (pattern && !tail) onLine((line) => (matched ||= pattern.test(line)));
  const title = ready.kind === 'window' && ready.title ? new RegExp(ready.title) : undefined;
  for (;;) {
    if (failed) throw failed;
    if (tail && pattern) matched ||= tail.read().some((l) => pattern.test(l));
    const windows = await options.x11.windows();
    const window = windows.filter((w) => !title || title.test(w.title)).at(-1);
    if (ready.kind === 'window' ? window !== undefined : matched) return window;
    if (performance.now() > deadline) {
      throw new ArenaError(ErrorCode.GAME_TIMEOUT, `game not ready within ${timeoutMs} ms (waiting for ${ready.kind === 'window' ? 'its window' : `a line matching /${ready.kind === 'log' ? ready.pattern : ''}/`})`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
