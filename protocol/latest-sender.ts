/**
 * Frames to a consumer that may read slower than they come: sent at once while little is buffered, else only
 * the newest per key (slot) waits and every one it replaces counts as dropped. DESIGN.md's "the newest frame,
 * not a growing queue", enforced at the socket.
 */
import type { WebSocket } from 'ws';
import { Limits } from './limits.js';
import { sendMessage } from './socket.js';
import type { LinkMessage } from './codec.js';

/** How often held frames are retried while the socket's buffer drains, ms. */
const DRAIN_POLL_MS = 10;

/** Sends frames on one socket, keeping only the newest per key while the peer is behind. */
export class LatestSender {
  /** Frames replaced by a newer one before they could be sent. */
  dropped = 0;
  private readonly waiting = new Map<number, LinkMessage>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly highWaterBytes: number = Limits.frameHighWaterBytes,
  ) {
    ws.once('close', () => this.clear());
  }

  /** Frames held back now. */
  get held(): number {
    return this.waiting.size;
  }

  /** Sends `message` now when the socket is not behind, else holds it as the newest for `key`. */
  send(key: number, message: LinkMessage): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.waiting.size === 0 && this.ws.bufferedAmount < this.highWaterBytes) {
      sendMessage(this.ws, message);
      return;
    }
    if (this.waiting.has(key)) this.dropped += 1;
    // Re-inserted so that keys go out in the order of their newest frame.
    this.waiting.delete(key);
    this.waiting.set(key, message);
    this.timer ??= setTimeout(() => this.flush(), DRAIN_POLL_MS);
  }

  /** Forgets held frames (the socket closed, or what they showed is stale). */
  clear(): void {
    this.waiting.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private flush(): void {
    this.timer = undefined;
    if (this.ws.readyState !== this.ws.OPEN) return this.clear();
    for (const [key, message] of this.waiting) {
      if (this.ws.bufferedAmount >= this.highWaterBytes) break;
      this.waiting.delete(key);
      sendMessage(this.ws, message);
    }
    if (this.waiting.size > 0) this.timer = setTimeout(() => this.flush(), DRAIN_POLL_MS);
  }
}
