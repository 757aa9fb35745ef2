/** env-bridge: the gateway's side of the wire: launching games (child processes, remote endpoints) and the GameLink client. */
export { GameClient, type GameClientOptions, type LinkStats, type StepReply } from './game-client.js';
export { BRIDGE_TOKEN_FILE_ENV, bridgeLink, type BridgeLink, readTokenFile } from './bridge-url.js';
export { type SpawnOptions, type StartedProcess, startGameProcess } from './process-driver.js';
export { type GameEndpoint, launchGame, type LaunchOptions, moduleCommand, PROJECT_ROOT } from './launch.js';
export { launchRemoteInput } from './launch-remote-input.js';
export { linkSummary, type LinkSummary } from './link-summary.js';
