/** game-host: the GameLink server every game backend is served through (reference, desktop, RemoteInput). */
export type { BackendInfo, GameBackend, RenderedFrame, ResetOptions, Stretch, TrackedReport } from './backend.js';
export { serveBackend, runBackendProcess, type GameServer, type ServeOptions } from './server.js';
export { dialBackend, type DialedGame } from './dial.js';
export { launchDelay, withMapOpenDelay } from './load-delays.js';

export { convertFrame } from './convert-frame.js';
export { encodeFrame } from './encode-frame.js';
export { serveRemoteInput, REMOTE_INPUT_FIRST_LINE_TIMEOUT_MS, type RemoteInputServer } from './remote-input-server/server.js';

export { REMOTE_INPUT_BASE_PORT, defaultAxisName, defaultFKey } from './remote-input-server/key-map.js';
export { RemoteInputClient, type Screenshot, type ScoreReply } from './remote-input-build/client.js';
export { RemoteInputBackend, inputCommand } from './remote-input-build/backend.js';
export { driverOptions, type RemoteInputDriverOptions } from './remote-input-build/options.js';
export { checkImageBytes } from './remote-input-build/image-bytes.js';
export { DesktopBackend } from './desktop/desktop-backend.js';
