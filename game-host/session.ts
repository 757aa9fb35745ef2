/**
 * One gateway's session with a game: its episode, slots, frame size and the requests it made. A session
 * lives on one socket, or (on a resumable server, `arena bridge`) outlives it: the same gateway takes it back
 * on a new socket and re-sends its last request, which is answered again from the log, never run twice.
 */
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  ArenaError,
  DEFAULT_JPEG_TABLES,
  ClientMessage,
  ErrorCode,
  GAME_LINK_VERSION,
  LatestSender,
  canonicalControl,
  controlKey,
  checkFrameFits,
  decodeMessage,
  fitSize,
  messageBytes,
  messageSchema,
  sendCorked,
  sendMessage,
  toArenaError,
  closeWithError,
  wireButtons,
  type ClientHello,
  type FrameEncoding,
  type GameEvent,
  type GameMessage,
  type InputEvent,
  type JpegTables,
  type LinkFrames,
  type MouseButton,
  type SocketGuard,
} from '../protocol/index.js';
import { hostAxes, type GameEntry } from '../games-manifest/index.js';
import type { z } from 'zod';
import type { EpisodeEndInfo, GameBackend } from './backend.js';
import { capabilitiesOf } from './capabilities.js';
import { convertFrame } from './convert-frame.js';
import { FreeRun } from './free-run.js';
import { defaultFKey } from './remote-input-server/key-map.js';

export const clientSpec = messageSchema(ClientMessage);
/** Largest message a client may send a game: input schedules, never frames. */
export const MAX_CLIENT_MESSAGE = 1024 * 1024;

interface FrameSpec {
  width: number;
  height: number;
  encoding: FrameEncoding;
  quality: number;
  jpegTables: JpegTables;
}

/** How a session behaves across sockets. */
export interface SessionOptions {
  /** Keep a log of the last request's reply and answer a re-sent request from it (resumable servers). */
  readonly resumable: boolean;
  /** How long the server keeps the session after its socket dropped, ms (announced in the hello). */
  readonly graceMs: number;
  /** Called when the session's socket closed (not when another socket took it over); `finished` after a bye. */
  readonly onDetached: (session: Session, finished: boolean) => void;
}

export class Session {
  /** The id a client names in `resume` to take this session back. */
  readonly id = randomBytes(16).toString('hex');
  private ws: WebSocket | undefined;
  private helloDone = false;
  private privileged = false;
  private perception = false;
  /** The hello's `keyNames: 'ue'`: UE key name (lower case) -> our control, for a backend that takes our names. */
  private ueNames: ReadonlyMap<string, string> | undefined;
  private hasEpisode = false;
  private endSent = false;
  private slots: number[] = [];
  private frame: FrameSpec = { width: 640, height: 360, encoding: 'rgb', quality: 85, jpegTables: DEFAULT_JPEG_TABLES };
  /** What the client asked frames to cross the link as, if it asked. */
  private link: LinkFrames | undefined;
  private readonly seq = new Map<number, number>();
  private realtime: FreeRun | undefined;
  private queue: Promise<void> = Promise.resolve();
  /** The game's mouse buttons by their wire names. */
  private readonly buttons: ReadonlySet<MouseButton>;
  private readonly axes: ReadonlySet<string>;
  /** Frames of a running game: only the newest per slot waits while the client is behind. */
  private frames: LatestSender | undefined;
  /** The last request answered, with everything its answer said (resumable sessions only). */
  private last: { id: number; messages: GameMessage[] } | undefined;
  private recording: GameMessage[] | undefined;
  /** The client said bye (or was closed for a protocol error): the session is over, not waiting for it. */
  private finished = false;

  constructor(
    private readonly backend: GameBackend,
    private readonly entry: GameEntry,
    private readonly options: SessionOptions,
  ) {
    this.frame = { ...this.frame, ...entry.frame };
    this.buttons = new Set(wireButtons(entry.controls.buttons));
    this.axes = new Set(hostAxes(entry));
  }

  /** True while a socket carries the session. */
  get attached(): boolean {
    return this.ws !== undefined;
  }

  /** Puts the session on `ws` (cutting the socket it was on, if any) and answers `hello` there. */
  attach(ws: WebSocket, hello: z.infer<typeof ClientHello>, guard: SocketGuard): void {
    const previous = this.ws;
    this.ws = ws;
    previous?.terminate();
    this.frames = new LatestSender(ws);
    if (!this.helloDone) this.privileged = hello.privileged && this.backend.info.privilegedState;
    if (!this.helloDone) this.perception = hello.perception === true && this.backend.drainTracked !== undefined;
    if (!this.helloDone && hello.keyNames === 'ue') this.ueNames = new Map(this.entry.controls.keys.map((k) => [controlKey(defaultFKey(k)), k]));
    const resumed = this.helloDone;
    this.helloDone = true;
    this.link = hello.frames;
    guard.helloDone();
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      // Messages are handled strictly in order: each waits for the previous one's frames to be sent.
      this.queue = this.queue.then(() => this.onMessage(messageBytes(data), isBinary)).catch((err: unknown) => {
        // A gateway closed for breaking the protocol does not get its session kept for it.
        this.finished = true;
        closeWithError(ws, toArenaError(err));
      });
    });
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      void this.stopRealtime();
      this.options.onDetached(this, this.finished);
    });
    this.send({
      type: 'hello',
      version: GAME_LINK_VERSION,
      game: this.backend.info.id,
      build: this.backend.info.build,
      capabilities: capabilitiesOf(this.backend, this.entry),
      ...(this.options.resumable ? { session: this.id, graceMs: this.options.graceMs, resumed, ...(this.last ? { lastId: this.last.id } : {}) } : {}),
    });
  }

  /** Ends a session nobody took back: stops a running game. */
  async dispose(): Promise<void> {
    this.ws?.terminate();
    this.ws = undefined;
    await this.stopRealtime();
  }

  private async onMessage(bytes: Uint8Array, isBinary: boolean): Promise<void> {
    if (!isBinary) throw new ArenaError(ErrorCode.BAD_MESSAGE, 'GameLink messages are binary msgpack');
    const msg = decodeMessage(bytes, clientSpec, MAX_CLIENT_MESSAGE);
    const id = 'id' in msg ? msg.id : undefined;
    if (this.options.resumable && id !== undefined && this.last !== undefined && id <= this.last.id) {
      // A request re-sent after a dropped link: its answer again, from the log; the game does not run twice.
      if (id < this.last.id) throw new ArenaError(ErrorCode.BAD_STATE, `request ${id} is older than the last one answered (${this.last.id})`);
      for (const m of this.last.messages) this.send(m);
      return;
    }
    if (this.options.resumable && id !== undefined) this.recording = [];
    try {
      await this.handle(msg);
    } catch (err) {
      const e = toArenaError(err);
      // Request-level errors keep the link; anything else closes it.
      if (id !== undefined && isRequestError(e.code)) this.send({ type: 'error', id, code: e.code, message: e.message });
      else throw e;
    } finally {
      if (this.recording && id !== undefined) this.last = { id, messages: this.recording };
      this.recording = undefined;
    }
  }
  private async handle(msg: ClientMessage): Promise<void> {
    switch (msg.type) {
      case 'hello':
        throw new ArenaError(ErrorCode.BAD_STATE, 'second hello');
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
        this.frame = { width: msg.frame.width, height: msg.frame.height, encoding: msg.frame.encoding, quality: msg.frame.quality ?? 85, jpegTables: msg.frame.jpegTables ?? DEFAULT_JPEG_TABLES };
        await this.backend.reset({ seed: msg.seed, variant: msg.variant, slots: this.slots, width: msg.frame.width, height: msg.frame.height, perception: this.perception, ...(msg.timeLimitMs === undefined ? {} : { timeLimitMs: msg.timeLimitMs }), ...(this.ueNames ? { keyNames: 'ue' as const } : {}) });
        this.hasEpisode = true;
        this.endSent = false;
        this.seq.clear();
        await this.report([], undefined, this.slots, () => this.done(msg.id, 0, 0));
        return;
      }
      case 'advance': {
        this.requireEpisode();
        if (this.realtime) throw new ArenaError(ErrorCode.BAD_STATE, 'advance while running freely; pause first');
        const inputs = this.checkInputs(msg.inputs);
        this.checkSlots(msg.frames);
        if (this.backend.ended) throw new ArenaError(ErrorCode.BAD_STATE, 'the episode has ended; reset first');
        const result = await this.backend.advance(msg.ms, inputs);
        await this.report(result.events, result.end, msg.frames, () => this.done(msg.id, result.requestedMs, result.actualMs));
        return;
      }
      case 'observe': {
        this.requireEpisode();
        this.checkSlots(msg.frames);
        const frames = await this.renderFrames(msg.frames);
        sendCorked(this.ws, () => {
          this.sendFrames(frames);
          this.done(msg.id, 0, 0);
        });
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
        this.finished = true;
        await this.stopRealtime();
        this.ws?.close(1000, 'bye');
        return;
    }
  }

  private async stopRealtime(): Promise<number> {
    const loop = this.realtime;
    this.realtime = undefined;
    const ran = loop ? await loop.stop() : 0;
    // Frames still held from the run are stale once it stopped; the pause's `done` must not overtake them.
    this.frames?.clear();
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
    const ue = this.ueNames !== undefined;
    return (ue ? this.ueInputs(inputs) : inputs).map((input) => {
      switch (input.type) {
        case 'key': {
          if (ue) return input;
          const key = canonicalControl(input.key, controls.keys);
          if (key === undefined) throw new ArenaError(ErrorCode.BAD_INPUT, `'${input.key}' is not a control of ${this.entry.id}`);
          return key === input.key ? input : { ...input, key };
        }
        case 'button':
          if (!ue && !this.buttons.has(input.button)) throw new ArenaError(ErrorCode.BAD_INPUT, `mouse button '${input.button}' is not a control of ${this.entry.id}`);
          return input;
        case 'move':
          if (controls.move === undefined) throw new ArenaError(ErrorCode.BAD_INPUT, `${this.entry.id} takes no moves`);
          return input;
        case 'look':
          if ((input.dx !== 0 && !controls.mouseAxes.includes('x')) || (input.dy !== 0 && !controls.mouseAxes.includes('y'))) {
            throw new ArenaError(ErrorCode.BAD_INPUT, `${this.entry.id} has no such mouse axis`);
          }
          return input;
        case 'axis':
          if (!this.axes.has(input.axis)) throw new ArenaError(ErrorCode.BAD_INPUT, `${this.entry.id} has no gamepad axis ${input.axis}`);
          return input;
      }
    });
  }

  /**
   * Keys and buttons named as a UE build reads them: a backend that is a UE build gets them all as sent;
   * another gets each key matched without case against its controls' UE key names, and loses (as a build
   * ignores them) keys that match none and mouse buttons it lacks. The gateway records every input it sent.
   */
  private ueInputs(inputs: readonly InputEvent[]): readonly InputEvent[] {
    const names = this.ueNames!;
    if (this.backend.info.ueKeyNames === true) return inputs;
    return inputs.flatMap((input): InputEvent[] => {
      if (input.type === 'button') return this.buttons.has(input.button) ? [input] : [];
      if (input.type !== 'key') return [input];
      const key = names.get(controlKey(input.key));
      return key === undefined ? [] : [{ ...input, key }];
    });
  }

  /**
   * Sends, in order: events, tracked state (clients that asked), progress, state (privileged clients only), the
   * episode end, frames, then `answer` (a request's done). Everything but the frames is read before they are
   * rendered; all of it is then sent in one write. A frame that fails to render still lets what came before it out.
   */
  private async report(events: readonly GameEvent[], end: EpisodeEndInfo | undefined, slots: readonly number[], answer?: () => void): Promise<void> {
    const simMs = this.backend.simMs;
    const before: GameMessage[] = [...events];
    if (this.perception) for (const t of this.backend.drainTracked?.() ?? []) before.push({ type: 'tracked', simMs: t.simMs, tracked: { ...t.tracked }, events: [...t.events] });
    before.push({ type: 'progress', simMs, players: [...this.backend.progress()] });
    if (this.privileged) before.push({ type: 'state', simMs, state: this.backend.state() });
    if (end && !this.endSent) {
      this.endSent = true;
      before.push({ type: 'episode_end', simMs, reason: end.reason, outcomes: [...end.outcomes] });
    }
    let frames: readonly OutgoingFrame[];
    try {
      frames = await this.renderFrames(slots);
    } catch (err) {
      for (const m of before) this.send(m);
      throw err;
    }
    sendCorked(this.ws, () => {
      for (const m of before) this.send(m);
      this.sendFrames(frames);
      answer?.();
    });
  }

  /** Renders each slot's frame in the size and encoding the link asked for (once per frame), numbered in its slot's sequence. */
  private async renderFrames(slots: readonly number[]): Promise<OutgoingFrame[]> {
    const { width: renderWidth, height: renderHeight } = this.frame;
    // A link that asked for its own encoding and size gets it, whatever the reset said; encoded once per frame.
    const { width, height } = this.link ? fitSize(renderWidth, renderHeight, this.link.maxSide) : this.frame;
    const encoding = this.link?.encoding ?? this.frame.encoding;
    const quality = this.link ? (this.link.quality ?? 85) : this.frame.quality;
    // A link's JPEG is for the crossing (no record re-encodes it bit for bit): the default tables.
    const tables = this.link ? DEFAULT_JPEG_TABLES : this.frame.jpegTables;
    const out: OutgoingFrame[] = [];
    for (const slot of slots) {
      const rendered = await this.backend.render(slot, renderWidth, renderHeight);
      const converted = await convertFrame(rendered, width, height, encoding, quality, tables);
      // The socket sends a frame's bytes as they are (no copy into the message). A frame that is still the
      // backend's render buffer is sent as it is when the backend lends it (`release`), and given back once
      // written, or, while the game runs freely, once a newer frame replaces it unsent; a buffer the backend
      // reuses unasked is not ours to keep: that one is copied once here. An encoded frame is already its own.
      const still = converted.data === rendered.data;
      const lent = still ? rendered.release : undefined;
      const frame = still && lent === undefined ? { ...converted, data: new Uint8Array(converted.data) } : converted;
      if (lent === undefined) rendered.release?.();
      const seq = this.seq.get(slot) ?? 0;
      this.seq.set(slot, seq + 1);
      const message: GameMessage = { type: 'frame', slot, simMs: this.backend.simMs, seq, width, height, encoding, data: frame.data, ...(this.link ? { sentAt: performance.timeOrigin + performance.now() } : {}) };
      out.push({ slot, message, lent });
    }
    return out;
  }

  /** Sends rendered frames. A running game does not wait for its client: a frame the client is too slow for is replaced by the next (a gap in `seq`). Requested frames (paused clock) go out in order, before their `done`. */
  private sendFrames(frames: readonly OutgoingFrame[]): void {
    for (const { slot, message, lent } of frames) {
      if (this.realtime) {
        if (this.frames) this.frames.send(slot, message, lent);
        else lent?.();
      } else this.send(message, lent);
    }
  }

  /**
   * Sends one game-to-gateway message (and logs it as part of the request's answer on a resumable session).
   * `release` gives a lent frame buffer back once the socket is done with it; a logged message keeps its
   * buffer for a replay, so that buffer leaves the backend's pool instead (never released, never painted over).
   */
  private send(message: GameMessage, release?: () => void): void {
    this.recording?.push(message);
    const giveBack = this.recording ? undefined : release;
    if (!(this.ws && sendMessage(this.ws, message, undefined, giveBack))) giveBack?.();
  }

  private done(id: number, requestedMs: number, actualMs: number): void {
    this.send({ type: 'done', id, simMs: this.backend.simMs, requestedMs, actualMs, ended: this.backend.ended });
  }
}

/** A rendered frame ready to send, with the way to give its buffer back when the backend lent it. */
interface OutgoingFrame {
  readonly slot: number;
  readonly message: GameMessage;
  readonly lent: (() => void) | undefined;
}

function isRequestError(code: string): boolean {
  return code === ErrorCode.UNKNOWN_VARIANT || code === ErrorCode.BAD_CONFIG || code === ErrorCode.BAD_SLOT || code === ErrorCode.BAD_INPUT || code === ErrorCode.BAD_STATE;
}

