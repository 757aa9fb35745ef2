/**
 * The remote-input driver behind a launch recipe: connects to the build's RemoteInput ports, serves the
 * backend over GameLink on a loopback port inside this process, and dials it like any other game, so the
 * gateway drives a UE5 build exactly as it drives a reference game.
 */
import { Limits } from '../protocol/index.js';
import type { GameEntry, RemoteInputRecipe } from '../games-manifest/index.js';
import { serveBackend } from '../game-host/index.js';
import { GameClient, type GameClientOptions } from './game-client.js';
import { RemoteInputBackend } from '../game-host/index.js';
import { driverOptions } from '../game-host/index.js';

/** A connected GameLink client for a RemoteInput build; `close` closes the link, the server and the TCP connections. */
export async function launchRemoteInput(
  entry: GameEntry,
  recipe: RemoteInputRecipe,
  clientOptions: GameClientOptions,
): Promise<{ client: GameClient; process: undefined; close: () => Promise<void> }> {
  const backend = await RemoteInputBackend.connect(entry, driverOptions(entry, recipe));
  const server = await serveBackend(backend, { entry }).catch(async (err: unknown) => {
    await backend.close();
    throw err;
  });
  // Advances run on the wall clock here, so a long one is not a hung game; the RemoteInput connections
  // carry their own reply deadlines for that.
  const requestTimeoutMs = clientOptions.requestTimeoutMs ?? Limits.maxAdvanceMs / (recipe.timeScale ?? 1) + 30_000;
  let client: GameClient;
  try {
    client = await GameClient.connect(`ws://127.0.0.1:${server.port}`, { ...clientOptions, requestTimeoutMs });
  } catch (err) {
    await server.close();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return { client, process: undefined, close: () => (closing ??= client.close().finally(() => server.close())) };
}
