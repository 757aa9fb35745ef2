/**
 * The desktop bridge: one process per desktop game, serving it over GameLink (the launch contract of
 * protocol/launch.ts). The game's manifest entry comes as JSON in $ARENA_GAME_ENTRY, or its id as argv[2].
 * A game or display that dies on its own ends this process, so the gateway sees GAME_CRASHED at once.
 */
import { GameEntry, getGame } from '../../games-manifest/index.js';
import { runBackendProcess } from '../server.js';
import { DesktopBackend } from './desktop-backend.js';
import { raisePriority } from './wall-timer.js';

function entryFromEnvironment(): GameEntry {
  const json = process.env.ARENA_GAME_ENTRY;
  if (json) return GameEntry.parse(JSON.parse(json));
  const id = process.argv[2];
  if (!id) throw new Error('usage: main.ts <game id>, or the entry as JSON in $ARENA_GAME_ENTRY');
  return getGame(id);
}

const entry = entryFromEnvironment();
// Spawned before the raise, the game and its display keep ordinary priority; only the clock keeper jumps the queue.
raisePriority();
const backend: DesktopBackend = await DesktopBackend.create(entry, {
  onDeath: (err) => {
    process.stderr.write(`${err.code}: ${err.message}\n`);
    void backend.close().finally(() => process.exit(3));
  },
});
await runBackendProcess(backend, entry);
