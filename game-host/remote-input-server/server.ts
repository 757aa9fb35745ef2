/**
 * A RemoteInput server: serves any game backend over the OmniGameArena UE5 plugin's TCP protocol, one port
 * per player (player 1 on the base port, player 2 on base + 1), so a harness written for the UE5 builds can
 * drive our games unchanged. One world behind all ports: `slomo` from any player freezes or resumes it.
 * A bad line is answered (or, past the line limit, the socket is closed) without touching other players, and a
 * connection that sends no line within the first-line deadline is told so and closed.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ArenaError, ErrorCode, axisRange, controlKey, wireButtons, type GamepadAxis, type InputEvent } from '../../protocol/index.js';
import { getGame, type GameEntry } from '../../games-manifest/index.js';
import type { GameBackend } from '../backend.js';
import { axisByUeName, controlByFKey, defaultMapName, mapKey, REMOTE_INPUT_BASE_PORT } from './key-map.js';
import { FIRE_AND_FORGET, RemoteInputCommand, RemoteInputExtension, encodeRemoteInputLine, parseRemoteInputLine } from '../../protocol/index.js';
import { RemoteInputWorld } from './world.js';

export interface RemoteInputServeOptions {
  readonly host?: string;
  /** Port of player 1 (default 12345); player k listens on port + k - 1. 0 = any free port for each player. */
  readonly port?: number;
  /** The manifest entry to serve (default: the manifest's entry for the backend's id). */
  readonly entry?: GameEntry;
  /** Seed of every episode (default 1): `reset` restarts the same episode. */
  readonly seed?: number;
  /** Variant to start with (default the entry's first); `open <map>` switches. */
  readonly variant?: string;
  /** Send a welcome line on connect (default true; the UE plugin may not). */
  readonly welcome?: boolean;
  /** Start frozen (default false: the world runs from the start, as a UE build does). */
  readonly paused?: boolean;
  /** Native screenshot size (default the entry's frame size). */
  readonly frame?: { readonly width: number; readonly height: number };
  /** Our control name -> FKey overrides. */
  readonly keys?: Readonly<Record<string, string>>;
  /** `mouse` units per degree of view turn, per axis (default 1). */
  readonly lookScale?: { readonly x: number; readonly y: number };
  /** Variant id -> map name that `open` selects it by (default `/Game/Maps/<Game>[_<Variant>]`; variant ids work too). */
  readonly maps?: Readonly<Record<string, string>>;
  /** Longest command line, bytes (default 64 KiB); a longer one closes the connection. */
  readonly maxLineBytes?: number;
  /** Deadline from accept to the first complete command line, ms (default 10000); a silent connection is then closed. */
  readonly firstLineTimeoutMs?: number;
  /** Our gamepad axis -> UE axis name overrides (default `LX` -> `Gamepad_LeftX`...). */
  readonly axes?: Readonly<Record<string, string>>;
  /** Told of every input the game takes (keys, buttons, looks, axes), with its game time, ms since reset. */
  readonly onInput?: (input: InputEvent, simMs: number) => void;
  /** Called with one line per connection, disconnection and ignored command. */
  readonly log?: (line: string) => void;
  /**
   * Asked before each screenshot: true answers it `screenshot_error` "pending", as a UE5 build does while it
   * still renders (the frame-integrity tests answer so at a set rate). Default: never.
   */
  readonly screenshotPending?: (slot: number) => boolean;
}

export interface RemoteInputServer {
  /** The port of each player, in slot order. */
  readonly ports: readonly number[];
  readonly world: RemoteInputWorld;
  /** Lines that were not valid commands, and fire-and-forget commands ignored (unknown keys, axes, consoles). */
  readonly stats: ServerStats;
  /** Connections open now, over all ports. */
  readonly clients: number;
  close(): Promise<void>;
}

type Reply = Record<string, unknown>;

/** Counters of a RemoteInput server, over all its connections. */
export interface ServerStats {
  badLines: number;
  ignored: number;
  connections: number;
  /** Times a connection stopped reading because its client was behind on replies. */
  pausedReads: number;
  /** Requests held back until their client read the replies before them. */
  waitsForReader: number;
  /** Most reply bytes ever waiting unread on one connection. */
  peakUnreadBytes: number;
  /** Connections closed because no line arrived within the first-line deadline. */
  idleClosed: number;
}

/** Default deadline from accept to the first command line, ms. */
export const REMOTE_INPUT_FIRST_LINE_TIMEOUT_MS = 10_000;

/** Serves `backend` over RemoteInput until closed. */
export async function serveRemoteInput(backend: GameBackend, options: RemoteInputServeOptions = {}): Promise<RemoteInputServer> {
  const entry = options.entry ?? getGame(backend.info.id);
  const variant = options.variant ?? entry.variants[0]!.id;
  if (!backend.info.variants.includes(variant)) throw new ArenaError(ErrorCode.UNKNOWN_VARIANT, `no variant '${variant}'; variants: ${backend.info.variants.join(', ')}`);
  const world = new RemoteInputWorld(backend, entry, {
    seed: options.seed ?? 1,
    variant,
    frame: options.frame ?? entry.frame,
    paused: options.paused ?? false,
    ...(options.onInput ? { onInput: options.onInput } : {}),
  });
  await world.start();
  const stats: ServerStats = { badLines: 0, ignored: 0, connections: 0, pausedReads: 0, waitsForReader: 0, peakUnreadBytes: 0, idleClosed: 0 };
  const firstLineTimeoutMs = options.firstLineTimeoutMs ?? REMOTE_INPUT_FIRST_LINE_TIMEOUT_MS;
  if (!Number.isFinite(firstLineTimeoutMs) || firstLineTimeoutMs <= 0) throw new ArenaError(ErrorCode.BAD_CONFIG, `firstLineTimeoutMs must be a positive number of ms (got ${firstLineTimeoutMs})`);
  const context: ConnectionContext = {
    world,
    entry,
    stats,
    welcome: options.welcome ?? true,
    controls: controlByFKey(entry.controls.keys, options.keys),
    gamepadAxes: axisByUeName(entry.controls.axes ?? [], options.axes),
    lookScale: options.lookScale ?? { x: 1, y: 1 },
    maxLineBytes: options.maxLineBytes ?? 64 * 1024,
    firstLineTimeoutMs,
    variantOfMap: variantsByMap(entry, backend.info.variants, options.maps ?? {}),
    connections: new Set(),
    log: options.log ?? (() => undefined),
    screenshotPending: options.screenshotPending ?? (() => false),
  };
  world.onEnd(() => {
    for (const c of context.connections) c.send({ type: 'game_over', player_index: c.playerIndex });
  });

  const servers: Server[] = [];
  const base = options.port ?? REMOTE_INPUT_BASE_PORT;
  try {
    for (const [index, slot] of entry.slots.entries()) {
      const server = createServer((socket) => new Connection(socket, slot.slot, index, context));
      await new Promise<void>((resolve, reject) => {
        server.once('error', (err) => reject(new ArenaError(ErrorCode.BAD_CONFIG, `cannot listen on ${options.host ?? '127.0.0.1'}:${base === 0 ? 0 : base + index}: ${err.message}`, { cause: err })));
        server.listen(base === 0 ? 0 : base + index, options.host ?? '127.0.0.1', () => resolve());
      });
      servers.push(server);
    }
  } catch (err) {
    for (const s of servers) s.close();
    await world.close();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    ports: servers.map((s) => (s.address() as AddressInfo).port),
    world,
    stats,
    get clients() {
      return context.connections.size;
    },
    close: () =>
      (closing ??= (async () => {
        for (const c of context.connections) c.socket.destroy();
        await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
        await world.close();
      })()),
  };
}

/** Map key -> variant: the configured map names, the default ones, and the variant ids themselves. */
function variantsByMap(entry: GameEntry, variants: readonly string[], maps: Readonly<Record<string, string>>): Map<string, string> {
  const byMap = new Map<string, string>();
  variants.forEach((v, i) => {
    byMap.set(mapKey(v), v);
    byMap.set(mapKey(defaultMapName(entry.id, v, i === 0)), v);
  });
  for (const [v, map] of Object.entries(maps)) if (variants.includes(v)) byMap.set(mapKey(map), v);
  return byMap;
}

interface ConnectionContext {
  readonly world: RemoteInputWorld;
  readonly entry: GameEntry;
  readonly stats: ServerStats;
  readonly welcome: boolean;
  readonly controls: ReadonlyMap<string, string>;
  /** UE axis name (lower case) -> the game's gamepad axis. */
  readonly gamepadAxes: ReadonlyMap<string, GamepadAxis>;
  readonly lookScale: { readonly x: number; readonly y: number };
  readonly maxLineBytes: number;
  readonly firstLineTimeoutMs: number;
  readonly variantOfMap: ReadonlyMap<string, string>;
  readonly connections: Set<Connection>;
  readonly log: (line: string) => void;
  readonly screenshotPending: (slot: number) => boolean;
}

const clampDeg = (v: number): number => Math.max(-360, Math.min(360, v));
/** Reply bytes waiting on a socket past which no further request is served until the client reads. */
const REPLY_HIGH_WATER = 4 * 1024 * 1024;
/** Lines read but not yet handled past which the socket stops reading (TCP then pushes back on the client). */
const MAX_QUEUED_LINES = 64;

/** One client on one player's port. */
class Connection {
  private pending: Buffer = Buffer.alloc(0);
  private queue: Promise<void> = Promise.resolve();
  private dead = false;
  /** Lines read and queued but not handled yet. */
  private queued = 0;
  /** Controls and buttons this connection holds down, released when it goes. */
  private readonly heldKeys = new Set<string>();
  private readonly heldButtons = new Set<'left' | 'right' | 'middle'>();
  /** Gamepad axes this connection holds away from rest. */
  private readonly heldAxes = new Set<GamepadAxis>();
  /** Closes a connection that sends no complete line in time; cleared at the first line. */
  private firstLineTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly socket: Socket,
    private readonly slot: number,
    readonly playerIndex: number,
    private readonly ctx: ConnectionContext,
  ) {
    ctx.connections.add(this);
    ctx.stats.connections++;
    socket.setNoDelay(true);
    ctx.log(`player ${playerIndex + 1} connected from ${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`);
    if (ctx.welcome) {
      this.send({
        type: 'welcome',
        server: 'arena-remote-input',
        game: ctx.entry.id,
        build: ctx.world.backend.info.build,
        player_index: playerIndex,
        extensions: [RemoteInputExtension.GET_STATE, RemoteInputExtension.SIM_MS, RemoteInputExtension.PROGRESS],
      });
    }
    this.firstLineTimer = setTimeout(() => this.silent(), ctx.firstLineTimeoutMs);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('drain', () => this.maybeResume());
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(this.firstLineTimer);
      this.dead = true;
      ctx.connections.delete(this);
      ctx.log(`player ${playerIndex + 1} disconnected`);
      // Whatever this client held is let go, so a vanished harness never leaves a key down.
      void ctx.world.apply(this.releaseAll()).catch(() => undefined);
    });
  }

  send(reply: Reply, bytes?: Uint8Array): void {
    if (this.dead || this.socket.destroyed) return;
    const line = Buffer.from(encodeRemoteInputLine(reply));
    // One write per reply, so a push can never land between a screenshot header and its bytes.
    this.socket.write(bytes ? Buffer.concat([line, bytes]) : line);
    this.ctx.stats.peakUnreadBytes = Math.max(this.ctx.stats.peakUnreadBytes, this.socket.writableLength);
  }

  /** Forgets what this connection held (a reset or level change starts with nothing down). */
  forgetHeld(): void {
    this.heldKeys.clear();
    this.heldButtons.clear();
    this.heldAxes.clear();
  }

  private onData(chunk: Buffer): void {
    if (this.dead) return;
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    for (;;) {
      const nl = this.pending.indexOf(10);
      if (nl < 0) break;
      clearTimeout(this.firstLineTimer);
      const line = this.pending.subarray(0, nl).toString('utf8');
      this.pending = this.pending.subarray(nl + 1);
      if (nl > this.ctx.maxLineBytes) {
        this.tooLong();
        return;
      }
      this.queued += 1;
      this.queue = this.queue.then(() => this.onLine(line)).finally(() => {
        this.queued -= 1;
        this.maybeResume();
      });
    }
    if (this.pending.length > this.ctx.maxLineBytes) this.tooLong();
    // A client that asks faster than it reads is made to wait by TCP, not by our memory.
    else if ((this.queued >= MAX_QUEUED_LINES || this.socket.writableLength > REPLY_HIGH_WATER) && !this.socket.isPaused()) {
      this.ctx.stats.pausedReads++;
      this.socket.pause();
    }
  }

  private maybeResume(): void {
    if (this.dead || !this.socket.isPaused()) return;
    if (this.queued < MAX_QUEUED_LINES / 2 && this.socket.writableLength <= REPLY_HIGH_WATER) this.socket.resume();
  }

  /** Waits until the client has taken its replies down to the high-water mark (or is gone). */
  private async drained(): Promise<void> {
    while (!this.dead && !this.socket.destroyed && this.socket.writableLength > REPLY_HIGH_WATER) {
      this.ctx.stats.waitsForReader++;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.socket.off('drain', done);
          this.socket.off('close', done);
          resolve();
        };
        this.socket.once('drain', done);
        this.socket.once('close', done);
      });
    }
  }

  /** The first-line deadline passed with no complete line: the client is told why and the socket closed. */
  private silent(): void {
    if (this.dead) return;
    this.ctx.stats.idleClosed++;
    this.ctx.log(`player ${this.playerIndex + 1} sent no command within ${this.ctx.firstLineTimeoutMs} ms; closing`);
    this.send({ type: 'error', error: `no command within ${this.ctx.firstLineTimeoutMs} ms of connecting; closing` });
    this.dead = true;
    this.pending = Buffer.alloc(0);
    this.socket.destroySoon();
  }

  private tooLong(): void {
    this.ctx.stats.badLines++;
    this.send({ type: 'error', error: `line longer than ${this.ctx.maxLineBytes} bytes; closing` });
    this.dead = true;
    this.pending = Buffer.alloc(0);
    this.socket.destroySoon();
  }

  private async onLine(text: string): Promise<void> {
    const trimmed = text.trim();
    if (trimmed.length === 0 || this.dead) return;
    const line = parseRemoteInputLine(trimmed);
    if (!line.ok && line.error === 'not a JSON line') {
      this.ctx.stats.badLines++;
      this.send({ type: 'error', error: line.error });
      return;
    }
    const raw = line.ok ? line.line : undefined;
    if (raw === undefined || typeof raw.type !== 'string') {
      this.ctx.stats.badLines++;
      this.send({ type: 'error', error: 'a command is a JSON object with a string `type`' });
      return;
    }
    const type = raw.type;
    const parsed = RemoteInputCommand.safeParse(raw);
    if (!parsed.success) {
      if (FIRE_AND_FORGET.has(type)) {
        this.ignored(`bad '${type}' command`);
        return;
      }
      this.ctx.stats.badLines++;
      const known = RemoteInputCommand.options.some((o) => o.shape.type.value === type);
      this.send({ type: 'error', error: known ? `bad '${type}' command: ${parsed.error.issues[0]?.message ?? 'invalid'}` : `unknown command type '${type.slice(0, 64)}'` });
      return;
    }
    try {
      if (!FIRE_AND_FORGET.has(type)) await this.drained();
      await this.handle(parsed.data);
    } catch (err) {
      // A request the game could not serve is answered; fire-and-forget commands stay unanswered.
      if (!FIRE_AND_FORGET.has(type)) this.send({ type: 'error', error: err instanceof Error ? err.message : String(err) });
    }
  }

  private ignored(what: string): void {
    this.ctx.stats.ignored++;
    this.ctx.log(`player ${this.playerIndex + 1}: ignored ${what}`);
  }

  private async handle(cmd: RemoteInputCommand): Promise<void> {
    const { world } = this.ctx;
    switch (cmd.type) {
      case 'key': {
        const control = this.ctx.controls.get(controlKey(cmd.key));
        if (control === undefined) return this.ignored(`key '${cmd.key}'`);
        const down = cmd.event === 'pressed';
        if (down) this.heldKeys.add(control);
        else this.heldKeys.delete(control);
        return world.apply([{ type: 'key', at: 0, slot: this.slot, key: control, down }]);
      }
      case 'mouse_button': {
        if (!wireButtons(this.ctx.entry.controls.buttons).includes(cmd.button)) return this.ignored(`mouse button '${cmd.button}'`);
        const down = cmd.event === 'pressed';
        if (down) this.heldButtons.add(cmd.button);
        else this.heldButtons.delete(cmd.button);
        return world.apply([{ type: 'button', at: 0, slot: this.slot, button: cmd.button, down }]);
      }
      case 'mouse':
        return world.apply(this.look(cmd.dx, cmd.dy));
      case 'axis':
        return world.apply(this.axis(cmd.axis, cmd.value));
      case 'console':
        return this.console(cmd.command);
      case 'reset':
        await world.reset();
        for (const c of this.ctx.connections) c.forgetHeld();
        return this.send({ type: 'reset', status: 'ok' });
      case 'save':
      case 'load':
        return this.send({ type: cmd.type, status: 'unsupported' });
      case 'get_score': {
        const s = await world.score(this.slot);
        return this.send({
          type: 'score',
          score: s.progress?.score ?? 0,
          survival_time: s.simMs / 1000,
          player_index: this.playerIndex,
          progress: s.progress?.progress ?? 0,
          sim_ms: s.simMs,
        });
      }
      case 'game_over_check': {
        const s = await world.score(this.slot);
        return this.send({ type: 'game_over_check', game_over: s.ended, player_index: this.playerIndex });
      }
      case 'screenshot': {
        if (this.ctx.screenshotPending(this.slot)) return this.send({ type: 'screenshot_error', error: 'screenshot pending' });
        const frame = await world.screenshot(this.slot, cmd.quality, cmd.width, cmd.height);
        return this.send({ type: 'screenshot', width: frame.width, height: frame.height, format: 'jpeg', size: frame.data.length }, frame.data);
      }
      case 'get_state':
        return this.send({ type: 'state', state: await world.state() });
    }
  }

  private look(dx: number, dy: number): InputEvent[] {
    const { x, y } = this.ctx.lookScale;
    if (dx === 0 && dy === 0) return [];
    return [{ type: 'look', at: 0, slot: this.slot, dx: clampDeg(dx / x), dy: clampDeg(dy / y) }];
  }

  /**
   * Gamepad axes the game declares (`Gamepad_LeftX`...) set that axis, clamped to its range; UE axis mappings:
   * MoveForward/MoveRight hold W/S and D/A, Turn/LookUp turn the view.
   */
  private axis(axis: string, value: number): InputEvent[] {
    const name = axis.toLowerCase();
    const pad = this.ctx.gamepadAxes.get(name);
    if (pad !== undefined) {
      const { min, max } = axisRange(pad);
      const clamped = Math.max(min, Math.min(max, value));
      if (clamped !== 0) this.heldAxes.add(pad);
      else this.heldAxes.delete(pad);
      return [{ type: 'axis', at: 0, slot: this.slot, axis: pad, value: clamped }];
    }
    if (name === 'turn') return this.look(value, 0);
    if (name === 'lookup') return this.look(0, value);
    const pair = name === 'moveforward' ? (['W', 'S'] as const) : name === 'moveright' ? (['D', 'A'] as const) : undefined;
    const keys = this.ctx.entry.controls.keys;
    if (!pair || !keys.includes(pair[0]) || !keys.includes(pair[1])) {
      this.ignored(`axis '${axis}'`);
      return [];
    }
    const [plus, minus] = pair;
    const press = (key: string, down: boolean): InputEvent => {
      if (down) this.heldKeys.add(key);
      else this.heldKeys.delete(key);
      return { type: 'key', at: 0, slot: this.slot, key, down };
    };
    return [press(plus, value > 0), press(minus, value < 0)];
  }

  private async console(command: string): Promise<void> {
    const [verb = '', arg = ''] = command.trim().split(/\s+/);
    switch (verb.toLowerCase()) {
      case 'slomo': {
        const x = Number(arg);
        if (!Number.isFinite(x) || x < 0 || x > 16) return this.ignored(`console '${command}'`);
        return this.ctx.world.setDilation(x);
      }
      case 'open': {
        const variant = this.ctx.variantOfMap.get(mapKey(arg));
        if (variant === undefined) return this.ignored(`console '${command}' (no such map)`);
        await this.ctx.world.reset(variant);
        for (const c of this.ctx.connections) c.forgetHeld();
        return;
      }
      default:
        return this.ignored(`console '${command}'`);
    }
  }

  private releaseAll(): InputEvent[] {
    const out: InputEvent[] = [
      ...[...this.heldKeys].map((key): InputEvent => ({ type: 'key', at: 0, slot: this.slot, key, down: false })),
      ...[...this.heldButtons].map((button): InputEvent => ({ type: 'button', at: 0, slot: this.slot, button, down: false })),
      ...[...this.heldAxes].map((axis): InputEvent => ({ type: 'axis', at: 0, slot: this.slot, axis, value: 0 })),
    ];
    this.forgetHeld();
    return out;
  }
}
