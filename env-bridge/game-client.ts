/**
 * The gateway's side of GameLink: one WebSocket to a game endpoint, a hello exchange, and requests that
 * resolve with everything the game sent up to the matching `done`. A closed link or a missed deadline
 * rejects every waiting request with GAME_CRASHED or GAME_TIMEOUT; nothing hangs. An endpoint whose hello
 * names a session (`arena bridge`) is dialled again after a dropped link, within its grace period, and the
 * request in flight is sent again with its id: the bridge answers it from its log if it had run it.
 */
import { WebSocket } from 'ws';
import { Subject } from 'rxjs';
import sharp from 'sharp';
import {
  ArenaError,
  ErrorCode,
  GAME_LINK_VERSION,
  GameMessage,
  Limits,
  decodeMessage,
  decodeMessageData,
  encodeMessage,
  messageBytes,
  messageSchema,
  toArenaError,
  heartbeat,
  type Capabilities,
  type ClientMessage,
  type FrameEncoding,
  type LinkFrames,
  type Done,
  type EpisodeEnd,
  type Frame,
  type GameEvent,
  type InputEvent,
  type JpegTables,
  type Progress,
  type State,
  type Tracked,
} from '../protocol/index.js';

const gameSpec = messageSchema(GameMessage);

/** A PNG frame as the raw RGB the reset asked for. */
async function decodePng(frame: Frame): Promise<Frame> {
  const { data, info } = await sharp(frame.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { ...frame, encoding: 'rgb', width: info.width, height: info.height, data };
}

/** A request's message before the client numbers it: each request type of GameLink without its `id`. */
type RequestBody = Extract<ClientMessage, { id: number }> extends infer M ? (M extends unknown ? Omit<M, 'id'> : never) : never;

/** Everything a request caused, in the order the game sent it. */
export interface StepReply {
  readonly done: Done;
  readonly frames: Frame[];
  readonly events: GameEvent[];
  readonly progress: Progress | undefined;
  readonly state: State | undefined;
  /** Tracked-state reports (only when the hello asked for them), in game-time order. */
  readonly tracked: Tracked[];
  readonly end: EpisodeEnd | undefined;
}

export interface GameClientOptions {
  /** Name sent in the hello. */
  readonly client: string;
  /** Ask for privileged state: only when an agent of the match reads it (scripted policies). */
  readonly privileged: boolean;
  /** Ask for `tracked` messages: the recorder's task-relevant state stream (reference games only). */
  readonly perception?: boolean;
  /** `ue`: key inputs carry UE key names, as the benchmark profile sends them (protocol/game-link.ts). */
  readonly keyNames?: 'controls' | 'ue';
  /** Deadline for the connection and hello, ms (default 10 s). */
  readonly connectTimeoutMs?: number;
  /** Deadline for one request, ms (default 30 s). */
  readonly requestTimeoutMs?: number;
  /** The endpoint's access token: sent in the hello (and as a bearer header, for a relay in between). */
  readonly token?: string;
  /** How frames should cross the link (a bridge encodes them so); PNG is decoded back to raw RGB here. */
  readonly frames?: LinkFrames;
  /** A resumable link pings this often and counts the peer gone after `deadMs` without a pong (default 1 s / 5 s). */
  readonly heartbeat?: { readonly intervalMs: number; readonly deadMs: number };
}

/** What crossed a bridge link: frames, their bytes, and their age on arrival (ms, from the bridge's send stamp). */
export interface LinkStats {
  frames: number;
  frameBytes: number;
  readonly frameAgesMs: number[];
  /** Times the link dropped and was taken back. */
  resumes: number;
}

type GameHelloMessage = Extract<GameMessage, { type: 'hello' }>;

/** Frame ages kept for the statistics (the newest). */
const MAX_AGES = 10_000;
/** Pause between two attempts to dial a dropped bridge again, ms. */
const REDIAL_PAUSE_MS = 250;

interface Pending {
  readonly id: number;
  readonly resolve: (reply: StepReply) => void;
  readonly reject: (err: ArenaError) => void;
  readonly timer: NodeJS.Timeout;
  frames: Frame[];
  events: GameEvent[];
  progress: Progress | undefined;
  state: State | undefined;
  tracked: Tracked[];
  end: EpisodeEnd | undefined;
}

/** What a request has gathered before any of its answer arrived. */
const emptyAnswer = (): Pick<Pending, 'frames' | 'events' | 'progress' | 'state' | 'tracked' | 'end'> => ({ frames: [], events: [], progress: undefined, state: undefined, tracked: [], end: undefined });

export class GameClient {
  /** Messages that arrive outside any request (a running game's frames, progress, events). */
  readonly stream$ = new Subject<GameMessage>();
  private nextId = 1;
  private pending: Pending | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private failure: ArenaError | undefined;
  private readonly closedListeners: ((err: ArenaError | undefined) => void)[] = [];
  /** The body of the request in flight, to send again after a resumed link. */
  private pendingBody: ClientMessage | undefined;
  /** Set from `resume` until `pause`: a running game's link is not resumed (its input cannot be replayed). */
  private running = false;
  private closing = false;
  /** The encoding the last reset asked for (frames a link carries as PNG are decoded back to it). */
  private resetEncoding: FrameEncoding = 'rgb';
  private inbox: Promise<void> = Promise.resolve();
  readonly linkStats: LinkStats = { frames: 0, frameBytes: 0, frameAgesMs: [], resumes: 0 };
  readonly game: string;
  readonly build: string;
  readonly capabilities: Capabilities;

  private constructor(
    private ws: WebSocket,
    private readonly hello: GameHelloMessage,
    private readonly url: string,
    private readonly options: GameClientOptions,
    private readonly requestTimeoutMs: number,
  ) {
    this.game = hello.game;
    this.build = hello.build;
    this.capabilities = hello.capabilities;
    this.wire(ws);
  }

  private wire(ws: WebSocket): void {
    // Fragments as they came: a large frame is decoded without joining its head and its bytes (decodeMessageData).
    ws.binaryType = 'fragments';
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => this.onMessage(data));
    ws.on('close', (code: number, reason: Buffer) => {
      if (ws !== this.ws) return;
      if (this.hello.session !== undefined && !this.closing && !this.running && this.failure === undefined && code !== 1000) {
        void this.takeBack(code);
        return;
      }
      this.closed(code, reason);
    });
    ws.on('error', () => undefined);
    if (this.hello.session !== undefined) {
      const beat = this.options.heartbeat ?? { intervalMs: 1000, deadMs: 5000 };
      heartbeat(ws, beat.intervalMs, beat.deadMs);
    }
  }

  private closed(code: number, reason: Buffer | string): void {
    const clean = code === 1000 && this.failure === undefined;
    this.fail(new ArenaError(ErrorCode.GAME_CRASHED, `game link closed (${code}${reason.length ? `: ${reason.toString()}` : ''})`));
    for (const listener of this.closedListeners.splice(0)) listener(clean ? undefined : this.failure);
    this.stream$.complete();
  }

  /** Dials a dropped bridge again until its grace period ends, takes the session back and re-sends the request in flight. */
  private async takeBack(code: number): Promise<void> {
    const graceMs = this.hello.graceMs ?? 0;
    const deadline = Date.now() + graceMs;
    let last = `link dropped (${code})`;
    while (Date.now() < deadline && this.failure === undefined && !this.closing) {
      try {
        const timeoutMs = Math.max(500, Math.min(this.options.connectTimeoutMs ?? 5000, deadline - Date.now()));
        const { ws, hello } = await GameClient.open(this.url, { ...this.options, connectTimeoutMs: timeoutMs }, this.hello.session);
        if (hello.resumed !== true) {
          ws.terminate();
          throw new ArenaError(ErrorCode.GAME_CRASHED, 'the bridge did not take the session back');
        }
        if (this.failure !== undefined || this.closing) {
          ws.terminate();
          break;
        }
        this.ws = ws;
        this.linkStats.resumes += 1;
        this.wire(ws);
        const p = this.pending;
        if (p && this.pendingBody) {
          // Whatever arrived of the answer before the drop is dropped too; the bridge sends all of it again.
          Object.assign(p, emptyAnswer());
          this.send(this.pendingBody);
        }
        return;
      } catch (err) {
        const e = toArenaError(err);
        last = `${e.code}: ${e.message}`;
        if (e.code === ErrorCode.UNAUTHORIZED || e.code === ErrorCode.VERSION_MISMATCH || /no session/.test(e.message)) break;
        await new Promise((resolve) => setTimeout(resolve, REDIAL_PAUSE_MS));
      }
    }
    if (this.failure === undefined) {
      this.fail(new ArenaError(ErrorCode.GAME_CRASHED, `the bridge link dropped and did not come back within its grace period of ${graceMs} ms (${last})`));
    }
    this.closed(code, 'bridge gone');
  }

  /** Connects to a GameLink endpoint and completes the hello exchange. */
  static async connect(url: string, options: GameClientOptions): Promise<GameClient> {
    const { ws, hello } = await GameClient.open(url, options, undefined);
    ws.removeAllListeners('error');
    ws.removeAllListeners('close');
    return new GameClient(ws, hello, url, options, options.requestTimeoutMs ?? 30_000);
  }

  /** One socket and its hello exchange (with `resume`, taking an earlier session back). */
  private static async open(url: string, options: GameClientOptions, resume: string | undefined): Promise<{ ws: WebSocket; hello: GameHelloMessage }> {
    const timeoutMs = options.connectTimeoutMs ?? 10_000;
    const headers = options.token === undefined ? undefined : { authorization: `Bearer ${options.token}` };
    const ws = new WebSocket(url, { maxPayload: Limits.maxMessageBytes, perMessageDeflate: false, handshakeTimeout: timeoutMs, ...(headers ? { headers } : {}) });
    const hello = await new Promise<GameHelloMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new ArenaError(ErrorCode.GAME_TIMEOUT, `no hello from ${url} within ${timeoutMs} ms`));
      }, timeoutMs);
      const finish = (err: ArenaError | undefined, msg?: Extract<GameMessage, { type: 'hello' }>): void => {
        clearTimeout(timer);
        ws.removeAllListeners('message');
        if (err) {
          ws.terminate();
          reject(err);
        } else resolve(msg!);
      };
      ws.once('open', () =>
        ws.send(
          encodeMessage({
            type: 'hello',
            version: GAME_LINK_VERSION,
            client: options.client,
            privileged: options.privileged,
            ...(options.perception === true ? { perception: true } : {}),
            ...(options.keyNames === undefined ? {} : { keyNames: options.keyNames }),
            ...(options.token === undefined ? {} : { token: options.token }),
            ...(resume === undefined ? {} : { resume }),
            ...(options.frames === undefined ? {} : { frames: options.frames }),
          }),
        ),
      );
      ws.once('error', (err) => finish(new ArenaError(ErrorCode.GAME_CRASHED, `cannot reach game at ${url}: ${err.message}`, { cause: err })));
      ws.once('close', (code, reason) => finish(new ArenaError(ErrorCode.GAME_CRASHED, `game closed the link during hello (${code} ${reason.toString()})`)));
      ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
        try {
          const msg = decodeMessage(messageBytes(data), gameSpec);
          if (msg.type === 'error') finish(new ArenaError(msg.code === 'VERSION_MISMATCH' || msg.code === 'UNAUTHORIZED' ? msg.code : ErrorCode.GAME_CRASHED, msg.message));
          else if (msg.type !== 'hello') finish(new ArenaError(ErrorCode.BAD_STATE, `game sent '${msg.type}' before its hello`));
          else if (msg.version !== GAME_LINK_VERSION) finish(new ArenaError(ErrorCode.VERSION_MISMATCH, `game speaks GameLink ${msg.version}, gateway ${GAME_LINK_VERSION}`));
          else finish(undefined, msg);
        } catch (err) {
          finish(toArenaError(err));
        }
      });
    });
    ws.removeAllListeners('error');
    ws.removeAllListeners('close');
    return { ws, hello };
  }

  /** Set once the link failed; every later request rejects with it. */
  get error(): ArenaError | undefined {
    return this.failure;
  }

  /** Calls `listener` once when the link closes: with the error, or undefined after a clean close. */
  onClosed(listener: (err: ArenaError | undefined) => void): void {
    if (this.ws.readyState === WebSocket.CLOSED) listener(this.failure);
    else this.closedListeners.push(listener);
  }

  reset(seed: number, variant: string, slots: readonly number[], frame: { width: number; height: number; encoding: 'rgb' | 'jpeg' | 'png'; quality?: number; jpegTables?: JpegTables }, timeLimitMs?: number): Promise<StepReply> {
    this.resetEncoding = frame.encoding;
    return this.request({ type: 'reset', seed, variant, slots: [...slots], frame, ...(timeLimitMs === undefined ? {} : { timeLimitMs: Math.round(timeLimitMs) }) });
  }

  advance(ms: number, inputs: readonly InputEvent[], frames: readonly number[]): Promise<StepReply> {
    return this.request({ type: 'advance', ms, inputs: [...inputs], frames: [...frames] });
  }

  observe(frames: readonly number[]): Promise<StepReply> {
    return this.request({ type: 'observe', frames: [...frames] });
  }

  resume(timeScale: number, fps: number, frames: readonly number[]): Promise<StepReply> {
    this.running = true;
    return this.request({ type: 'resume', timeScale, fps, frames: [...frames] });
  }

  pause(): Promise<StepReply> {
    return this.request({ type: 'pause' }).finally(() => {
      this.running = false;
    });
  }

  /** Sends input to a running game (realtime); no reply. */
  input(inputs: readonly InputEvent[]): void {
    if (this.failure) throw this.failure;
    this.send({ type: 'input', inputs: [...inputs] });
  }

  /** Drops the link at once with `err` (used when the game process is known to be gone). */
  terminate(err: ArenaError): void {
    this.fail(err);
    this.ws.terminate();
  }

  /** Says bye and closes the link. Safe to call more than once. */
  async close(reason = 'done'): Promise<void> {
    this.closing = true;
    if (this.ws.readyState === WebSocket.OPEN) {
      this.send({ type: 'bye', reason });
      this.ws.close(1000, 'bye');
    }
    if (this.ws.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          this.ws.terminate();
          resolve();
        }, 2000);
        this.ws.once('close', () => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Requests run one at a time, in the order they were made. */
  private request(body: RequestBody): Promise<StepReply> {
    const run = (): Promise<StepReply> =>
      new Promise<StepReply>((resolve, reject) => {
        if (this.failure) {
          reject(this.failure);
          return;
        }
        const id = this.nextId++;
        const timer = setTimeout(() => {
          const err = new ArenaError(ErrorCode.GAME_TIMEOUT, `game did not answer '${body.type}' within ${this.requestTimeoutMs} ms`);
          this.fail(err);
          this.ws.terminate();
        }, this.requestTimeoutMs);
        this.pending = { id, resolve, reject, timer, ...emptyAnswer() };
        this.pendingBody = { ...body, id };
        this.send(this.pendingBody);
      });
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Sends one gateway-to-game message. */
  private send(message: ClientMessage): void {
    this.ws.send(encodeMessage(message));
  }

  private onMessage(data: Buffer | ArrayBuffer | Buffer[]): void {
    let msg: GameMessage;
    try {
      msg = decodeMessageData(data, gameSpec);
    } catch (err) {
      const e = toArenaError(err);
      this.fail(new ArenaError(ErrorCode.GAME_CRASHED, `game sent a bad message: ${e.code}: ${e.message}`, { cause: e }));
      this.ws.terminate();
      return;
    }
    if (msg.type === 'frame' && msg.sentAt !== undefined) this.countFrame(msg);
    // PNG on the link, raw RGB asked by the reset: decoded back (lossless), in order with everything else.
    if (this.options.frames?.encoding === 'png') {
      this.inbox = this.inbox.then(async () => this.dispatch(msg.type === 'frame' && msg.encoding === 'png' && this.resetEncoding === 'rgb' ? await decodePng(msg) : msg)).catch((err: unknown) => {
        this.fail(new ArenaError(ErrorCode.GAME_CRASHED, `the bridge sent a frame that does not decode: ${toArenaError(err).message}`, { cause: err }));
        this.ws.terminate();
      });
      return;
    }
    this.dispatch(msg);
  }

  private countFrame(frame: Frame): void {
    const s = this.linkStats;
    s.frames += 1;
    s.frameBytes += frame.data.length;
    s.frameAgesMs.push(performance.timeOrigin + performance.now() - frame.sentAt!);
    if (s.frameAgesMs.length > MAX_AGES) s.frameAgesMs.shift();
  }

  private dispatch(msg: GameMessage): void {
    const p = this.pending;
    if (!p) {
      this.stream$.next(msg);
      return;
    }
    switch (msg.type) {
      case 'frame':
        p.frames.push(msg);
        break;
      case 'event':
        p.events.push(msg);
        break;
      case 'progress':
        p.progress = msg;
        break;
      case 'state':
        p.state = msg;
        break;
      case 'tracked':
        p.tracked.push(msg);
        break;
      case 'episode_end':
        p.end = msg;
        break;
      case 'done':
        if (msg.id !== p.id) {
          this.stream$.next(msg);
          break;
        }
        clearTimeout(p.timer);
        this.pending = undefined;
        this.pendingBody = undefined;
        p.resolve({ done: msg, frames: p.frames, events: p.events, progress: p.progress, state: p.state, tracked: p.tracked, end: p.end });
        break;
      case 'error': {
        if (msg.id !== p.id) {
          this.stream$.next(msg);
          break;
        }
        clearTimeout(p.timer);
        this.pending = undefined;
        this.pendingBody = undefined;
        p.reject(new ArenaError(msg.code, `game refused: ${msg.message}`));
        break;
      }
      case 'hello':
      case 'bye':
        this.stream$.next(msg);
        break;
    }
  }

  /** Records the first failure and rejects the request in flight with it. */
  private fail(err: ArenaError): void {
    this.failure ??= err;
    const p = this.pending;
    if (p) {
      clearTimeout(p.timer);
      this.pending = undefined;
      p.reject(this.failure);
    }
  }
}
