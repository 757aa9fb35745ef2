/**
 * The GameLink server: serves one game backend over WebSocket. Reference games, desktop games and
 * RemoteInput builds all reach the gateway through it, so they all speak exactly the same protocol.
 * One controlling client at a time; protocol errors close the socket with a coded reason, request errors
 * answer with an `error` message and keep it open.
 */
import { WebSocketServer, type WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import {
  ArenaError,
  ClientMessage,
  ErrorCode,
  GAME_LINK_VERSION,
  LatestSender,
  Limits,
  READY_PREFIX,
  canonicalControl,
  checkFrameFits,
  closeWithError,
  decodeMessage,
  guardServerSocket,
  messageBytes,
  messageSchema,
  refuseSocket,
  sendMessage,
  toArenaError,
  wireButtons,
  type SocketGuard,
  type Capabilities,
  type FrameEncoding,
  type GameEvent,
  type GameMessage,
  type InputEvent,
  type MouseButton,
} from '../protocol/index.js';
import { getGame, type GameEntry } from '../games-manifest/index.js';
import type { EpisodeEndInfo, GameBackend } from './backend.js';
import { convertFrame } from './convert-frame.js';
import { FreeRun } from './free-run.js';

const clientSpec = messageSchema(ClientMessage);
/** Largest message a client may send a game: input schedules, never frames. */
const MAX_CLIENT_MESSAGE = 1024 * 1024;

interface FrameSpec {
  width: number;
  height: number;
  encoding: FrameEncoding;
  quality: number;
}

export interface GameServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Capabilities announced in the hello, from the backend and the game's manifest entry. */
export function capabilitiesOf(backend: GameBackend, entry: GameEntry): Capabilities {
  const info = backend.info;
  return {
    frameSizes: [entry.frame],
    encodings: ['rgb', 'jpeg', 'png'],
    slots: info.slots.map((s) => ({ slot: s.slot, team: s.team })),
    controls: entry.controls,
    clock: { pause: true, exactAdvance: info.exactAdvance, timeScale: info.timeScale, tickMs: info.tickMs },
    privilegedState: info.privilegedState,
    variants: [...info.variants],
  };
}

/** One client connection's session with the game. */
class Session {
  private helloDone = false;
  private privileged = false;
  private perception = false;
  private hasEpisode = false;
  private endSent = false;
  private slots: number[] = [];
  private frame: FrameSpec = { width: 640, height: 360, encoding: 'rgb', quality: 85 };
  private readonly seq = new Map<number, number>();
  private realtime: FreeRun | undefined;
  private queue: Promise<void> = Promise.resolve();
  /** The game's mouse buttons by their wire names. */
  private readonly buttons: ReadonlySet<MouseButton>;
  /** Frames of a running game: only the newest per slot waits while the client is behind. */
  private readonly frames: LatestSender;

  constructor(
    private readonly ws: WebSocket,
    private readonly backend: GameBackend,
    private readonly entry: GameEntry,
    private readonly guard: SocketGuard,
  ) {
    this.frame = { ...this.frame, ...entry.frame };
    this.buttons = new Set(wireButtons(entry.controls.buttons));
    this.frames = new LatestSender(ws);
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      // Messages are handled strictly in order: each waits for the previous one's frames to be sent.
      this.queue = this.queue.then(() => this.onMessage(messageBytes(data), isBinary)).catch((err: unknown) => {
        closeWithError(this.ws, toArenaError(err));
      });
    });
    ws.on('close', () => void this.realtime?.stop());
  }

  private async onMessage(bytes: Uint8Array, isBinary: boolean): Promise<void> {
    if (!isBinary) throw new ArenaError(ErrorCode.BAD_MESSAGE, 'GameLink messages are binary msgpack');
    const msg = decodeMessage(bytes, clientSpec, MAX_CLIENT_MESSAGE);
    if (!this.helloDone && msg.type !== 'hello') throw new ArenaError(ErrorCode.BAD_STATE, `'${msg.type}' before hello`);
    const id = 'id' in msg ? msg.id : undefined;
    try {
      await this.handle(msg);
    } catch (err) {
      const e = toArenaError(err);
      // Request-level errors keep the link; anything else closes it.
      if (id !== undefined && isRequestError(e.code)) this.send({ type: 'error', id, code: e.code, message: e.message });
      else throw e;
    }
  }

  private async handle(msg: ClientMessage): Promise<void> {
    switch (msg.type) {
      case 'hello': {
        if (this.helloDone) throw new ArenaError(ErrorCode.BAD_STATE, 'second hello');
        if (msg.version !== GAME_LINK_VERSION) {
          throw new ArenaError(ErrorCode.VERSION_MISMATCH, `client speaks GameLink ${msg.version}, this game speaks ${GAME_LINK_VERSION}`);
        }
        this.helloDone = true;
        this.guard.helloDone();
        this.privileged = msg.privileged && this.backend.info.privilegedState;
        this.perception = msg.perception === true && this.backend.drainTracked !== undefined;
        this.send({
          type: 'hello',
          version: GAME_LINK_VERSION,
          game: this.backend.info.id,
          build: this.backend.info.build,
          capabilities: capabilitiesOf(this.backend, this.entry),
        });
        return;
      }
      case 'reset': {
        await this.stopRealtime();
        const info = this.backend.info;
        if (!info.variants.includes(msg.variant)) {
          throw new ArenaError(ErrorCode.UNKNOWN_VARIANT, `no variant '${msg.variant}'; variants: ${info.variants.join(', ')}`);
        }
        const known = new Set(info.slots.map((s) => s.slot));
        const bad = msg.slots.find((s) => !known.has(s));
        if (bad !== undefined) throw new ArenaError(ErrorCode.BAD_SLOT, `this game has no slot ${bad}`);
        checkFrameFits(msg.frame.width, msg.frame.height);
        this.slots = [...new Set(msg.slots)];
        this.frame = { width: msg.frame.width, height: msg.frame.height, encoding: msg.frame.encoding, quality: msg.frame.quality ?? 85 };
        await this.backend.reset({ seed: msg.seed, variant: msg.variant, slots: this.slots, width: msg.frame.width, height: msg.frame.height, perception: this.perception });
        this.hasEpisode = true;
        this.endSent = false;
        this.seq.clear();
        await this.report([], undefined, this.slots);
        this.done(msg.id, 0, 0);
        return;
      }
      case 'advance': {
        this.requireEpisode();
        if (this.realtime) throw new ArenaError(ErrorCode.BAD_STATE, 'advance while running freely; pause first');
        const inputs = this.checkInputs(msg.inputs);
        this.checkSlots(msg.frames);
        if (this.backend.ended) throw new ArenaError(ErrorCode.BAD_STATE, 'the episode has ended; reset first');
        const result = await this.backend.advance(msg.ms, inputs);
        await this.report(result.events, result.end, msg.frames);
        this.done(msg.id, result.requestedMs, result.actualMs);
        return;
      }
      case 'observe': {
        this.requireEpisode();
        this.checkSlots(msg.frames);
        await this.sendFrames(msg.frames);
        this.done(msg.id, 0, 0);
        return;
      }
      case 'resume': {
        this.requireEpisode();
        this.checkSlots(msg.frames);
        if (this.realtime) throw new ArenaError(ErrorCode.BAD_STATE, 'already running');
        if (msg.timeScale !== 1 && !this.backend.info.timeScale) throw new ArenaError(ErrorCode.BAD_STATE, 'this game runs only at time scale 1');
        const run = new FreeRun(this.backend, msg.fps, (r, frameDue) => this.report(r.events, r.end, frameDue ? msg.frames : []));
        this.realtime = run;
        await run.start(msg.timeScale);
        this.done(msg.id, 0, 0);
        return;
      }
      case 'pause': {
        this.requireEpisode();
        const ran = await this.stopRealtime();
        this.send({ type: 'done', id: msg.id, simMs: this.backend.simMs, requestedMs: 0, actualMs: ran, ended: this.backend.ended });
        return;
      }
      case 'input': {
        this.requireEpisode();
        const inputs = this.checkInputs(msg.inputs);
        if (!this.realtime) throw new ArenaError(ErrorCode.BAD_STATE, "'input' is for a running game; use advance while paused");
        await this.backend.input(inputs);
        return;
      }
      case 'bye':
        await this.stopRealtime();
        this.ws.close(1000, 'bye');
        return;
    }
  }

  private async stopRealtime(): Promise<number> {
    const loop = this.realtime;
    this.realtime = undefined;
    const ran = loop ? await loop.stop() : 0;
    // Frames still held from the run are stale once it stopped; the pause's `done` must not overtake them.
    this.frames.clear();
    return ran;
  }

  private requireEpisode(): void {
    if (!this.hasEpisode) throw new ArenaError(ErrorCode.BAD_STATE, 'no episode yet; send reset first');
  }

  private checkSlots(slots: readonly number[]): void {
    const bad = slots.find((s) => !this.slots.includes(s));
    if (bad !== undefined) throw new ArenaError(ErrorCode.BAD_SLOT, `slot ${bad} is not in this episode`);
  }

  /**
   * Checks inputs against the game's controls (keys by the case rule, buttons by their wire names, mouse axes)
   * and returns them with every key in the control set's own spelling, so backends compare names exactly.
   */
  private checkInputs(inputs: readonly InputEvent[]): InputEvent[] {
    this.checkSlots(inputs.map((i) => i.slot));
    const { controls } = this.entry;
    return inputs.map((input) => {
      switch (input.type) {
        case 'key': {
          const key = canonicalControl(input.key, controls.keys);
          if (key === undefined) throw new ArenaError(ErrorCode.BAD_INPUT, `'${input.key}' is not a control of ${this.entry.id}`);
          return key === input.key ? input : { ...input, key };
        }
        case 'button':
          if (!this.buttons.has(input.button)) throw new ArenaError(ErrorCode.BAD_INPUT, `mouse button '${input.button}' is not a control of ${this.entry.id}`);
          return input;
        case 'move':
          if (controls.move === undefined) throw new ArenaError(ErrorCode.BAD_INPUT, `${this.entry.id} takes no moves`);
          return input;
        case 'look':
          if ((input.dx !== 0 && !controls.mouseAxes.includes('x')) || (input.dy !== 0 && !controls.mouseAxes.includes('y'))) {
            throw new ArenaError(ErrorCode.BAD_INPUT, `${this.entry.id} has no such mouse axis`);
          }
          return input;
      }
    });
  }

  /** Sends, in order: events, tracked state (clients that asked), progress, state (privileged clients only), the episode end, frames. */
  private async report(events: readonly GameEvent[], end: EpisodeEndInfo | undefined, frames: readonly number[]): Promise<void> {
    const simMs = this.backend.simMs;
    for (const ev of events) this.send(ev);
    if (this.perception) for (const t of this.backend.drainTracked?.() ?? []) this.send({ type: 'tracked', simMs: t.simMs, tracked: { ...t.tracked }, events: [...t.events] });
    this.send({ type: 'progress', simMs, players: [...this.backend.progress()] });
    if (this.privileged) this.send({ type: 'state', simMs, state: this.backend.state() });
    if (end && !this.endSent) {
      this.endSent = true;
      this.send({ type: 'episode_end', simMs, reason: end.reason, outcomes: [...end.outcomes] });
    }
    await this.sendFrames(frames);
  }

  private async sendFrames(slots: readonly number[]): Promise<void> {
    const { width, height, encoding, quality } = this.frame;
    for (const slot of slots) {
      // The encoder copies the frame into the message at once, so a backend may reuse its buffer.
      const frame = await convertFrame(await this.backend.render(slot, width, height), width, height, encoding, quality);
      const seq = this.seq.get(slot) ?? 0;
      this.seq.set(slot, seq + 1);
      const message: GameMessage = { type: 'frame', slot, simMs: this.backend.simMs, seq, width, height, encoding, data: frame.data };
      // A running game does not wait for its client: a frame the client is too slow for is replaced by the
      // next (a gap in `seq`). Requested frames (paused clock) go out in order, before their `done`.
      if (this.realtime) this.frames.send(slot, message);
      else this.send(message);
    }
  }

  /** Sends one game-to-gateway message. */
  private send(message: GameMessage): void {
    sendMessage(this.ws, message);
  }

  private done(id: number, requestedMs: number, actualMs: number): void {
    this.send({ type: 'done', id, simMs: this.backend.simMs, requestedMs, actualMs, ended: this.backend.ended });
  }
}

function isRequestError(code: string): boolean {
  return code === ErrorCode.UNKNOWN_VARIANT || code === ErrorCode.BAD_CONFIG || code === ErrorCode.BAD_SLOT || code === ErrorCode.BAD_INPUT || code === ErrorCode.BAD_STATE;
}

export interface ServeOptions {
  readonly host?: string;
  /** 0 = any free port. */
  readonly port?: number;
  /** The manifest entry to announce (default: the manifest's entry for the backend's id). */
  readonly entry?: GameEntry;
  /** How long a new connection may take to say hello, ms (default 10 s). */
  readonly helloTimeoutMs?: number;
}

/** Serves a backend on host:port until closed. Each new controlling client shares the same backend. */
export async function serveBackend(backend: GameBackend, options: ServeOptions = {}): Promise<GameServer> {
  const entry = options.entry ?? getGame(backend.info.id);
  const wss = new WebSocketServer({ host: options.host ?? '127.0.0.1', port: options.port ?? 0, maxPayload: Limits.maxMessageBytes });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  let controller: WebSocket | undefined;
  // Errors of the listening socket itself (and bad handshakes, which `ws` answers) must not end the process.
  wss.on('error', () => undefined);
  wss.on('connection', (ws) => {
    const guard = guardServerSocket(ws, options.helloTimeoutMs);
    if (controller && controller.readyState === controller.OPEN) {
      refuseSocket(ws, new ArenaError(ErrorCode.BAD_STATE, 'this game already has a controlling client'));
      return;
    }
    controller = ws;
    new Session(ws, backend, entry, guard);
  });
  return {
    port: (wss.address() as AddressInfo).port,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await backend.close();
    },
  };
}

/**
 * Runs a backend as its own process: serves on $ARENA_HOST:$ARENA_PORT, prints the ready line, and exits
 * when its parent closes stdin or sends SIGTERM, so no game outlives the gateway that started it.
 */
export async function runBackendProcess(backend: GameBackend, entry?: GameEntry): Promise<void> {
  const port = Number(process.env.ARENA_PORT ?? '0');
  const server = await serveBackend(backend, { host: process.env.ARENA_HOST ?? '127.0.0.1', port, ...(entry ? { entry } : {}) });
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ game: backend.info.id, port: server.port, pid: process.pid })}\n`);
  let exiting = false;
  const exit = (): void => {
    if (exiting) return;
    exiting = true;
    void server.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
  process.stdin.on('end', exit);
  process.stdin.on('close', exit);
  process.stdin.resume();
}
