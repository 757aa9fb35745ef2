/**
 * The AgentLink endpoint: WebSocket connections at `/agent` that present a slot token in their hello and
 * are bound to that slot's RemoteAgent. Bad bytes, unknown tokens and taken slots get coded errors and a
 * coded close; nothing a client sends can reach another slot or stop a match.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  AGENT_LINK_VERSION,
  AgentMessage,
  ArenaError,
  ErrorCode,
  Limits,
  closeWithError,
  decodeMessage,
  guardServerSocket,
  messageBytes,
  messageSchema,
  refuseUpgrade,
  toArenaError,
} from '../../protocol/index.js';
import type { RemoteAgent } from './remote-agent.js';

const agentSpec = messageSchema(AgentMessage);
/** The path agents connect to. */
export const AGENT_PATH = '/agent';

export class AgentLinkServer {
  private readonly agents = new Map<string, RemoteAgent>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: Limits.maxAgentMessageBytes * 4 });
  private ownServer: Server | undefined;
  /** The HTTP server this link was attached to, when someone else owns it. */
  private shared: Server | undefined;
  /** How long a new connection may take to say hello, ms. */
  helloTimeoutMs = 10_000;

  private constructor(readonly url: string) {}

  /** Starts a server of its own on host:port (port 0 = any free port). */
  static async listen(options: { host?: string; port?: number } = {}): Promise<AgentLinkServer> {
    const host = options.host ?? '127.0.0.1';
    const server = createServer((_req, res) => {
      res.writeHead(404).end('AgentLink lives at ws://.../agent\n');
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, resolve);
    });
    const port = (server.address() as AddressInfo).port;
    const link = new AgentLinkServer(`ws://${host.includes(':') ? `[${host}]` : host}:${port}${AGENT_PATH}`);
    link.ownServer = server;
    server.on('upgrade', (req, socket, head) => link.handleUpgrade(req, socket, head));
    return link;
  }

  /** Serves AgentLink on an HTTP server someone else owns (arena serve). */
  static attach(server: Server, url: string): AgentLinkServer {
    const link = new AgentLinkServer(url);
    link.shared = server;
    server.on('upgrade', (req, socket, head) => link.handleUpgrade(req, socket, head));
    return link;
  }

  /** Makes a slot joinable with its agent's token. */
  register(agent: RemoteAgent): void {
    this.agents.set(agent.token, agent);
  }

  unregister(agent: RemoteAgent): void {
    this.agents.delete(agent.token);
  }

  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    const server = this.ownServer;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (req.url ?? '').split('?')[0];
    // An upgrade for any other path is answered and its socket destroyed, never left holding a descriptor;
    // on a shared server (`arena serve`) the other paths' owners are the listeners registered before this one.
    if (path !== AGENT_PATH) {
      if (this.ownServer || (this.shared?.listenerCount('upgrade') ?? 0) <= 1) refuseUpgrade(socket);
      return;
    }
    socket.on('error', () => undefined);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws));
  }

  private onConnection(ws: WebSocket): void {
    let agent: RemoteAgent | undefined;
    const guard = guardServerSocket(ws, this.helloTimeoutMs);
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      try {
        if (!isBinary) throw new ArenaError(ErrorCode.BAD_MESSAGE, 'AgentLink messages are binary msgpack');
        const msg = decodeMessage(messageBytes(data), agentSpec, Limits.maxAgentMessageBytes);
        if (!agent) {
          if (msg.type !== 'hello') throw new ArenaError(ErrorCode.BAD_STATE, `'${msg.type}' before hello`);
          if (msg.version !== AGENT_LINK_VERSION) throw new ArenaError(ErrorCode.VERSION_MISMATCH, `agent speaks AgentLink ${msg.version}, gateway ${AGENT_LINK_VERSION}`);
          const found = this.agents.get(msg.token);
          if (!found) throw new ArenaError(ErrorCode.BAD_TOKEN, 'no slot has this token');
          found.attach(ws, msg);
          agent = found;
          guard.helloDone();
          return;
        }
        switch (msg.type) {
          case 'hello':
            throw new ArenaError(ErrorCode.BAD_STATE, 'second hello');
          case 'action':
            agent.onAction(ws, msg);
            return;
          case 'bye':
            ws.close(1000, 'bye');
            return;
        }
      } catch (err) {
        closeWithError(ws, toArenaError(err));
      }
    });
  }
}
