/**
 * Guards every socket a server accepts: an `error` path (a malformed frame then ends only that socket, never
 * the process), a deadline from accept to hello (a silent connection cannot hold a seat), and a refusal for
 * upgrades nobody serves (answered and destroyed, never left open).
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { ArenaError, ErrorCode } from './errors.js';
import { closeWithError } from './socket.js';

/** How long an accepted connection may take to send its hello, ms, unless a server says otherwise. */
export const DEFAULT_HELLO_TIMEOUT_MS = 10_000;
/** How long a socket closed with a coded reason may take to finish its close handshake before it is cut, ms. */
const CLOSE_GRACE_MS = 2_000;

/** What {@link guardServerSocket} returns: call `helloDone` once the hello arrived. */
export interface SocketGuard {
  helloDone(): void;
}

/**
 * Arms an accepted WebSocket: errors (protocol violations `ws` detects, resets) end only this socket, and
 * without a hello within `helloTimeoutMs` it is closed with BAD_STATE and cut if it does not close.
 */
export function guardServerSocket(ws: WebSocket, helloTimeoutMs: number = DEFAULT_HELLO_TIMEOUT_MS): SocketGuard {
  ws.on('error', () => {
    // `ws` has already failed the connection with the matching close code (1002, 1007, 1009...); cut what remains.
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
  });
  const timer = setTimeout(() => {
    closeWithError(ws, new ArenaError(ErrorCode.BAD_STATE, `no hello within ${helloTimeoutMs} ms`));
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
  }, helloTimeoutMs);
  timer.unref();
  ws.once('close', () => clearTimeout(timer));
  return { helloDone: () => clearTimeout(timer) };
}

/** Closes a socket with a coded error and cuts it if its peer does not finish the close in time. */
export function refuseSocket(ws: WebSocket, err: ArenaError): void {
  closeWithError(ws, err);
  setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
}

/** Answers an HTTP upgrade nobody serves (404 by default) and destroys its socket. */
export function refuseUpgrade(socket: Duplex, status = 404, text = 'Not Found'): void {
  socket.on('error', () => undefined);
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}
