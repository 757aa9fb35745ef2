/**
 * The GameLink server: serves one game backend over WebSocket. Reference games, desktop games and
 * RemoteInput builds all reach the gateway through it, so they all speak exactly the same protocol.
 * One controlling client at a time; protocol errors close the socket with a coded reason, request errors
 * answer with an `error` message and keep it open.
 */
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { Limits, READY_PREFIX } from '../protocol/index.js';
import { getGame, type GameEntry } from '../games-manifest/index.js';
import type { GameBackend } from './backend.js';
import { Seat, type SeatOptions } from './seat.js';

export { capabilitiesOf } from './capabilities.js';

export interface GameServer {
  readonly port: number;
  close(): Promise<void>;
}

export interface ServeOptions extends SeatOptions {
  readonly host?: string;
  /** 0 = any free port. */
  readonly port?: number;
  /** The manifest entry to announce (default: the manifest's entry for the backend's id). */
  readonly entry?: GameEntry;
  /** Serve wss:// with this PEM certificate and key instead of ws://. */
  readonly tls?: { readonly cert: string | Buffer; readonly key: string | Buffer };
}

/** Serves a backend on host:port until closed. Each new controlling client shares the same backend. */
export async function serveBackend(backend: GameBackend, options: ServeOptions = {}): Promise<GameServer> {
  const entry = options.entry ?? getGame(backend.info.id);
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  let https: HttpsServer | undefined;
  let wss: WebSocketServer;
  if (options.tls) {
    const server = createHttpsServer({ cert: options.tls.cert, key: options.tls.key });
    https = server;
    wss = new WebSocketServer({ server, maxPayload: Limits.maxMessageBytes });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    // A client that fails the TLS handshake ends only its own connection.
    server.on('tlsClientError', () => undefined);
    server.on('error', () => undefined);
  } else {
    wss = new WebSocketServer({ host, port, maxPayload: Limits.maxMessageBytes });
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', resolve);
      wss.once('error', reject);
    });
  }
  const seat = new Seat(backend, entry, options);
  // Errors of the listening socket itself (and bad handshakes, which `ws` answers) must not end the process.
  wss.on('error', () => undefined);
  wss.on('connection', (ws) => seat.accept(ws));
  const address = (https ?? wss).address() as AddressInfo;
  return {
    port: address.port,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      if (https) {
        https.closeAllConnections();
        await new Promise<void>((resolve) => https.close(() => resolve()));
      }
      await seat.close();
      await backend.close();
    },
  };
}

/**
 * Runs a backend as its own process: serves on $ARENA_HOST:$ARENA_PORT, prints the ready line, and exits
 * when its parent closes stdin or sends SIGTERM, so no game outlives the gateway that started it.
 */
export async function runBackendProcess(backend: GameBackend, entry?: GameEntry): Promise<void> {
  const port = Number(process.env.ARENA_PORT ?? '0');
  const server = await serveBackend(backend, { host: process.env.ARENA_HOST ?? '127.0.0.1', port, ...(entry ? { entry } : {}) });
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ game: backend.info.id, port: server.port, pid: process.pid })}\n`);
  let exiting = false;
  const exit = (): void => {
    if (exiting) return;
    exiting = true;
    void server.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
  process.stdin.on('end', exit);
  process.stdin.on('close', exit);
  process.stdin.resume();
}
