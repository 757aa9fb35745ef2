/**
 * Turns a manifest launch recipe into a connected GameLink endpoint: a built-in game or a command run as a
 * child process (the native driver), or a remote endpoint dialled directly.
 */
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArenaError, ErrorCode } from '../protocol/index.js';
import { getGame, type GameEntry } from '../games-manifest/index.js';
import { GameClient } from './game-client.js';
import { startGameProcess, type StartedProcess } from './process-driver.js';
import { launchRemoteInput } from './launch-remote-input.js';
import { bridgeLink } from './bridge-url.js';

/** The nearest folder above this module with a package.json: the project, from its sources or from dist/. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir.endsWith(sep) ? dir : `${dir}${sep}`;
}

/** The folder the project lives in (with a trailing separator); built-in game modules are named relative to it. */
export const PROJECT_ROOT = findRoot();

/** `node bin/run.js MODULE`: a project module as its own process, compiled when dist/ is fresh, else through tsx. */
export function moduleCommand(module: string): { command: string; args: string[]; cwd: string } {
  return { command: process.execPath, args: [join(PROJECT_ROOT, 'bin', 'run.js'), module], cwd: PROJECT_ROOT };
}

/** A running game and the link to it. */
export interface GameEndpoint {
  readonly client: GameClient;
  /** The child process, when the driver started one. */
  readonly process: StartedProcess | undefined;
  /** Closes the link and stops the process. Safe to call more than once. */
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Ask the game for privileged state: only when an agent of the match reads it (scripted policies). */
  readonly privileged: boolean;
  /**
   * Ask a built-in reference game for its tracked task-relevant state (`tracked` messages, for the recorder),
   * launched here or served elsewhere (`arena bridge --game`, reached as a remote endpoint); other games are not asked.
   */
  readonly perception?: boolean;
  readonly startTimeoutMs?: number;
  readonly requestTimeoutMs?: number;
  /** `ue`: the match sends key names as a UE build reads them (the benchmark profile). */
  readonly keyNames?: 'controls' | 'ue';
}

/** Whether `id` names one of the built-in reference games (whose hosts, here or behind a bridge, can track state). */
function isReferenceGame(id: string): boolean {
  try {
    return getGame(id).launch.kind === 'builtin';
  } catch {
    return false;
  }
}

export async function launchGame(entry: GameEntry, options: LaunchOptions): Promise<GameEndpoint> {
  const recipe = entry.launch;
  const tracks = recipe.kind === 'builtin' || (recipe.kind === 'remote' && isReferenceGame(entry.id));
  const clientOptions = {
    client: 'arena-gateway',
    privileged: options.privileged,
    ...(options.perception === true && tracks ? { perception: true } : {}),
    ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
    ...(options.keyNames === undefined ? {} : { keyNames: options.keyNames }),
  };
  if (recipe.kind === 'remote') {
    const link = bridgeLink(recipe.url);
    const client = await GameClient.connect(link.url, { ...clientOptions, ...(link.token ? { token: link.token } : {}), ...(link.frames ? { frames: link.frames } : {}) });
    return { client, process: undefined, close: () => client.close() };
  }
  // The remote-input driver runs in this process: no child, just TCP connections to the build.
  if (recipe.kind === 'remote-input') return launchRemoteInput(entry, recipe, clientOptions);
  const spawnOptions =
    recipe.kind === 'builtin'
      ? moduleCommand(recipe.module)
      : recipe.kind === 'desktop'
        ? // The desktop bridge (one process per game: nut-js drives one display per process) gets the whole entry.
          { ...moduleCommand('game-host/desktop/main.ts'), env: { ARENA_GAME_ENTRY: JSON.stringify(entry) } }
        : { command: recipe.command, args: recipe.args, ...(recipe.env === undefined ? {} : { env: recipe.env }) };
  const proc = await startGameProcess({ ...spawnOptions, ...(options.startTimeoutMs === undefined ? {} : { startTimeoutMs: options.startTimeoutMs }) });
  let client: GameClient;
  try {
    client = await GameClient.connect(`ws://127.0.0.1:${proc.port}`, clientOptions);
  } catch (err) {
    await proc.stop(500);
    throw err;
  }
  // A process that dies takes its link down at once, even if the socket lingers.
  void proc.exited.then(({ code, signal }) => {
    if (!client.error) client.terminate(new ArenaError(ErrorCode.GAME_CRASHED, `game process exited (${signal ?? `code ${code}`})`));
  });
  let closing: Promise<void> | undefined;
  return {
    client,
    process: proc,
    close: () => (closing ??= client.close().finally(() => proc.stop())),
  };
}
