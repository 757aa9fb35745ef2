/** env-bridge: the gateway's side of the wire: launching games (child processes, remote endpoints) and the GameLink client. */
export * from './game-client.js';
export * from './process-driver.js';
export * from './launch.js';
export { launchRemoteInput } from './launch-remote-input.js';
