/** game-host: the GameLink server every game backend is served through (reference, desktop, RemoteInput). */
export type { BackendInfo, EpisodeEndInfo, GameBackend, RenderedFrame, ResetOptions, Stretch, TrackedReport } from './backend.js';
export { serveBackend, runBackendProcess, capabilitiesOf, type GameServer, type ServeOptions } from './server.js';
export { dialBackend, type DialedGame, type DialOptions } from './dial.js';
export { launchDelay, withMapOpenDelay } from './load-delays.js';
export type { SeatOptions } from './seat.js';
export { encodeFrame } from './encode-frame.js';
export { convertFrame } from './convert-frame.js';
export { serveRemoteInput, REMOTE_INPUT_FIRST_LINE_TIMEOUT_MS, type RemoteInputServer, type RemoteInputServeOptions, type ServerStats as RemoteInputServerStats } from './remote-input-server/server.js';

export { REMOTE_INPUT_BASE_PORT, axisByUeName, defaultAxisName, defaultFKey, fkeyMap, controlByFKey, defaultMapName, mapKey, UE_GAMEPAD_AXES } from './remote-input-server/key-map.js';
export { RemoteInputClient, type RemoteInputClientOptions, type Screenshot, type ScoreReply, type JsonLine } from './remote-input-build/client.js';
export { RemoteInputBackend, inputCommand, type InputCommand } from './remote-input-build/backend.js';
export { driverOptions, type RemoteInputDriverOptions } from './remote-input-build/options.js';
export { checkImageBytes, type ImageFormat } from './remote-input-build/image-bytes.js';
export { DesktopBackend } from './desktop/desktop-backend.js';
