/** game-host: the GameLink server every game backend is served through (reference, desktop, RemoteInput). */
export type * from './backend.js';
export { serveBackend, runBackendProcess, capabilitiesOf, type GameServer, type ServeOptions } from './server.js';
export { encodeFrame } from './encode-frame.js';
export { convertFrame } from './convert-frame.js';
export { serveRemoteInput, type RemoteInputServer, type RemoteInputServeOptions } from './remote-input/server.js';
export { RemoteInputExtension, RemoteInputCommand } from './remote-input/wire.js';
export { REMOTE_INPUT_BASE_PORT, defaultFKey, fkeyMap, controlByFKey, defaultMapName, mapKey } from './remote-input/key-map.js';
