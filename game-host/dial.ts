/**
 * A served game that connects out instead of listening (`arena bridge --dial URL`), for a GPU host that
 * accepts no inbound connections: it dials a gateway's bridge endpoint (`arena serve`'s `/bridges/NAME/dial`),
 * which pairs the socket with a gateway; the game is served on it exactly as on an accepted one. A socket that
 * closes is replaced by a new dial, so a gateway that dropped finds its session again within the grace period.
 */
import { WebSocket } from 'ws';
import { Limits, heartbeat } from '../protocol/index.js';
import { getGame, type GameEntry } from '../games-manifest/index.js';
import type { GameBackend } from './backend.js';
import { Seat, type SeatOptions } from './seat.js';

export interface DialOptions extends SeatOptions {
  /** The manifest entry to announce (default: the manifest's entry for the backend's id). */
  readonly entry?: GameEntry;
  /** Sent as `Authorization: Bearer` on every dial (the serve endpoint's token). */
  readonly dialToken?: string;
  /** Pause before dialling again after a socket closed or a dial failed, ms (default 500). */
  readonly redialMs?: number;
}

/** A game dialling out until closed. */
export interface DialedGame {
  /** Resolves once the first dial got through. */
  readonly connected: Promise<void>;
  close(): Promise<void>;
}

/** Dials `url` and serves `backend` on every socket it gets, until closed. */
export function dialBackend(backend: GameBackend, url: string, options: DialOptions = {}): DialedGame {
  const entry = options.entry ?? getGame(backend.info.id);
  // A dialled socket waits for its gateway as long as it takes: the hello comes when one is paired with it.
  const seat = new Seat(backend, entry, { graceMs: 30_000, ...options, helloTimeoutMs: 2 ** 31 - 1 });
  const headers = options.dialToken === undefined ? undefined : { authorization: `Bearer ${options.dialToken}` };
  let closed = false;
  let current: WebSocket | undefined;
  let timer: NodeJS.Timeout | undefined;
  let firstConnect: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (firstConnect = resolve));
  const redial = (): void => {
    if (closed) return;
    timer = setTimeout(dial, options.redialMs ?? 500);
  };
  const dial = (): void => {
    timer = undefined;
    if (closed) return;
    const ws = new WebSocket(url, { maxPayload: Limits.maxMessageBytes, perMessageDeflate: false, handshakeTimeout: 5000, ...(headers ? { headers } : {}) });
    current = ws;
    ws.on('error', (err) => options.log?.(`dial ${url}: ${err.message}`));
    ws.once('unexpected-response', (_req, res) => {
      options.log?.(`dial ${url}: HTTP ${res.statusCode}`);
      ws.terminate();
    });
    ws.once('open', () => {
      firstConnect();
      heartbeat(ws, 1000, 5000);
      seat.accept(ws);
    });
    ws.once('close', (code, reason) => {
      if (code >= 4000) options.log?.(`dial ${url}: closed ${code} ${reason.toString()}`);
      redial();
    });
  };
  dial();
  return {
    connected,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      current?.terminate();
      await seat.close();
      await backend.close();
    },
  };
}
