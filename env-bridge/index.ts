/** env-bridge: turns a running game into a GameLink endpoint the gateway can drive. */
export * from './game-client.js';
export * from './process-driver.js';
export * from './launch.js';
export { RemoteInputClient, type RemoteInputClientOptions, type Screenshot, type ScoreReply, type JsonLine } from './remote-input/client.js';
export { RemoteInputBackend } from './remote-input/backend.js';
export { driverOptions, type RemoteInputDriverOptions } from './remote-input/options.js';
export { launchRemoteInput } from './remote-input/launch-remote-input.js';
export { checkImageBytes, type ImageFormat } from './remote-input/image-bytes.js';
export { runGameLinkConformance, type GameLinkConformanceOptions } from './conformance/game-link.js';
export { runRemoteInputConformance, type RemoteInputConformanceOptions } from './conformance/remote-input.js';
export { formatResult, type CheckResult, type CheckStatus } from './conformance/checks.js';
