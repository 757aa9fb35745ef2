/** game-host: the GameLink server every game backend is served through (reference, desktop, RemoteInput). */
export type * from './backend.js';
export { serveBackend, runBackendProcess, capabilitiesOf, type GameServer, type ServeOptions } from './server.js';
export { encodeFrame } from './encode-frame.js';
export { convertFrame } from './convert-frame.js';
