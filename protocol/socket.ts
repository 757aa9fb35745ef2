/** Small helpers for sending link messages on a `ws` socket and closing it with a coded reason. */
import { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { decodeMessageParts, encodeMessageParts, type LinkMessage, type MessageSchema } from './codec.js';
import type { ArenaError } from './errors.js';
import { closeCodeFor, ErrorCode } from './errors.js';
import { Limits } from './limits.js';

/**
 * Sends one message if the socket is open; returns false when it is not. A peer with more than
 * `maxBuffered` bytes already waiting has stopped reading: it is closed with SLOW_CONSUMER instead, so
 * what a socket owes stays bounded. A frame's bytes are sent as they are and held until written: the caller
 * must not change them before `written` is called (once the socket has written the message or failed to;
 * never when this returns false).
 */
export function sendMessage(ws: WebSocket, message: LinkMessage, maxBuffered: number = Limits.maxBufferedBytes, written?: () => void): boolean {
  if (ws.readyState !== ws.OPEN) return false;
  if (ws.bufferedAmount > maxBuffered) {
    ws.close(closeCodeFor(ErrorCode.SLOW_CONSUMER), `${ErrorCode.SLOW_CONSUMER}: over ${maxBuffered} bytes unread`);
    // A peer that reads nothing will not read the close frame either.
    setTimeout(() => ws.terminate(), 2_000).unref();
    return false;
  }
  // A large frame goes as the last fragment of the message, its own bytes (no copy); see encodeMessageParts.
  const parts = encodeMessageParts(message);
  const last = parts.length - 1;
  // The fragments go to the TCP socket in one write (one syscall, one wake-up of the peer) instead of one
  // each: ws writes each fragment's header and bytes under its own cork, which nests inside this one.
  const send = (): void => {
    for (let i = 0; i < last; i++) ws.send(parts[i]!, { binary: true, fin: false });
    // The callback of the last fragment comes once every fragment before it was written too.
    if (written) ws.send(parts[last]!, { binary: true, fin: true }, () => written());
    else ws.send(parts[last]!, { binary: true, fin: true });
  };
  if (last > 0) sendCorked(ws, send);
  else send();
  return true;
}

/**
 * Runs `send` (which sends several messages: a request's whole answer) with the socket's TCP transport
 * corked, so they leave in one write and wake the peer once, not once each. Synchronous on purpose: nothing
 * else waits behind the cork (a pong, a message of another request).
 */
export function sendCorked(ws: WebSocket | undefined, send: () => void): void {
  const socket = ws && ws.readyState === ws.OPEN ? transportOf(ws) : undefined;
  socket?.cork();
  try {
    send();
  } finally {
    socket?.uncork();
  }
}

/** The TCP socket under a `ws` socket (ws keeps it as `_socket`; absent before it opens and after it closes). */
function transportOf(ws: WebSocket): { cork(): void; uncork(): void } | undefined {
  const socket = (ws as unknown as { _socket?: unknown })._socket;
  return socket instanceof Duplex ? socket : undefined;
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
  if (Array.isArray(data)) return data.length === 1 ? data[0]! : Buffer.concat(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return data;
}

/**
 * Decodes a `ws` message event's data as one link message. A socket whose `binaryType` is `fragments` hands
 * over a message's fragments as they came: a large frame sent by `sendMessage` is then decoded without being
 * joined into a new buffer (decodeMessageParts).
 */
export function decodeMessageData<T>(data: Buffer | ArrayBuffer | Buffer[], spec: MessageSchema<T>, maxBytes?: number): T {
  return Array.isArray(data) ? decodeMessageParts(data, spec, maxBytes) : decodeMessageParts([messageBytes(data)], spec, maxBytes);
}
