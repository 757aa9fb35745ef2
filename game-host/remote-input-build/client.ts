/**
 * One TCP connection to a RemoteInput server (the OmniGameArena UE5 plugin, or our own server): JSON
 * commands one per line, fire-and-forget or request-reply, one request in flight at a time. Robust to the
 * protocol's quirks: an optional welcome line, `game_over` pushes interleaved with replies, screenshots
 * answered `screenshot_error` "pending" (retried), a closed socket (GAME_CRASHED), and a screenshot whose
 * size field lies (caught by the JPEG start/end markers and a read deadline: BAD_MESSAGE, never a hang).
 * An image whose own header gives another size than its header line, or more pixels than the decode bound,
 * fails its request (BAD_MESSAGE, TOO_LARGE) before anything decodes it; the connection stays in step.
 * A connection that broke the protocol is closed: after a bad frame the byte stream cannot be trusted.
 */
import { connect as netConnect, type Socket } from 'node:net';
import {
  ArenaError,
  ErrorCode,
  MAX_DECODE_PIXELS,
  RemoteInputGameOverCheck,
  RemoteInputScoreReply,
  RemoteInputScreenshotHeader,
  RemoteInputStateReply,
  RemoteInputWelcome,
  encodeRemoteInputLine,
  isControlReply,
  isGameOverPush,
  parseRemoteInputLine,
  type RemoteInputLine,
} from '../../protocol/index.js';
import { checkImageBytes, imageRefusal, type ImageFormat } from './image-bytes.js';

export type JsonLine = RemoteInputLine;

export interface RemoteInputClientOptions {
  readonly host: string;
  readonly port: number;
  /** Deadline for the TCP connection, ms (default 10 s). */
  readonly connectTimeoutMs?: number;
  /** Deadline for one reply, ms (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** Longest silence in the middle of a screenshot's bytes, ms (default 3 s). */
  readonly frameIdleTimeoutMs?: number;
  /** Longest a whole screenshot may take from its header to its last byte, ms (default 10 s): a trickle cannot hang it. */
  readonly frameTimeoutMs?: number;
  /** How long a screenshot may stay `pending` before GAME_TIMEOUT, ms (default 5 s). */
  readonly pendingTimeoutMs?: number;
  /** Longest line, bytes (default 1 MiB). */
  readonly maxLineBytes?: number;
  /** Largest screenshot, bytes (default 32 MiB). */
  readonly maxFrameBytes?: number;
  /** Most pixels a screenshot's own header may claim, checked before anything decodes it (default 4096 x 4096). */
  readonly maxFramePixels?: number;
}

export interface Screenshot {
  readonly width: number;
  readonly height: number;
  readonly format: ImageFormat;
  readonly data: Uint8Array;
}

/** A `get_score` reply: `score` always; the rest when the server sends them. */
export interface ScoreReply {
  readonly score: number;
  /** Seconds. */
  readonly survivalTime: number | undefined;
  readonly playerIndex: number | undefined;
  /** Our server's extension: normalised progress in [0, 1]. */
  readonly progress: number | undefined;
  /** Our server's extension: the game's own clock, ms since reset. */
  readonly simMs: number | undefined;
  readonly raw: JsonLine;
}

type RequestKind = 'reset' | 'save' | 'load' | 'get_score' | 'game_over_check' | 'get_state' | 'screenshot';

interface Pending {
  readonly kind: RequestKind;
  readonly resolve: (value: JsonLine | Screenshot | 'pending') => void;
  readonly reject: (err: ArenaError) => void;
  readonly timer: NodeJS.Timeout;
}

interface FrameRead {
  readonly width: number;
  readonly height: number;
  readonly format: ImageFormat;
  readonly size: number;
  readonly chunks: Buffer[];
  received: number;
  /** The request it answers (undefined for a header nobody asked for: its bytes are still consumed). */
  readonly pending: Pending | undefined;
  idle: NodeJS.Timeout | undefined;
  /** The whole-frame deadline, armed at the header and never re-armed. */
  readonly whole: NodeJS.Timeout;
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

/** True for a line that is a reply to a request of `kind`, by the wire format's reply schemas. */
function answers(kind: RequestKind, line: JsonLine): boolean {
  switch (kind) {
    case 'get_score':
      return RemoteInputScoreReply.safeParse(line).success;
    case 'game_over_check':
      return RemoteInputGameOverCheck.safeParse(line).success;
    case 'get_state':
      return RemoteInputStateReply.safeParse(line).success;
    case 'reset':
    case 'save':
    case 'load':
      return isControlReply(kind, line);
    case 'screenshot':
      return false;
  }
}

export class RemoteInputClient {
  private rest: Buffer = Buffer.alloc(0);
  private frame: FrameRead | undefined;
  private pending: Pending | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private failure: ArenaError | undefined;
  private closing = false;
  private firstReplySeen = false;
  private welcomeLine: JsonLine | undefined;
  private readonly gameOverListeners = new Set<(line: JsonLine) => void>();
  private readonly closedListeners: ((err: ArenaError | undefined) => void)[] = [];
  private readonly closed: Promise<void>;
  /** Counters for records and conformance: pushes seen, lines nobody asked for, pending screenshot retries, images refused by their header. */
  readonly stats = { pushes: 0, unsolicited: 0, pendingRetries: 0, refusedImages: 0 };
  private readonly opts: Required<Omit<RemoteInputClientOptions, 'host' | 'port'>>;

  private constructor(
    private readonly socket: Socket,
    readonly host: string,
    readonly port: number,
    options: RemoteInputClientOptions,
  ) {
    this.opts = {
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      frameIdleTimeoutMs: options.frameIdleTimeoutMs ?? 3_000,
      frameTimeoutMs: options.frameTimeoutMs ?? 10_000,
      pendingTimeoutMs: options.pendingTimeoutMs ?? 5_000,
      maxLineBytes: options.maxLineBytes ?? 1024 * 1024,
      maxFrameBytes: options.maxFrameBytes ?? 32 * 1024 * 1024,
      maxFramePixels: options.maxFramePixels ?? MAX_DECODE_PIXELS,
    };
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => {
      socket.once('close', () => {
        this.fail(new ArenaError(ErrorCode.GAME_CRASHED, this.closing ? 'RemoteInput connection closed' : `RemoteInput server ${host}:${port} closed the connection`));
        for (const l of this.closedListeners.splice(0)) l(this.closing ? undefined : this.failure);
        resolve();
      });
    });
  }

  /** Opens a connection; GAME_CRASHED if nothing listens there, GAME_TIMEOUT if it does not answer in time. */
  static connect(options: RemoteInputClientOptions): Promise<RemoteInputClient> {
    const timeoutMs = options.connectTimeoutMs ?? 10_000;
    return new Promise((resolve, reject) => {
      const socket = netConnect({ host: options.host, port: options.port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new ArenaError(ErrorCode.GAME_TIMEOUT, `no RemoteInput connection to ${options.host}:${options.port} within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(new RemoteInputClient(socket, options.host, options.port, options));
      });
      socket.once('error', (err) => {
        clearTimeout(timer);
        reject(new ArenaError(ErrorCode.GAME_CRASHED, `cannot reach RemoteInput server ${options.host}:${options.port}: ${err.message}`, { cause: err }));
      });
    });
  }

  /** The welcome line, if the server sent one before its first reply. */
  get welcome(): JsonLine | undefined {
    return this.welcomeLine;
  }

  /** Extensions the server announced in its welcome line (our server: `get_state`, `sim_ms`, `progress`). */
  get extensions(): ReadonlySet<string> {
    const welcome = RemoteInputWelcome.safeParse(this.welcomeLine ?? {});
    return new Set(welcome.success ? (welcome.data.extensions ?? []) : []);
  }

  /** Set once the connection failed; every later call throws it. */
  get error(): ArenaError | undefined {
    return this.failure;
  }

  /** Calls `listener` for every `game_over` push; returns a function that stops it. */
  onGameOver(listener: (line: JsonLine) => void): () => void {
    this.gameOverListeners.add(listener);
    return () => this.gameOverListeners.delete(listener);
  }

  /** Calls `listener` once when the connection closes: with the error, or undefined after `close()`. */
  onClosed(listener: (err: ArenaError | undefined) => void): void {
    if (this.socket.destroyed) listener(this.closing ? undefined : this.failure);
    else this.closedListeners.push(listener);
  }

  // ---- fire-and-forget ------------------------------------------------------------------------

  /** Writes one command line; never waits for an answer. */
  send(command: Readonly<Record<string, unknown>> & { readonly type: string }): void {
    if (this.failure) throw this.failure;
    this.socket.write(encodeRemoteInputLine(command));
  }

  key(fkey: string, pressed: boolean): void {
    this.send({ type: 'key', key: fkey, event: pressed ? 'pressed' : 'released' });
  }

  mouse(dx: number, dy: number): void {
    this.send({ type: 'mouse', dx, dy });
  }

  mouseButton(button: 'left' | 'right' | 'middle', pressed: boolean): void {
    this.send({ type: 'mouse_button', button, event: pressed ? 'pressed' : 'released' });
  }

  axis(axis: string, value: number): void {
    this.send({ type: 'axis', axis, value });
  }

  console(command: string): void {
    this.send({ type: 'console', command });
  }

  // ---- request-reply --------------------------------------------------------------------------

  reset(): Promise<JsonLine> {
    return this.ask({ type: 'reset' }, 'reset') as Promise<JsonLine>;
  }

  async getScore(): Promise<ScoreReply> {
    const raw = (await this.ask({ type: 'get_score' }, 'get_score')) as JsonLine;
    const s = RemoteInputScoreReply.parse(raw);
    return { score: s.score, survivalTime: s.survival_time, playerIndex: s.player_index, progress: s.progress, simMs: s.sim_ms, raw };
  }

  async gameOverCheck(): Promise<boolean> {
    const raw = (await this.ask({ type: 'game_over_check' }, 'game_over_check')) as JsonLine;
    return raw.game_over === true;
  }

  /** Our server's extension: privileged game state. */
  async getState(): Promise<Record<string, unknown>> {
    const raw = (await this.ask({ type: 'get_state' }, 'get_state')) as JsonLine;
    return RemoteInputStateReply.parse(raw).state;
  }

  /** A screenshot; `pending` answers are retried with backoff until `pendingTimeoutMs`. */
  async screenshot(quality = 85): Promise<Screenshot> {
    const started = performance.now();
    for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
      const got = await this.ask({ type: 'screenshot', quality }, 'screenshot');
      if (got !== 'pending') return got as Screenshot;
      this.stats.pendingRetries++;
      if (performance.now() - started + delay > this.opts.pendingTimeoutMs) {
        throw new ArenaError(ErrorCode.GAME_TIMEOUT, `screenshot still pending after ${this.opts.pendingTimeoutMs} ms`);
      }
      // The server is still rendering the previous frame; ask again shortly.
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  /** Closes the connection (waits at most 2 s for the close). Safe to call more than once. */
  async close(): Promise<void> {
    this.closing = true;
    if (!this.socket.destroyed) {
      this.socket.end();
      const t = setTimeout(() => this.socket.destroy(), 2000);
      await this.closed;
      clearTimeout(t);
    }
  }

  /** Drops the connection at once. */
  destroy(): void {
    this.closing = true;
    this.socket.destroy();
  }

  /** Requests run one at a time, in the order they were made. */
  private ask(command: Record<string, unknown> & { type: string }, kind: RequestKind): Promise<JsonLine | Screenshot | 'pending'> {
    const run = (): Promise<JsonLine | Screenshot | 'pending'> =>
      new Promise((resolve, reject) => {
        if (this.failure) return reject(this.failure);
        const timer = setTimeout(() => {
          this.violate(new ArenaError(ErrorCode.GAME_TIMEOUT, `RemoteInput server did not answer '${kind}' within ${this.opts.requestTimeoutMs} ms`));
        }, this.opts.requestTimeoutMs);
        this.pending = { kind, resolve, reject, timer };
        this.socket.write(encodeRemoteInputLine(command));
      });
    const result = this.chain.then(run, run);
    this.chain = result.catch(() => undefined);
    return result;
  }

  private settle(): Pending | undefined {
    const p = this.pending;
    if (p) clearTimeout(p.timer);
    this.pending = undefined;
    return p;
  }

  private onData(chunk: Buffer): void {
    const buf = this.rest.length === 0 ? chunk : Buffer.concat([this.rest, chunk]);
    let off = 0;
    while (off < buf.length && !this.failure) {
      const frame = this.frame;
      if (frame) {
        const take = Math.min(frame.size - frame.received, buf.length - off);
        frame.chunks.push(buf.subarray(off, off + take));
        frame.received += take;
        off += take;
        if (frame.received === frame.size) this.finishFrame(frame);
        else this.armFrameTimer(frame);
        continue;
      }
      const nl = buf.indexOf(10, off);
      if (nl < 0) break;
      if (nl - off > this.opts.maxLineBytes) return this.violate(new ArenaError(ErrorCode.TOO_LARGE, `RemoteInput line longer than ${this.opts.maxLineBytes} bytes`));
      const line = buf.toString('utf8', off, nl);
      off = nl + 1;
      this.onLine(line);
    }
    this.rest = this.failure ? Buffer.alloc(0) : buf.subarray(off);
    if (!this.frame && this.rest.length > this.opts.maxLineBytes) this.violate(new ArenaError(ErrorCode.TOO_LARGE, `RemoteInput line longer than ${this.opts.maxLineBytes} bytes`));
  }

  private onLine(text: string): void {
    const trimmed = text.trim();
    if (trimmed.length === 0) return;
    const parsed = parseRemoteInputLine(trimmed);
    if (!parsed.ok) return this.violate(new ArenaError(ErrorCode.BAD_MESSAGE, `RemoteInput server sent ${parsed.error}: ${JSON.stringify(trimmed.slice(0, 60))}`));
    const { line } = parsed;
    if (isGameOverPush(line)) {
      this.stats.pushes++;
      for (const l of [...this.gameOverListeners]) l(line);
      return;
    }
    const p = this.pending;
    // Image bytes follow every screenshot header, asked for or not: they are read either way to stay in step.
    if (line.type === 'screenshot') return this.startFrame(line, p?.kind === 'screenshot' ? this.settleForFrame(p) : undefined);
    if (p) {
      if (line.type === 'error') {
        this.settle();
        this.firstReplySeen = true;
        return p.reject(new ArenaError(ErrorCode.BAD_STATE, `RemoteInput server refused '${p.kind}': ${asText(line.error ?? line.message ?? 'error').slice(0, 200)}`));
      }
      if (p.kind === 'screenshot' && line.type === 'screenshot_error') {
        this.settle();
        this.firstReplySeen = true;
        const error = asText(line.error);
        if (/pending/i.test(error)) return p.resolve('pending');
        return p.reject(new ArenaError(ErrorCode.GAME_CRASHED, `RemoteInput screenshot failed: ${error.slice(0, 200)}`));
      }
      if (answers(p.kind, line)) {
        this.settle();
        this.firstReplySeen = true;
        return p.resolve(line);
      }
    }
    // A welcome line, or something this client did not ask for: noted, never taken for a reply.
    this.stats.unsolicited++;
    if (!this.firstReplySeen && this.welcomeLine === undefined) this.welcomeLine = line;
  }

  /** The request stays pending while its bytes arrive, but its reply deadline gives way to the frame's. */
  private settleForFrame(p: Pending): Pending {
    clearTimeout(p.timer);
    return p;
  }

  private startFrame(header: JsonLine, pending: Pending | undefined): void {
    const parsed = RemoteInputScreenshotHeader.safeParse(header);
    if (!parsed.success) return this.violate(new ArenaError(ErrorCode.BAD_MESSAGE, `bad screenshot header: ${JSON.stringify(header).slice(0, 200)}`));
    const { size, width, height } = parsed.data;
    const format = parsed.data.format === 'png' ? 'png' : 'jpeg';
    if (size > this.opts.maxFrameBytes) return this.violate(new ArenaError(ErrorCode.TOO_LARGE, `screenshot of ${size} bytes exceeds ${this.opts.maxFrameBytes}`));
    const limit = this.opts.frameTimeoutMs;
    const whole = setTimeout(() => {
      const got = this.frame?.received ?? 0;
      this.violate(new ArenaError(ErrorCode.GAME_TIMEOUT, `screenshot of ${size} bytes not complete within ${limit} ms of its header (${got} arrived): the build trickles`));
    }, limit);
    this.frame = { width, height, format, size, chunks: [], received: 0, pending, idle: undefined, whole };
    this.armFrameTimer(this.frame);
  }

  private armFrameTimer(frame: FrameRead): void {
    if (frame.idle) clearTimeout(frame.idle);
    frame.idle = setTimeout(() => {
      this.violate(
        new ArenaError(ErrorCode.BAD_MESSAGE, `screenshot header promised ${frame.size} bytes; ${frame.received} arrived, then nothing for ${this.opts.frameIdleTimeoutMs} ms (a size field that lies?)`),
      );
    }, this.opts.frameIdleTimeoutMs);
  }

  private finishFrame(frame: FrameRead): void {
    if (frame.idle) clearTimeout(frame.idle);
    clearTimeout(frame.whole);
    this.frame = undefined;
    const data = Buffer.concat(frame.chunks, frame.size);
    const problem = checkImageBytes(data, frame.format);
    if (problem) return this.violate(new ArenaError(ErrorCode.BAD_MESSAGE, `screenshot of ${frame.size} bytes is not one ${frame.format.toUpperCase()} image: ${problem} (a size field that lies?)`));
    if (frame.pending && this.pending === frame.pending) {
      this.pending = undefined;
      this.firstReplySeen = true;
      // The bytes were read whole, so the stream is still in step: an image that is not what its header line
      // says (another size, or a bomb) fails this request only, before anything decodes it.
      const refused = imageRefusal(data, frame, this.opts.maxFramePixels);
      if (refused) {
        this.stats.refusedImages++;
        return frame.pending.reject(refused);
      }
      frame.pending.resolve({ width: frame.width, height: frame.height, format: frame.format, data });
    } else {
      this.stats.unsolicited++;
    }
  }

  /** The server broke the protocol (or missed a deadline): fail everything and close. */
  private violate(err: ArenaError): void {
    this.fail(err);
    this.socket.destroy();
  }

  private fail(err: ArenaError): void {
    this.failure ??= err;
    if (this.frame?.idle) clearTimeout(this.frame.idle);
    if (this.frame) clearTimeout(this.frame.whole);
    this.frame = undefined;
    const p = this.settle();
    p?.reject(this.failure);
  }
}
