/** A reference game served in this process on a loopback port, as a match's `launch` (cheaper than a child process). */
import { builtinGames, serveGame } from '../../games/index.js';
import type { GameEntry } from '../../games-manifest/index.js';
import { GameClient, type GameEndpoint } from '../../env-bridge/index.js';

/** Launches the entry's reference game over a real GameLink socket on 127.0.0.1, port 0 (with its tracked-state stream when asked). */
export async function launchInProcess(entry: GameEntry, options?: { readonly perception?: boolean; readonly keyNames?: 'controls' | 'ue' }): Promise<GameEndpoint> {
  const def = builtinGames.find((g) => g.id === entry.id);
  if (!def) throw new Error(`${entry.id} is not a reference game`);
  const server = await serveGame(def, { port: 0, entry });
  const client = await GameClient.connect(`ws://127.0.0.1:${server.port}`, { client: 'arena-gateway', privileged: true, ...(options?.perception === true ? { perception: true } : {}), ...(options?.keyNames === undefined ? {} : { keyNames: options.keyNames }) }).catch(async (err: unknown) => {
    await server.close();
    throw err;
  });
  let closing: Promise<void> | undefined;
  return { client, process: undefined, close: () => (closing ??= client.close().finally(() => server.close())) };
}
