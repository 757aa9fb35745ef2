/**
 * Frames to a consumer that may read slower than they come: sent at once while little is buffered, else only
 * the newest per key (slot) waits and every one it replaces counts as dropped. DESIGN.md's "the newest frame,
 * not a growing queue", enforced at the socket. A frame may be lent: its bytes go out as they are, and it is
 * given back once the socket no longer needs them, so a sender can reuse its buffers without copying a frame.
 */
import type { WebSocket } from 'ws';
import { Limits } from './limits.js';
import { sendMessage } from './socket.js';
import type { LinkMessage } from './codec.js';

/** How often held frames are retried while the socket's buffer drains, ms. */
const DRAIN_POLL_MS = 10;

/** A frame waiting for the socket, with what gives its bytes back. */
interface Held {
  readonly message: LinkMessage;
  readonly release: (() => void) | undefined;
}

/** Sends frames on one socket, keeping only the newest per key while the peer is behind. */
export class LatestSender {
  /** Frames replaced by a newer one before they could be sent. */
  dropped = 0;
  private readonly waiting = new Map<number, Held>();
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

  /**
   * Sends `message` now when the socket is not behind, else holds it as the newest for `key`. `release`, when
   * given, is called once the socket is done with the message's bytes (written or failed, replaced by a newer
   * frame, cleared, or never sent because the socket is not open); until then the caller must not change them.
   */
  send(key: number, message: LinkMessage, release?: () => void): void {
    if (this.ws.readyState !== this.ws.OPEN) return release?.();
    if (this.waiting.size === 0 && this.ws.bufferedAmount < this.highWaterBytes) return this.sendNow({ message, release });
    const replaced = this.waiting.get(key);
    if (replaced) {
      this.dropped += 1;
      replaced.release?.();
    }
    // Re-inserted so that keys go out in the order of their newest frame.
    this.waiting.delete(key);
    this.waiting.set(key, { message, release });
    this.timer ??= setTimeout(() => this.flush(), DRAIN_POLL_MS);
  }

  /** Forgets held frames, giving back those lent (the socket closed, or what they showed is stale). */
  clear(): void {
    const held = [...this.waiting.values()];
    this.waiting.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const h of held) h.release?.();
  }

  private sendNow(held: Held): void {
    if (!sendMessage(this.ws, held.message, undefined, held.release)) held.release?.();
  }

  private flush(): void {
    this.timer = undefined;
    if (this.ws.readyState !== this.ws.OPEN) return this.clear();
    for (const [key, held] of this.waiting) {
      if (this.ws.bufferedAmount >= this.highWaterBytes) break;
      this.waiting.delete(key);
      this.sendNow(held);
    }
    if (this.waiting.size > 0) this.timer = setTimeout(() => this.flush(), DRAIN_POLL_MS);
  }
}
