/**
 * `arena serve`'s server: one node:http server on one port carrying the JSON API (`/api/...`), AgentLink for
 * remote agents (`/agent`), each running match's spectator stream (`/api/matches/ID/stream`, WebSocket) and
 * the web app. Loopback unless a token file is given; every call but `/api/health` and the app's files needs a
 * token.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { AGENT_PATH, AgentLinkServer } from '../gateway/index.js';
import { ArenaError, ErrorCode, closeCodeFor, toArenaError } from '../protocol/index.js';
import { Access } from './access.js';
import { BridgeRelay } from './bridge-relay.js';
import { sendError } from './http-util.js';
import type { JobKinds } from './job-kinds.js';
import { Jobs, SERVICE_STATE_DIR } from './jobs.js';
import { routeApi } from './routes.js';
import { profileFromQuery } from './spectator-profile.js';
import { serveStatic } from './static-files.js';

/** How to start a service. */
export interface ServiceOptions {
  /** Bind address (default 127.0.0.1). */
  readonly host?: string;
  /** Port (default 8080; 0 = any free port). */
  readonly port?: number;
  /** The main token: every mutating call and every read needs it (or a match's read token). */
  readonly token: string;
  /** Where match runs go and the service keeps its state (`<runs>/.serve/`). */
  readonly runsDir: string;
  readonly kinds: JobKinds;
  /** The built web app's directory; without it `/` answers 404. */
  readonly webDir?: string;
  /** Where log lines go (default stderr). */
  readonly log?: (line: string) => void;
}

/** Ends a spectator stream with a JSON error message and the code's close code. */
function refuseStream(ws: WebSocket, err: ArenaError): void {
  ws.send(JSON.stringify({ type: 'error', code: err.code, message: err.message }));
  ws.close(closeCodeFor(err.code), err.code);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** True when `host` binds only this machine. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host) || host.startsWith('127.');
}

/** One running service: its HTTP server, jobs, access rules, AgentLink and spectator streams. */
export class ArenaService {
  readonly jobs: Jobs;
  readonly access: Access;
  private agentLink: AgentLinkServer | undefined;
  private readonly spectators = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  /** Bridges that dialled in (`arena bridge --dial`) and the gateways paired with them. */
  readonly bridges = new BridgeRelay();
  private readonly server: Server;
  url = '';

  private constructor(readonly options: ServiceOptions) {
    const stateDir = join(options.runsDir, SERVICE_STATE_DIR);
    mkdirSync(stateDir, { recursive: true });
    const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
    this.jobs = new Jobs(options.kinds, options.runsDir, stateDir, () => this.agentLink!);
    this.access = new Access(options.token, (id) => this.jobs.store.get(id)?.readToken, join(stateDir, 'access.log'), log);
    this.access.isSomeReadToken = (token) => this.jobs.store.list().some((j) => j.readToken === token);
    this.server = createServer((req, res) => void this.onRequest(req, res));
    this.server.on('upgrade', (req, socket, head) => this.onUpgrade(req, socket, head));
  }

  /** Starts listening; refuses a non-loopback bind without a token of at least 16 characters. */
  static async start(options: ServiceOptions): Promise<ArenaService> {
    const host = options.host ?? '127.0.0.1';
    if (options.token.length < 16) throw new ArenaError(ErrorCode.BAD_CONFIG, 'the service token must have at least 16 characters');
    const service = new ArenaService(options);
    await new Promise<void>((resolve, reject) => {
      service.server.once('error', reject);
      service.server.listen(options.port ?? 8080, host, resolve);
    });
    const port = (service.server.address() as AddressInfo).port;
    const shown = host.includes(':') ? `[${host}]` : host;
    service.url = `http://${shown}:${port}`;
    service.agentLink = AgentLinkServer.attach(service.server, `ws://${shown}:${port}${AGENT_PATH}`);
    return service;
  }

  /** Stops every job (marked interrupted), closes every socket and the server. */
  async close(): Promise<void> {
    await this.jobs.stop();
    for (const ws of this.spectators.clients) ws.terminate();
    this.bridges.close();
    this.spectators.close();
    await this.agentLink?.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://service');
    try {
      if (url.pathname === '/api/bridges' && req.method === 'GET') {
        this.access.check(req, url, { kind: 'admin' });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ bridges: this.bridges.list() }));
        return;
      }
      if (url.pathname.startsWith('/api/')) {
        const runs = { runsDir: this.options.runsDir, workDir: join(this.jobs.stateDir, 'work'), jobs: () => new Map(this.jobs.store.list().map((j) => [j.id, j.kind])) };
        await routeApi(req, res, url, { jobs: this.jobs, access: this.access, runs });
        return;
      }
      if ((req.method === 'GET' || req.method === 'HEAD') && this.options.webDir && serveStatic(req, res, this.options.webDir, url.pathname)) return;
      throw new ArenaError(ErrorCode.NOT_FOUND, `nothing at ${url.pathname}`);
    } catch (err) {
      sendError(res, err);
    }
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://service');
    if (url.pathname === AGENT_PATH) return; // AgentLinkServer answers it.
    if (BridgeRelay.handles(url.pathname)) {
      this.bridges.upgrade(req, socket, head, () => this.access.check(req, url, { kind: 'admin' }));
      return;
    }
    const m = /^\/api\/([a-z-]+)\/([A-Za-z0-9._-]+)\/stream$/.exec(url.pathname);
    this.spectators.handleUpgrade(req, socket, head, (ws) => {
      try {
        if (!m) throw new ArenaError(ErrorCode.NOT_FOUND, `no stream at ${url.pathname}`);
        const kind = this.jobs.kindOf(m[1]!);
        const job = this.jobs.get(kind, m[2]!);
        this.access.check(req, url, { kind: 'read', jobId: job.id });
        const profile = profileFromQuery(url.searchParams);
        const hub = this.jobs.hub(job.id);
        if (!hub) throw new ArenaError(ErrorCode.BAD_STATE, `${job.id} is ${job.status}; only running jobs stream`);
        ws.on('message', () => refuseStream(ws, new ArenaError(ErrorCode.BAD_MESSAGE, 'a spectator stream is read-only')));
        hub.add(ws, profile);
      } catch (err) {
        refuseStream(ws, toArenaError(err));
      }
    });
  }
}
