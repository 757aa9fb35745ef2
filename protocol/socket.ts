/** Small helpers for sending link messages on a `ws` socket and closing it with a coded reason. */
import type { WebSocket } from 'ws';
import { encodeMessage, type LinkMessage } from './codec.js';
import type { ArenaError } from './errors.js';
import { closeCodeFor } from './errors.js';

/** Sends one message if the socket is open; returns false when it is not. */
export function sendMessage(ws: WebSocket, message: LinkMessage): boolean {
  if (ws.readyState !== ws.OPEN) return false;
  ws.send(encodeMessage(message), { binary: true });
  return true;
}

/** Reason text of a close frame is limited to 123 bytes by the WebSocket protocol. */
function closeReason(err: ArenaError): string {
  const text = `${err.code}: ${err.message}`;
  return Buffer.byteLength(text) <= 123 ? text : Buffer.from(text).subarray(0, 120).toString('utf8').replace(/\uFFFD+$/, '');
}

/** Sends an `error` message with the error's code, then closes with the matching close code. */
export function closeWithError(ws: WebSocket, err: ArenaError, id?: number): void {
  sendMessage(ws, { type: 'error', ...(id === undefined ? {} : { id }), code: err.code, message: err.message });
  if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(closeCodeFor(err.code), closeReason(err));
}

/** Bytes of a `ws` message event, whatever form ws delivered them in. */
export function messageBytes(data: Buffer | ArrayBuffer | Buffer[]): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return data;
}
