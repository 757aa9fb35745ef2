/**
 * `arena serve`'s bridge endpoint: a GPU host that accepts no inbound connections runs `arena bridge --dial
 * ws://SERVICE/bridges/NAME/dial`; a gateway then plays it at `ws://SERVICE/bridges/NAME` (`arena match --env`).
 * Each bridge socket waits until one gateway socket is paired with it; from then on every message is passed
 * through unchanged both ways (the bridge itself checks the hello's token and keeps the session), and either
 * side closing closes the other. Both sides need the service's main token.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ArenaError, CloseCode, ErrorCode, Limits, closeCodeFor, heartbeat, type ArenaError as Err } from '../protocol/index.js';

/** The path prefix of the bridge endpoint. */
export const BRIDGES_PATH = '/bridges/';
const NAME = /^\/bridges\/([A-Za-z0-9._-]{1,64})(\/dial)?$/;

/** A connected bridge, as `GET /api/bridges` lists it. */
export interface BridgeInfo {
  readonly name: string;
  /** True while a gateway is paired with it. */
  readonly paired: boolean;
  readonly since: string;
}

interface Dialled {
  readonly ws: WebSocket;
  peer: WebSocket | undefined;
  readonly since: string;
}

function refuse(ws: WebSocket, err: Err): void {
  ws.close(closeCodeFor(err.code), `${err.code}: ${err.message}`.slice(0, 120));
  setTimeout(() => ws.terminate(), 2000).unref();
}

/** Passes one side's close on to the other, with its own code when it is one a peer may send. */
function closeCode(code: number): number {
  return code === 1000 || (code >= 3000 && code <= 4999) ? code : CloseCode.GOING_AWAY;
}

/** The bridges dialled in, by name, and the pairs in use. */
export class BridgeRelay {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: Limits.maxMessageBytes, perMessageDeflate: false });
  private readonly bridges = new Map<string, Dialled>();

  /** True when `pathname` is the relay's. */
  static handles(pathname: string): boolean {
    return pathname.startsWith(BRIDGES_PATH);
  }

  /** Takes an upgrade whose token the caller has checked (`check` throws to refuse it). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, check: () => void): void {
    const url = new URL(req.url ?? '/', 'http://service');
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      try {
        check();
        const m = NAME.exec(url.pathname);
        if (!m) throw new ArenaError(ErrorCode.NOT_FOUND, `no bridge endpoint at ${url.pathname}; bridges dial /bridges/NAME/dial, gateways /bridges/NAME`);
        if (m[2]) this.dialled(m[1]!, ws);
        else this.gateway(m[1]!, ws);
      } catch (err) {
        refuse(ws, err instanceof ArenaError ? err : new ArenaError(ErrorCode.INTERNAL, String(err)));
      }
    });
  }

  /** The bridges connected now. */
  list(): BridgeInfo[] {
    return [...this.bridges].map(([name, d]) => ({ name, paired: d.peer !== undefined, since: d.since }));
  }

  close(): void {
    for (const ws of this.wss.clients) ws.terminate();
    this.bridges.clear();
    this.wss.close();
  }

  private dialled(name: string, ws: WebSocket): void {
    if (this.bridges.has(name)) throw new ArenaError(ErrorCode.SLOT_TAKEN, `a bridge named '${name}' is already connected`);
    const entry: Dialled = { ws, peer: undefined, since: new Date().toISOString() };
    this.bridges.set(name, entry);
    heartbeat(ws, 1000, 5000);
    ws.on('error', () => undefined);
    ws.once('close', () => {
      if (this.bridges.get(name) === entry) this.bridges.delete(name);
    });
  }

  private gateway(name: string, ws: WebSocket): void {
    const bridge = this.bridges.get(name);
    if (!bridge) throw new ArenaError(ErrorCode.NOT_FOUND, `no bridge named '${name}' is connected`);
    if (bridge.peer) throw new ArenaError(ErrorCode.SLOT_TAKEN, `bridge '${name}' already has a gateway`);
    bridge.peer = ws;
    ws.on('error', () => undefined);
    heartbeat(ws, 1000, 5000);
    const pass = (from: WebSocket, to: WebSocket): void => {
      from.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
        if (to.readyState === to.OPEN) to.send(data, { binary: isBinary });
      });
      from.once('close', (code: number, reason: Buffer) => {
        if (to.readyState === to.OPEN || to.readyState === to.CONNECTING) to.close(closeCode(code), reason.toString().slice(0, 120));
        setTimeout(() => to.terminate(), 2000).unref();
      });
    };
    pass(ws, bridge.ws);
    pass(bridge.ws, ws);
  }
}
