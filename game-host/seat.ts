/**
 * The one controlling seat of a served game: reads each new socket's hello, checks its token, and gives it
 * the game, takes an earlier session back for it, or refuses it. On a resumable server (`arena bridge`) a
 * session outlives its socket for a grace period, during which only its own gateway (by its `resume` id)
 * may take the seat.
 */
import type { WebSocket } from 'ws';
import {
  ArenaError,
  ErrorCode,
  GAME_LINK_VERSION,
  closeWithError,
  decodeMessage,
  guardServerSocket,
  heartbeat,
  messageBytes,
  refuseSocket,
  sameToken,
  toArenaError,
  type ClientHello,
} from '../protocol/index.js';
import type { GameEntry } from '../games-manifest/index.js';
import type { z } from 'zod';
import type { GameBackend } from './backend.js';
import { clientSpec, MAX_CLIENT_MESSAGE, Session } from './session.js';

/** How a seat admits gateways. */
export interface SeatOptions {
  /** The token a hello must carry; without one, any hello is admitted (loopback use). */
  readonly token?: string;
  /** Keep a dropped session this long for its gateway, ms; 0 (default) = sessions end with their socket. */
  readonly graceMs?: number;
  /** How long a new connection may take to say hello, ms (default 10 s). */
  readonly helloTimeoutMs?: number;
  /** Resumable seats ping their gateway this often and cut it after `deadMs` without a pong (default 1 s / 5 s). */
  readonly heartbeat?: { readonly intervalMs: number; readonly deadMs: number };
  /** Told about admissions, refusals and drops (the bridge's log). */
  readonly log?: (line: string) => void;
}

/** The seat of one backend. */
export class Seat {
  private session: Session | undefined;
  /** The socket holding the seat on a plain (not resumable) server. */
  private controller: WebSocket | undefined;
  private grace: NodeJS.Timeout | undefined;
  private readonly resumable: boolean;

  constructor(
    private readonly backend: GameBackend,
    private readonly entry: GameEntry,
    private readonly options: SeatOptions = {},
  ) {
    this.resumable = (options.graceMs ?? 0) > 0;
  }

  /** Takes a new socket: its first message must be a hello this seat admits. */
  accept(ws: WebSocket): void {
    const guard = guardServerSocket(ws, this.options.helloTimeoutMs);
    if (!this.resumable) {
      if (this.controller && this.controller.readyState === this.controller.OPEN) {
        refuseSocket(ws, new ArenaError(ErrorCode.BAD_STATE, 'this game already has a controlling client'));
        return;
      }
      this.controller = ws;
    }
    ws.once('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      try {
        if (!isBinary) throw new ArenaError(ErrorCode.BAD_MESSAGE, 'GameLink messages are binary msgpack');
        const msg = decodeMessage(messageBytes(data), clientSpec, MAX_CLIENT_MESSAGE);
        if (msg.type !== 'hello') throw new ArenaError(ErrorCode.BAD_STATE, `'${msg.type}' before hello`);
        if (msg.version !== GAME_LINK_VERSION) {
          throw new ArenaError(ErrorCode.VERSION_MISMATCH, `client speaks GameLink ${msg.version}, this game speaks ${GAME_LINK_VERSION}`);
        }
        this.admit(ws, msg, guard);
      } catch (err) {
        const e = toArenaError(err);
        this.options.log?.(`refused a gateway: ${e.code}: ${e.message}`);
        closeWithError(ws, e);
      }
    });
  }

  /** Ends the session (the server is closing). */
  async close(): Promise<void> {
    if (this.grace) clearTimeout(this.grace);
    await this.session?.dispose();
    this.session = undefined;
  }

  private admit(ws: WebSocket, hello: z.infer<typeof ClientHello>, guard: { helloDone(): void }): void {
    if (this.options.token !== undefined && !sameToken(hello.token, this.options.token)) {
      throw new ArenaError(ErrorCode.UNAUTHORIZED, hello.token === undefined ? 'this bridge needs a token in the hello' : 'wrong token');
    }
    const current = this.session;
    if (!this.resumable) {
      // A plain server: a session per socket, as it always was.
      const session = new Session(this.backend, this.entry, { resumable: false, graceMs: 0, onDetached: () => undefined });
      session.attach(ws, hello, guard);
      return;
    }
    if (hello.resume !== undefined) {
      if (current?.id !== hello.resume) throw new ArenaError(ErrorCode.BAD_STATE, `no session '${hello.resume}' here (its grace period ended, or the bridge restarted)`);
      this.clearGrace();
      this.options.log?.(`gateway took its session back${current.attached ? ' (its old link was still open; cut)' : ''}`);
      this.watch(ws);
      current.attach(ws, hello, guard);
      return;
    }
    if (current && (current.attached || this.grace)) {
      throw new ArenaError(ErrorCode.BAD_STATE, current.attached ? 'this bridge already has a controlling gateway' : 'this bridge keeps its session for a gateway that dropped; try again after its grace period');
    }
    void current?.dispose();
    const session = new Session(this.backend, this.entry, { resumable: true, graceMs: this.options.graceMs ?? 0, onDetached: (s, finished) => this.detached(s, finished) });
    this.session = session;
    this.options.log?.('gateway connected');
    this.watch(ws);
    session.attach(ws, hello, guard);
  }

  private watch(ws: WebSocket): void {
    const beat = this.options.heartbeat ?? { intervalMs: 1000, deadMs: 5000 };
    heartbeat(ws, beat.intervalMs, beat.deadMs);
  }

  private detached(session: Session, finished: boolean): void {
    if (session !== this.session) return;
    if (finished) {
      this.session = undefined;
      this.options.log?.('gateway said bye (or broke the protocol); the seat is free');
      return;
    }
    const graceMs = this.options.graceMs ?? 0;
    this.options.log?.(`gateway dropped; its session waits ${graceMs} ms for it, paused`);
    this.clearGrace();
    this.grace = setTimeout(() => {
      this.grace = undefined;
      if (this.session !== session || session.attached) return;
      this.session = undefined;
      this.options.log?.('grace period over; the seat is free');
      void session.dispose();
    }, graceMs);
    this.grace.unref();
  }

  private clearGrace(): void {
    if (this.grace) clearTimeout(this.grace);
    this.grace = undefined;
  }
}
