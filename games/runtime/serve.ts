/** Serving a reference game: its simulation as a backend behind the shared GameLink server. */
import type { GameEntry } from '../../games-manifest/index.js';
import { runBackendProcess, serveBackend, type GameServer, type ServeOptions } from '../../game-host/index.js';
import { SimulationBackend } from './simulation-backend.js';
import type { GameDefinition } from './simulation.js';

/** Serves a reference game on host:port (port 0 = any free port) until closed. */
export function serveGame(def: GameDefinition, options: ServeOptions = {}): Promise<GameServer> {
  return serveBackend(new SimulationBackend(def), options);
}

/** Runs a reference game as its own process, following the launch contract (protocol/launch.ts). */
export function runGameProcess(def: GameDefinition, entry?: GameEntry): Promise<void> {
  return runBackendProcess(new SimulationBackend(def), entry);
}
