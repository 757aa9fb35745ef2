/**
 * The gateway's side of GameLink: one WebSocket to a game endpoint, a hello exchange, and requests that
 * resolve with everything the game sent up to the matching `done`. A closed link or a missed deadline
 * rejects every waiting request with GAME_CRASHED or GAME_TIMEOUT; nothing hangs.
 */
import { WebSocket } from 'ws';
import { Subject } from 'rxjs';
import {
  ArenaError,
  ErrorCode,
  GAME_LINK_VERSION,
  GameMessage,
  Limits,
  decodeMessage,
  encodeMessage,
  messageBytes,
  messageSchema,
  toArenaError,
  type Capabilities,
  type ClientMessage,
  type Done,
  type EpisodeEnd,
  type Frame,
  type GameEvent,
  type InputEvent,
  type Progress,
  type State,
  type Tracked,
} from '../protocol/index.js';

const gameSpec = messageSchema(GameMessage);

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
  /** Deadline for the connection and hello, ms (default 10 s). */
  readonly connectTimeoutMs?: number;
  /** Deadline for one request, ms (default 30 s). */
  readonly requestTimeoutMs?: number;
}

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

export class GameClient {
  /** Messages that arrive outside any request (a running game's frames, progress, events). */
  readonly stream$ = new Subject<GameMessage>();
  private nextId = 1;
  private pending: Pending | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private failure: ArenaError | undefined;
  private readonly closedListeners: ((err: ArenaError | undefined) => void)[] = [];

  private constructor(
    private readonly ws: WebSocket,
    readonly game: string,
    readonly build: string,
    readonly capabilities: Capabilities,
    private readonly requestTimeoutMs: number,
  ) {
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => this.onMessage(messageBytes(data)));
    ws.on('close', (code: number, reason: Buffer) => {
      const clean = code === 1000 && this.failure === undefined;
      this.fail(new ArenaError(ErrorCode.GAME_CRASHED, `game link closed (${code}${reason.length ? `: ${reason.toString()}` : ''})`));
      for (const listener of this.closedListeners.splice(0)) listener(clean ? undefined : this.failure);
      this.stream$.complete();
    });
    ws.on('error', () => undefined);
  }

  /** Connects to a GameLink endpoint and completes the hello exchange. */
  static async connect(url: string, options: GameClientOptions): Promise<GameClient> {
    const timeoutMs = options.connectTimeoutMs ?? 10_000;
    const ws = new WebSocket(url, { maxPayload: Limits.maxMessageBytes, perMessageDeflate: false, handshakeTimeout: timeoutMs });
    const hello = await new Promise<Extract<GameMessage, { type: 'hello' }>>((resolve, reject) => {
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
      ws.once('open', () => ws.send(encodeMessage({ type: 'hello', version: GAME_LINK_VERSION, client: options.client, privileged: options.privileged, ...(options.perception === true ? { perception: true } : {}) })));
      ws.once('error', (err) => finish(new ArenaError(ErrorCode.GAME_CRASHED, `cannot reach game at ${url}: ${err.message}`, { cause: err })));
      ws.once('close', (code, reason) => finish(new ArenaError(ErrorCode.GAME_CRASHED, `game closed the link during hello (${code} ${reason.toString()})`)));
      ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
        try {
          const msg = decodeMessage(messageBytes(data), gameSpec);
          if (msg.type === 'error') finish(new ArenaError(msg.code === 'VERSION_MISMATCH' ? ErrorCode.VERSION_MISMATCH : ErrorCode.GAME_CRASHED, msg.message));
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
    return new GameClient(ws, hello.game, hello.build, hello.capabilities, options.requestTimeoutMs ?? 30_000);
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

  reset(seed: number, variant: string, slots: readonly number[], frame: { width: number; height: number; encoding: 'rgb' | 'jpeg' | 'png'; quality?: number }): Promise<StepReply> {
    return this.request({ type: 'reset', seed, variant, slots: [...slots], frame });
  }

  advance(ms: number, inputs: readonly InputEvent[], frames: readonly number[]): Promise<StepReply> {
    return this.request({ type: 'advance', ms, inputs: [...inputs], frames: [...frames] });
  }

  observe(frames: readonly number[]): Promise<StepReply> {
    return this.request({ type: 'observe', frames: [...frames] });
  }

  resume(timeScale: number, fps: number, frames: readonly number[]): Promise<StepReply> {
    return this.request({ type: 'resume', timeScale, fps, frames: [...frames] });
  }

  pause(): Promise<StepReply> {
    return this.request({ type: 'pause' });
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
        this.pending = { id, resolve, reject, timer, frames: [], events: [], progress: undefined, state: undefined, tracked: [], end: undefined };
        this.send({ ...body, id });
      });
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Sends one gateway-to-game message. */
  private send(message: ClientMessage): void {
    this.ws.send(encodeMessage(message));
  }

  private onMessage(bytes: Uint8Array): void {
    let msg: GameMessage;
    try {
      msg = decodeMessage(bytes, gameSpec);
    } catch (err) {
      const e = toArenaError(err);
      this.fail(new ArenaError(ErrorCode.GAME_CRASHED, `game sent a bad message: ${e.code}: ${e.message}`, { cause: e }));
      this.ws.terminate();
      return;
    }
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
        p.resolve({ done: msg, frames: p.frames, events: p.events, progress: p.progress, state: p.state, tracked: p.tracked, end: p.end });
        break;
      case 'error': {
        if (msg.id !== p.id) {
          this.stream$.next(msg);
          break;
        }
        clearTimeout(p.timer);
        this.pending = undefined;
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
