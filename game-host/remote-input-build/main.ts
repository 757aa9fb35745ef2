/**
 * Entry point of a RemoteInput bridge process: serves GameLink on $ARENA_HOST:$ARENA_PORT for a RemoteInput
 * build, following the launch contract (protocol/launch.ts). Run it next to the build on the GPU machine and
 * point the gateway at it with a `remote` recipe. $ARENA_GAME names the manifest entry; $ARENA_REMOTE_INPUT
 * holds the `remote-input` recipe as JSON (host, basePort, keyMap...).
 */
import { getGame, RemoteInputRecipe } from '../../games-manifest/index.js';
import { runBackendProcess } from '../server.js';
import { toArenaError } from '../../protocol/index.js';
import { RemoteInputBackend } from './backend.js';
import { driverOptions } from './options.js';

try {
  const entry = getGame(process.env.ARENA_GAME ?? '');
  const recipe = RemoteInputRecipe.parse(JSON.parse(process.env.ARENA_REMOTE_INPUT ?? '{}'));
  await runBackendProcess(await RemoteInputBackend.connect(entry, driverOptions(entry, recipe)), entry);
} catch (err) {
  const e = toArenaError(err);
  process.stderr.write(`remote-input bridge: ${e.code}: ${e.message}\n`);
  process.exit(1);
}
