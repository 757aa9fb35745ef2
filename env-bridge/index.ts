/** env-bridge: the gateway's side of the wire: launching games (child processes, remote endpoints) and the GameLink client. */
export { GameClient, type StepReply } from './game-client.js';
export { bridgeLink, readTokenFile } from './bridge-url.js';
export { type StartedProcess, startGameProcess } from './process-driver.js';
export { type GameEndpoint, launchGame, type LaunchOptions, moduleCommand, PROJECT_ROOT } from './launch.js';
export { linkSummary } from './link-summary.js';
