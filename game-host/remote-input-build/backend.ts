/**
 * A RemoteInput build as a game backend, so the one GameLink server can serve it. The world is held still
 * with `slomo 0`; `advance(ms, inputs)` resumes it, plays the timed inputs out on the wall clock, freezes it
 * again and reports the game time that really passed (the server's own clock when it reports one, else the
 * wall time between the resume and the freeze). Frames are screenshots; progress is `get_score` kept as the
 * maximum seen; the end comes from `game_over` pushes and `game_over_check`. One connection per player.
 */
import { ArenaError, ErrorCode, type GameEvent, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { GameEntry } from '../../games-manifest/index.js';
import type { BackendInfo, EpisodeEndInfo, GameBackend, RenderedFrame, ResetOptions, Stretch } from '../backend.js';
import { RemoteInputExtension } from '../../protocol/index.js';
import { defaultAxisName, defaultFKey } from '../remote-input-server/key-map.js';
import { RemoteInputClient, type ScoreReply } from './client.js';
import type { RemoteInputDriverOptions } from './options.js';
import { waitUntil } from './wait.js';

interface FreeRun {
  readonly wallStart: number;
  lastPoll: number;
  lastScore: number;
  readonly scale: number;
  readonly simAtResume: number;
  readonly clockAtResume: number | undefined;
  readonly timers: Set<NodeJS.Timeout>;
}

export class RemoteInputBackend implements GameBackend {
  readonly info: BackendInfo;
  private clients: RemoteInputClient[];
  private readonly indexOfSlot: Map<number, number>;
  private episodeSlots: number[] = [];
  private simClock = 0;
  /** The server's own clock at the last freeze (our server's `sim_ms`), when it reports one. */
  private gameClock: number | undefined;
  private endedFlag = false;
  private gameOverSeen = false;
  private readonly best = new Map<number, { progress: number; score: number }>();
  private readonly scoreEvents: GameEvent[] = [];
  private cachedState: Record<string, unknown> = {};
  private loadedMap: string | undefined;
  /** Per slot: what is held down on the build (`key:<FKey>`, `button:<name>`, or `axis:<UE axis>` away from rest). */
  private readonly held = new Map<number, Set<string>>();
  private free: FreeRun | undefined;
  /** This episode's key inputs carry UE key names: sent as they are, not through the key map. */
  private ueNames = false;
  private readonly wake = new Set<() => void>();
  /** The last advance's wall-clock estimate of game time (wall time between resume and freeze x scale), ms. */
  lastWallEstimateMs = 0;

  private constructor(
    private readonly entry: GameEntry,
    private readonly options: RemoteInputDriverOptions,
    clients: RemoteInputClient[],
  ) {
    this.clients = clients;
    this.indexOfSlot = new Map(entry.slots.map((s, i) => [s.slot, i]));
    const first = clients[0]!;
    const welcome = first.welcome;
    const announced = typeof welcome?.build === 'string' ? welcome.build : typeof welcome?.server === 'string' ? welcome.server : undefined;
    this.info = {
      id: entry.id,
      build: (options.build ?? announced ?? 'remote-input').slice(0, 128),
      variants: entry.variants.map((v) => v.id),
      slots: entry.slots,
      tickMs: options.tickMs,
      exactAdvance: false,
      timeScale: true,
      privilegedState: first.extensions.has(RemoteInputExtension.GET_STATE),
      ueKeyNames: true,
    };
    for (const c of clients) this.watch(c);
  }

  /** Connects to every player's port of the build (player 1 first) and reads its welcome, if any. */
  static async connect(entry: GameEntry, options: RemoteInputDriverOptions): Promise<RemoteInputBackend> {
    return new RemoteInputBackend(entry, options, await connectAll(options));
  }

  get simMs(): number {
    return this.simClock;
  }

  get ended(): boolean {
    return this.endedFlag;
  }

  /** The connection that carries world commands (`slomo`, `open`, `reset`): player 1's. */
  private get world(): RemoteInputClient {
    return this.clients[0]!;
  }

  async reset(options: ResetOptions): Promise<void> {
    this.stopFree();
    this.ueNames = options.keyNames === 'ue';
    // A connection lost in the last episode is made again: a new episode needs no old state.
    if (this.clients.some((c) => c.error)) await this.reconnect();
    this.releaseHeld();
    const map = this.options.maps[options.variant];
    if (this.options.reset.kind === 'open' && map !== undefined) {
      // As the benchmark's runner does it: the map opened afresh each episode, loading with the world running.
      this.world.console(`open ${map}`);
      this.loadedMap = map;
      await new Promise((resolve) => setTimeout(resolve, this.options.reset.mapWaitMs));
    } else {
      this.world.console('slomo 0');
      if (map !== undefined && map !== this.loadedMap) {
        this.world.console(`open ${map}`);
        this.loadedMap = map;
      }
      await this.world.reset();
    }
    // A reset may reload the level, and with it the time dilation.
    this.world.console('slomo 0');
    this.episodeSlots = [...options.slots];
    this.best.clear();
    this.scoreEvents.length = 0;
    this.endedFlag = false;
    this.gameOverSeen = false;
    this.simClock = 0;
    this.gameClock = undefined;
    await this.refresh();
  }

  async advance(ms: number, inputs: readonly InputEvent[]): Promise<Stretch> {
    this.checkLinks();
    const scale = this.options.timeScale;
    const sorted = inputs.map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || a.i - b.i).map((x) => x.e);
    // Inputs at 0 go in while the world is still frozen, so they hold from the first instant of the stretch.
    let next = 0;
    while (next < sorted.length && sorted[next]!.at <= 0) this.sendInput(sorted[next++]!);
    let t0 = 0;
    let t1 = 0;
    let cut = false;
    try {
      this.world.console(`slomo ${scale}`);
      t0 = performance.now();
      for (; next < sorted.length && sorted[next]!.at < ms; next++) {
        if (!(await waitUntil(t0 + sorted[next]!.at / scale, this.wake, () => this.interrupted()))) {
          cut = true;
          break;
        }
        this.sendInput(sorted[next]!);
      }
      if (!cut) cut = !(await waitUntil(t0 + ms / scale, this.wake, () => this.interrupted()));
    } finally {
      this.freezeQuietly();
      t1 = performance.now();
    }
    // Releases due at the end go in after the freeze: a key held to the end is held for the whole stretch.
    if (cut) this.releaseHeld();
    else for (; next < sorted.length; next++) this.sendInput(sorted[next]!);
    this.checkLinks();
    const before = this.gameClock;
    await this.refresh();
    this.lastWallEstimateMs = (t1 - t0) * scale;
    const actualMs = measured(before, this.gameClock, this.lastWallEstimateMs);
    this.simClock += actualMs;
    return { requestedMs: ms, actualMs, ...this.takeEnd() };
  }

  async resume(timeScale: number): Promise<void> {
    this.checkLinks();
    this.world.console(`slomo ${timeScale}`);
    const now = performance.now();
    this.free = { wallStart: now, lastPoll: now, lastScore: now, scale: timeScale, simAtResume: this.simClock, clockAtResume: this.gameClock, timers: new Set() };
  }

  async input(inputs: readonly InputEvent[]): Promise<void> {
    const free = this.free;
    if (!free) return;
    for (const e of inputs) {
      if (e.at <= 0) {
        this.sendInput(e);
        continue;
      }
      const timer = setTimeout(() => {
        free.timers.delete(timer);
        // A connection that died since is reported by the next poll.
        if (!this.interrupted()) this.sendInput(e);
      }, e.at / free.scale);
      free.timers.add(timer);
    }
  }

  async poll(): Promise<Stretch> {
    const free = this.free;
    if (!free) return { requestedMs: 0, actualMs: 0, events: [], end: undefined };
    this.checkLinks();
    const now = performance.now();
    const dt = (now - free.lastPoll) * free.scale;
    free.lastPoll = now;
    this.simClock += dt;
    if (now - free.lastScore >= this.options.scoreIntervalMs || this.gameOverSeen) {
      free.lastScore = now;
      await this.refresh();
    }
    return { requestedMs: dt, actualMs: dt, ...this.takeEnd() };
  }

  async pause(): Promise<number> {
    const free = this.free;
    if (!free) return 0;
    this.stopFree();
    this.freezeQuietly();
    const wallRan = (performance.now() - free.wallStart) * free.scale;
    this.releaseHeld();
    this.checkLinks();
    await this.refresh();
    const ran = measured(free.clockAtResume, this.gameClock, wallRan);
    this.simClock = free.simAtResume + ran;
    return ran;
  }

  async render(slot: number): Promise<RenderedFrame> {
    const shot = await this.client(slot).screenshot(this.options.jpegQuality);
    return { data: shot.data, encoding: shot.format, width: shot.width, height: shot.height };
  }

  progress(): readonly PlayerProgress[] {
    return this.episodeSlots.map((slot) => ({ slot, progress: this.best.get(slot)?.progress ?? 0, score: this.best.get(slot)?.score ?? 0 }));
  }

  state(): Record<string, unknown> {
    return this.cachedState;
  }

  async close(): Promise<void> {
    this.stopFree();
    try {
      this.releaseHeld();
    } catch {
      // The build is gone; nothing is held any more.
    }
    await Promise.all(this.clients.map((c) => c.close()));
  }

  // ---- internals ------------------------------------------------------------------------------

  private watch(c: RemoteInputClient): void {
    c.onGameOver(() => {
      this.gameOverSeen = true;
      this.wakeAll();
    });
    c.onClosed(() => this.wakeAll());
  }

  private wakeAll(): void {
    for (const w of [...this.wake]) w();
  }

  private async reconnect(): Promise<void> {
    const old = this.clients;
    old.forEach((c) => c.destroy());
    this.clients = await connectAll(this.options);
    for (const c of this.clients) this.watch(c);
    this.held.clear();
    this.loadedMap = undefined;
  }

  private client(slot: number): RemoteInputClient {
    const i = this.indexOfSlot.get(slot);
    if (i === undefined) throw new ArenaError(ErrorCode.BAD_SLOT, `${this.entry.id} has no slot ${slot}`);
    return this.clients[i]!;
  }

  private interrupted(): boolean {
    return this.gameOverSeen || this.clients.some((c) => c.error !== undefined);
  }

  /** Throws the first connection failure (GAME_CRASHED, GAME_TIMEOUT or BAD_MESSAGE). */
  private checkLinks(): void {
    const failed = this.clients.find((c) => c.error);
    if (failed?.error) throw failed.error;
  }

  private freezeQuietly(): void {
    if (!this.world.error) this.world.console('slomo 0');
  }

  private sendInput(e: InputEvent): void {
    const c = this.client(e.slot);
    const held = this.held.get(e.slot) ?? new Set<string>();
    this.held.set(e.slot, held);
    const command = inputCommand(e, this.options, this.ueNames);
    if (command === undefined) return;
    c.send(command);
    const [name, down] =
      command.type === 'key' ? [`key:${command.key}`, command.event === 'pressed'] : command.type === 'mouse_button' ? [`button:${command.button}`, command.event === 'pressed'] : command.type === 'axis' ? [`axis:${command.axis}`, command.value !== 0] : [undefined, false];
    if (name === undefined) return;
    if (down) held.add(name);
    else held.delete(name);
  }

  /** Lets go of everything held, on every live connection. */
  private releaseHeld(): void {
    for (const [slot, held] of this.held) {
      const c = this.client(slot);
      if (c.error) continue;
      for (const h of held) {
        // A key name may hold a colon itself (the benchmark profile sends tokens as written).
        const cut = h.indexOf(':');
        const kind = h.slice(0, cut);
        const name = h.slice(cut + 1);
        if (kind === 'key') c.key(name, false);
        else if (kind === 'axis') c.axis(name, 0);
        else c.mouseButton(name as 'left' | 'right' | 'middle', false);
      }
      held.clear();
    }
  }

  /** Reads scores (kept as the maximum seen), game over, the server's clock and (if offered) the state. */
  private async refresh(): Promise<void> {
    let clock: number | undefined;
    for (const slot of this.episodeSlots) {
      const c = this.client(slot);
      const score = await c.getScore();
      this.noteScore(slot, score);
      if (clock === undefined) clock = score.simMs;
      if (await c.gameOverCheck()) this.gameOverSeen = true;
    }
    this.gameClock = clock;
    if (this.info.privilegedState) this.cachedState = await this.world.getState();
  }

  private noteScore(slot: number, reply: ScoreReply): void {
    const { field, max } = this.options.progress;
    const value = field === 'score' ? reply.score : field === 'survival_time' ? reply.survivalTime : reply.progress;
    const prev = this.best.get(slot) ?? { progress: 0, score: reply.score };
    const progress = value === undefined ? prev.progress : Math.max(prev.progress, Math.min(1, Math.max(0, value / max)));
    this.best.set(slot, { progress, score: this.options.scoreKeep === 'last' ? reply.score : Math.max(prev.score, reply.score) });
    const range = this.options.scoreRange;
    if (range && (!Number.isFinite(reply.score) || reply.score < range.min || (range.max !== null && reply.score > range.max))) {
      this.scoreEvents.push({ type: 'event', simMs: this.simClock, slot, name: 'score_out_of_range', data: { score: reply.score, min: range.min, ...(range.max === null ? {} : { max: range.max }) } });
    }
  }

  /** The episode's end, once: from a push or a `game_over_check` seen since the last stretch. */
  private takeEnd(): { events: GameEvent[]; end: EpisodeEndInfo | undefined } {
    // Score readings outside the declared range go out with the stretch that saw them.
    const scored = this.scoreEvents.splice(0);
    if (!this.gameOverSeen || this.endedFlag) return { events: scored, end: undefined };
    this.endedFlag = true;
    // Scheduled input has nothing left to act on; the world stays as it is until `pause` freezes it.
    if (this.free) for (const t of this.free.timers) clearTimeout(t);
    return {
      events: [...scored, { type: 'event', simMs: this.simClock, name: 'game_over' }],
      end: { reason: 'game_over', outcomes: this.episodeSlots.map((slot) => ({ slot, result: 'none' as const })) },
    };
  }

  private stopFree(): void {
    if (!this.free) return;
    for (const t of this.free.timers) clearTimeout(t);
    this.free.timers.clear();
    this.free = undefined;
  }
}

/** A RemoteInput command line of the driver's. */
export type InputCommand =
  | { readonly type: 'key'; readonly key: string; readonly event: 'pressed' | 'released' }
  | { readonly type: 'mouse_button'; readonly button: 'left' | 'right' | 'middle'; readonly event: 'pressed' | 'released' }
  | { readonly type: 'mouse'; readonly dx: number; readonly dy: number }
  | { readonly type: 'axis'; readonly axis: string; readonly value: number };

/**
 * The command an input becomes on the build's wire: keys through the key map (or, with `ueNames`, as
 * named), looks in `mouse` units, axes by their UE names; none for a move (a build takes no moves; the
 * GameLink host refuses them before this).
 */
export function inputCommand(e: InputEvent, options: Pick<RemoteInputDriverOptions, 'keyMap' | 'axisMap' | 'look' | 'lookDivisor'>, ueNames: boolean): InputCommand | undefined {
  const event = (down: boolean): 'pressed' | 'released' => (down ? 'pressed' : 'released');
  switch (e.type) {
    case 'key':
      return { type: 'key', key: ueNames ? e.key : (options.keyMap.get(e.key) ?? defaultFKey(e.key)), event: event(e.down) };
    case 'button':
      return { type: 'mouse_button', button: e.button, event: event(e.down) };
    case 'look': {
      const [dx, dy] = lookUnits(e.dx, e.dy, options);
      return { type: 'mouse', dx, dy };
    }
    case 'axis':
      return { type: 'axis', axis: options.axisMap.get(e.axis) ?? defaultAxisName(e.axis), value: e.value };
    case 'move':
      return undefined;
  }
}

/** The `mouse` units of a look of (dx, dy) degrees: divided by degrees per unit where the recipe gives them (the runner's arithmetic), else multiplied by units per degree. */
export function lookUnits(dx: number, dy: number, options: Pick<RemoteInputDriverOptions, 'look' | 'lookDivisor'>): [number, number] {
  const d = options.lookDivisor;
  return d ? [dx / d.x, dy / d.y] : [dx * options.look.x, dy * options.look.y];
}

/** Game time that passed: the server's clock when it reports one on both sides, else the wall-clock estimate. */
function measured(before: number | undefined, after: number | undefined, wallMs: number): number {
  return before !== undefined && after !== undefined && after >= before ? after - before : Math.max(0, wallMs);
}

async function connectAll(options: RemoteInputDriverOptions): Promise<RemoteInputClient[]> {
  const clients: RemoteInputClient[] = [];
  try {
    for (const port of options.ports) clients.push(await RemoteInputClient.connect({ ...options.client, host: options.host, port }));
    // The first reply follows any welcome line on the same socket, so after it the welcome is known.
    for (const c of clients) await c.getScore();
    return clients;
  } catch (err) {
    clients.forEach((c) => c.destroy());
    throw err;
  }
}
