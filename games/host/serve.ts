/**
 * The GameLink host: serves one reference game over WebSocket, exactly as an external game build would.
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
  Limits,
  READY_PREFIX,
  allControls,
  closeWithError,
  decodeMessage,
  messageBytes,
  messageSchema,
  sendMessage,
  toArenaError,
  type Capabilities,
  type FrameEncoding,
  type InputEvent,
} from '../../protocol/index.js';
import { getGame, type GameEntry } from '../../games-manifest/index.js';
import { Episode } from './episode.js';
import { encodeFrame } from './encode-frame.js';
import type { GameDefinition } from './simulation.js';
import { RealtimeLoop } from './realtime-loop.js';

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

/** Capabilities announced in the hello, from the game's definition and manifest entry. */
export function capabilitiesOf(def: GameDefinition, entry: GameEntry, tickMs: number): Capabilities {
  return {
    frameSizes: [entry.frame],
    encodings: ['rgb', 'jpeg', 'png'],
    slots: def.slots.map((s) => ({ slot: s.slot, team: s.team })),
    controls: entry.controls,
    clock: { pause: true, exactAdvance: true, timeScale: true, tickMs },
    privilegedState: true,
    variants: [...def.variants],
  };
}

/** One client connection's session with the game. */
class Session {
  private helloDone = false;
  private privileged = false;
  private episode: Episode | undefined;
  private slots: number[] = [];
  private frame: FrameSpec = { width: 640, height: 360, encoding: 'rgb', quality: 85 };
  private readonly seq = new Map<number, number>();
  private canvas = new Uint8Array(0);
  private realtime: RealtimeLoop | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly controls: ReadonlySet<string>;

  constructor(
    private readonly ws: WebSocket,
    private readonly def: GameDefinition,
    private readonly entry: GameEntry,
  ) {
    this.frame = { ...this.frame, ...entry.frame };
    this.controls = new Set(allControls(entry.controls));
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
      if (id !== undefined && isRequestError(e.code)) sendMessage(this.ws, { type: 'error', id, code: e.code, message: e.message });
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
        this.privileged = msg.privileged;
        const probe = this.def.create({ seed: 0, variant: this.def.variants[0]!, slots: this.def.slots.map((s) => s.slot) });
        sendMessage(this.ws, {
          type: 'hello',
          version: GAME_LINK_VERSION,
          game: this.def.id,
          build: this.def.build,
          capabilities: capabilitiesOf(this.def, this.entry, probe.tickMs),
        });
        return;
      }
      case 'reset': {
        await this.stopRealtime();
        if (!this.def.variants.includes(msg.variant)) {
          throw new ArenaError(ErrorCode.UNKNOWN_VARIANT, `no variant '${msg.variant}'; variants: ${this.def.variants.join(', ')}`);
        }
        const known = new Set(this.def.slots.map((s) => s.slot));
        const bad = msg.slots.find((s) => !known.has(s));
        if (bad !== undefined) throw new ArenaError(ErrorCode.BAD_SLOT, `this game has no slot ${bad}`);
        this.slots = [...new Set(msg.slots)];
        this.frame = { width: msg.frame.width, height: msg.frame.height, encoding: msg.frame.encoding, quality: msg.frame.quality ?? 85 };
        this.episode = new Episode(this.def.create({ seed: msg.seed, variant: msg.variant, slots: this.slots }));
        this.seq.clear();
        await this.report([], undefined, this.slots);
        this.done(msg.id, 0, 0);
        return;
      }
      case 'advance': {
        const episode = this.requireEpisode();
        if (this.realtime) throw new ArenaError(ErrorCode.BAD_STATE, 'advance while running freely; pause first');
        this.checkInputs(msg.inputs);
        if (episode.ended) throw new ArenaError(ErrorCode.BAD_STATE, 'the episode has ended; reset first');
        const result = episode.run(msg.ms, msg.inputs);
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
        const episode = this.requireEpisode();
        this.checkSlots(msg.frames);
        if (this.realtime) throw new ArenaError(ErrorCode.BAD_STATE, 'already running');
        this.realtime = new RealtimeLoop(episode, { timeScale: msg.timeScale, fps: msg.fps }, (r, frameDue) => this.report(r.events, r.end, frameDue ? msg.frames : []));
        this.realtime.start();
        this.done(msg.id, 0, 0);
        return;
      }
      case 'pause': {
        const episode = this.requireEpisode();
        const ran = await this.stopRealtime();
        sendMessage(this.ws, { type: 'done', id: msg.id, simMs: episode.simMs, requestedMs: 0, actualMs: ran, ended: episode.ended });
        return;
      }
      case 'input': {
        this.requireEpisode();
        this.checkInputs(msg.inputs);
        if (!this.realtime) throw new ArenaError(ErrorCode.BAD_STATE, "'input' is for a running game; use advance while paused");
        this.realtime.enqueue(msg.inputs);
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
    return loop ? loop.stop() : 0;
  }

  private requireEpisode(): Episode {
    if (!this.episode) throw new ArenaError(ErrorCode.BAD_STATE, 'no episode yet; send reset first');
    return this.episode;
  }

  private checkSlots(slots: readonly number[]): void {
    const bad = slots.find((s) => !this.slots.includes(s));
    if (bad !== undefined) throw new ArenaError(ErrorCode.BAD_SLOT, `slot ${bad} is not in this episode`);
  }

  private checkInputs(inputs: readonly InputEvent[]): void {
    this.checkSlots(inputs.map((i) => i.slot));
    for (const input of inputs) {
      if (input.type === 'key' && !this.controls.has(input.key)) throw new ArenaError(ErrorCode.BAD_INPUT, `'${input.key}' is not a control of ${this.def.id}`);
      if (input.type === 'look' && ((input.dx !== 0 && !this.entry.controls.mouseAxes.includes('x')) || (input.dy !== 0 && !this.entry.controls.mouseAxes.includes('y')))) {
        throw new ArenaError(ErrorCode.BAD_INPUT, `${this.def.id} has no such mouse axis`);
      }
    }
  }

  /** Sends, in order: events, progress, state (privileged clients only), the episode end, frames. */
  private async report(events: readonly object[], end: { reason: string; outcomes: readonly object[] } | undefined, frames: readonly number[]): Promise<void> {
    const episode = this.requireEpisode();
    for (const ev of events) sendMessage(this.ws, ev);
    sendMessage(this.ws, { type: 'progress', simMs: episode.simMs, players: episode.sim.progress() });
    if (this.privileged) sendMessage(this.ws, { type: 'state', simMs: episode.simMs, state: episode.sim.state() });
    if (end) sendMessage(this.ws, { type: 'episode_end', simMs: episode.simMs, reason: end.reason, outcomes: end.outcomes });
    await this.sendFrames(frames);
  }

  private async sendFrames(slots: readonly number[]): Promise<void> {
    const episode = this.requireEpisode();
    const { width, height, encoding, quality } = this.frame;
    if (this.canvas.length !== width * height * 3) this.canvas = new Uint8Array(width * height * 3);
    const rgb = this.canvas;
    for (const slot of slots) {
      // Renderers paint every pixel; the buffer is reused because the encoder copies it into each message.
      episode.sim.render(slot, width, height, rgb);
      const data = await encodeFrame(rgb, width, height, encoding, quality);
      const seq = this.seq.get(slot) ?? 0;
      this.seq.set(slot, seq + 1);
      sendMessage(this.ws, { type: 'frame', slot, simMs: episode.simMs, seq, width, height, encoding, data });
    }
  }

  private done(id: number, requestedMs: number, actualMs: number): void {
    const episode = this.requireEpisode();
    sendMessage(this.ws, { type: 'done', id, simMs: episode.simMs, requestedMs, actualMs, ended: episode.ended });
  }
}

function isRequestError(code: string): boolean {
  return code === ErrorCode.UNKNOWN_VARIANT || code === ErrorCode.BAD_SLOT || code === ErrorCode.BAD_INPUT || code === ErrorCode.BAD_STATE;
}

/** Serves `def` on host:port (port 0 = any free port) until closed. */
export async function serveGame(def: GameDefinition, options: { host?: string; port?: number; entry?: GameEntry } = {}): Promise<GameServer> {
  const entry = options.entry ?? getGame(def.id);
  const wss = new WebSocketServer({ host: options.host ?? '127.0.0.1', port: options.port ?? 0, maxPayload: Limits.maxMessageBytes });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  let controller: WebSocket | undefined;
  wss.on('connection', (ws) => {
    if (controller && controller.readyState === controller.OPEN) {
      closeWithError(ws, new ArenaError(ErrorCode.BAD_STATE, 'this game already has a controlling client'));
      return;
    }
    controller = ws;
    new Session(ws, def, entry);
  });
  return {
    port: (wss.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

/**
 * Runs a game as its own process: serves on $ARENA_HOST:$ARENA_PORT, prints the ready line, and exits
 * when its parent closes stdin or sends SIGTERM, so no game outlives the gateway that started it.
 */
export async function runGameProcess(def: GameDefinition, entry?: GameEntry): Promise<void> {
  const port = Number(process.env.ARENA_PORT ?? '0');
  const server = await serveGame(def, { host: process.env.ARENA_HOST ?? '127.0.0.1', port, ...(entry ? { entry } : {}) });
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ game: def.id, port: server.port, pid: process.pid })}\n`);
  const exit = (): void => {
    void server.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
  process.stdin.on('end', exit);
  process.stdin.on('close', exit);
  process.stdin.resume();
}
