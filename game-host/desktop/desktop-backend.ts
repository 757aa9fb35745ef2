/**
 * A native game under its own Xvfb display as a game backend: frames by screen grab, keys and buttons by
 * nut-js, mouse-look by XTest relative motion, and game time by SIGSTOP/SIGCONT plus a libfaketime offset.
 * Advances are approximate: each reports the game time that really ran (wall time between SIGCONT and
 * SIGSTOP), which is what the gateway's clock ledger records.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArenaError, ErrorCode, type GameEvent, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { DesktopRecipe, GameEntry } from '../../games-manifest/index.js';
import type { BackendInfo, EpisodeEndInfo, GameBackend, RenderedFrame, ResetOptions, Stretch } from '../backend.js';
import { FileTail } from './file-tail.js';
import { FrozenClock, faketimeEnv, findLibfaketime } from './frozen-clock.js';
import { startGame, type GameProcess } from './game-process.js';
import { planInputs, releaseHeld, type HeldControls, type PlannedAction } from './input-plan.js';
import { ProgressProbe } from './progress-probe.js';
import { ScreenIo } from './screen-io.js';
import { startDisplay, type VirtualDisplay } from './virtual-display.js';
import { X11Link } from './x11-link.js';
import { sleepUntil } from './wall-timer.js';

/** Default shortest hold of a key or button, ms of running game time. */
export const DEFAULT_MIN_HOLD_MS = 50;

export interface DesktopBackendOptions {
  /** Deadline for the game's ready condition, ms (default 30 s). */
  readonly readyTimeoutMs?: number;
  /** Called once if the game or its display dies on its own (not on reset or close). */
  readonly onDeath?: (err: ArenaError) => void;
}

interface Episode {
  readonly game: GameProcess;
  readonly clock: FrozenClock;
  readonly probe: ProgressProbe;
  readonly tail: FileTail | undefined;
  /** Output lines not yet matched, with the wall time they arrived. */
  readonly lines: { line: string; wall: number }[];
  readonly held: HeldControls;
}

interface FreeRun {
  /** Game time when the run started, ms. */
  readonly simStart: number;
  /** Running wall time already reported by polls, ms. */
  reported: number;
  readonly timers: Set<NodeJS.Timeout>;
  readonly events: GameEvent[];
}

export function desktopRecipeOf(entry: GameEntry): DesktopRecipe {
  if (entry.launch.kind !== 'desktop') throw new ArenaError(ErrorCode.BAD_CONFIG, `${entry.id} is not a desktop game (launch kind '${entry.launch.kind}')`);
  return entry.launch;
}

export class DesktopBackend implements GameBackend {
  readonly info: BackendInfo;
  private readonly recipe: DesktopRecipe;
  private readonly minHoldMs: number;
  private episode: Episode | undefined;
  private free: FreeRun | undefined;
  private sim = 0;
  private endInfo: EpisodeEndInfo | undefined;
  private closing = false;
  private homes = 0;
  private deathReported = false;
  private deathMessage: string | undefined;

  private constructor(
    private readonly entry: GameEntry,
    private readonly display: VirtualDisplay,
    private readonly x11: X11Link,
    private readonly io: ScreenIo,
    private readonly root: string,
    private readonly libfaketime: string,
    private readonly options: DesktopBackendOptions,
  ) {
    this.recipe = desktopRecipeOf(entry);
    this.minHoldMs = this.recipe.minHoldMs ?? DEFAULT_MIN_HOLD_MS;
    this.info = {
      id: entry.id,
      build: this.recipe.build ?? this.recipe.command,
      variants: entry.variants.map((v) => v.id),
      slots: entry.slots,
      tickMs: this.recipe.tickMs,
      exactAdvance: false,
      timeScale: false,
      privilegedState: false,
    };
    void display.exited.then(({ code, signal }) => this.died(new ArenaError(ErrorCode.GAME_CRASHED, `the game's X display ${display.name} exited (${signal ?? `code ${code}`})`)));
  }

  /** Starts the display for `entry` (a `desktop` recipe) and binds nut-js to it; the game starts at reset. */
  static async create(entry: GameEntry, options: DesktopBackendOptions = {}): Promise<DesktopBackend> {
    const recipe = desktopRecipeOf(entry);
    if (entry.slots.length !== 1) throw new ArenaError(ErrorCode.BAD_CONFIG, `${entry.id}: a desktop game shows one view, so it has exactly one slot`);
    for (const key of entry.controls.keys) {
      if (!(key in recipe.keyMap)) throw new ArenaError(ErrorCode.BAD_CONFIG, `${entry.id}: control '${key}' has no key in the recipe's keyMap`);
    }
    const libfaketime = findLibfaketime();
    if (!libfaketime) throw new ArenaError(ErrorCode.BAD_CONFIG, 'libfaketime is not installed (Debian package faketime; or set ARENA_LIBFAKETIME)');
    const display = await startDisplay({ width: recipe.window.width, height: recipe.window.height });
    const root = mkdtempSync(join(tmpdir(), 'arena-desktop-'));
    try {
      const x11 = await X11Link.connect(display.name);
      const io = await ScreenIo.open(display.name, recipe.keyMap);
      return new DesktopBackend(entry, display, x11, io, root, libfaketime, options);
    } catch (err) {
      await display.close();
      rmSync(root, { recursive: true, force: true });
      throw err;
    }
  }

  /** The display the game runs on (`:N`). */
  get displayName(): string {
    return this.display.name;
  }

  /** The game's process id, while a game runs. */
  get gamePid(): number | undefined {
    return this.episode?.game.pid;
  }

  /** Total wall time hidden from the game's clock so far, ms. */
  get hiddenMs(): number {
    return this.episode?.clock.offsetMs ?? 0;
  }

  get simMs(): number {
    return this.sim;
  }

  get ended(): boolean {
    return this.endInfo !== undefined;
  }

  async reset(options: ResetOptions): Promise<void> {
    await this.stopGame();
    this.sim = 0;
    this.endInfo = undefined;
    const home = join(this.root, `home-${this.homes++}`);
    const clock = new FrozenClock(join(this.root, 'faketime'));
    const game = await startGame({
      recipe: this.recipe,
      variant: options.variant,
      display: this.display.name,
      home,
      clockEnv: faketimeEnv(this.libfaketime, join(this.root, 'faketime')),
      x11: this.x11,
      ...(this.options.readyTimeoutMs === undefined ? {} : { timeoutMs: this.options.readyTimeoutMs }),
    });
    clock.attach(game.pid);
    const variant = this.entry.variants.find((v) => v.id === options.variant);
    const probe = new ProgressProbe(this.recipe.progress, this.entry.slots[0]!.slot, variant?.timeLimitMs ?? this.entry.timeLimitMs);
    const episode: Episode = { game, clock, probe, tail: probe.file ? new FileTail(join(home, probe.file)) : undefined, lines: [], held: new Map() };
    if (probe.readsLines && !probe.file) game.onLine((line) => episode.lines.push({ line, wall: performance.now() }));
    void game.exited.then(({ code, signal }) => {
      if (this.episode === episode) this.died(new ArenaError(ErrorCode.GAME_CRASHED, `the game exited (${signal ?? `code ${code}`})${game.outputTail() ? `:\n${game.outputTail()}` : ''}`));
    });
    this.episode = episode;
    await this.focusGame();
    if (this.recipe.settleMs > 0) await sleepUntil(performance.now() + this.recipe.settleMs);
    await this.focusGame();
    clock.stop();
    this.require();
    // What the game logged while it loaded is not part of the episode.
    episode.lines.length = 0;
    episode.tail?.read();
  }

  async advance(ms: number, inputs: readonly InputEvent[]): Promise<Stretch> {
    const ep = this.require();
    const simStart = this.sim;
    const plan = planInputs(inputs, simStart, this.minHoldMs, ep.held);
    const events: GameEvent[] = [];
    let next = 0;
    // Inputs due at the start go in while the game is stopped: it reads them as soon as it runs.
    for (; next < plan.length && plan[next]!.at <= 0; next++) events.push(await this.perform(plan[next]!, simStart, 0));
    const endAt = Math.max(ms, plan.at(-1)?.at ?? 0);
    const t0 = ep.clock.cont();
    try {
      for (; next < plan.length; next++) {
        const action = plan[next]!;
        await sleepUntil(t0 + action.at);
        if (action.at >= endAt) break;
        events.push(await this.perform(action, simStart, performance.now() - t0));
      }
      await sleepUntil(t0 + endAt);
      // Releases due at the very end go in just before the stop, so nothing stays held by accident.
      for (; next < plan.length; next++) events.push(await this.perform(plan[next]!, simStart, performance.now() - t0));
    } finally {
      if (!ep.game.dead) this.sim = simStart + ep.clock.stop();
    }
    this.require();
    const probed = await this.readProbe(ep, simStart, t0);
    return { requestedMs: ms, actualMs: this.sim - simStart, events: [...events, ...probed.events], end: probed.end };
  }

  async resume(_timeScale: number): Promise<void> {
    const ep = this.require();
    if (this.free) return;
    ep.clock.cont();
    this.free = { simStart: this.sim, reported: 0, timers: new Set(), events: [] };
  }

  async input(inputs: readonly InputEvent[]): Promise<void> {
    const ep = this.require();
    const free = this.free;
    if (!free) return;
    const base = ep.clock.runningMs();
    const start = free.simStart + base;
    for (const action of planInputs(inputs, start, this.minHoldMs, ep.held)) {
      const timer = setTimeout(() => {
        free.timers.delete(timer);
        void this.perform(action, free.simStart, ep.clock.runningMs()).then((e) => free.events.push(e), () => undefined);
      }, Math.max(0, action.at));
      free.timers.add(timer);
    }
  }

  async poll(): Promise<Stretch> {
    const ep = this.require();
    const free = this.free;
    if (!free) return { requestedMs: 0, actualMs: 0, events: [], end: undefined };
    const ran = ep.clock.runningMs();
    const delta = ran - free.reported;
    free.reported = ran;
    const simBefore = this.sim;
    this.sim = free.simStart + ran;
    const probed = await this.readProbe(ep, simBefore, performance.now() - delta);
    const events = free.events.splice(0);
    return { requestedMs: delta, actualMs: delta, events: [...events, ...probed.events], end: probed.end };
  }

  async pause(): Promise<number> {
    const ep = this.require();
    const free = this.free;
    if (!free) return 0;
    this.free = undefined;
    for (const t of free.timers) clearTimeout(t);
    const ran = ep.clock.stop();
    this.sim = free.simStart + ran;
    // Releases still due go in now, so no control stays held while the game is stopped.
    for (const action of releaseHeld(ep.held, this.entry.slots[0]!.slot, ran)) await this.perform(action, free.simStart, ran);
    return ran;
  }

  async render(_slot: number, _width: number, _height: number): Promise<RenderedFrame> {
    this.require();
    return this.io.grab();
  }

  progress(): readonly PlayerProgress[] {
    return this.episode?.probe.progress(this.sim) ?? [];
  }

  state(): Record<string, unknown> {
    return { display: this.display.name, pid: this.episode?.game.pid, hiddenMs: this.hiddenMs };
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.stopGame();
    this.x11.close();
    await this.display.close();
    rmSync(this.root, { recursive: true, force: true });
  }

  /** Performs one action now; returns its record as executed (`at` = game time it really happened). */
  private async perform(action: PlannedAction, simStart: number, offsetMs: number): Promise<GameEvent> {
    const at = Math.round((simStart + Math.max(0, offsetMs)) * 10) / 10;
    const common = { requestedAt: simStart + action.requestedAt, at, extendedMs: Math.max(0, Math.round(action.at - action.requestedAt)) };
    switch (action.kind) {
      case 'key':
        await this.io.key(action.key, action.down);
        return { type: 'event', simMs: at, slot: action.slot, name: 'input', data: { kind: 'key', key: action.key, down: action.down, ...common } };
      case 'button':
        await this.io.button(action.button, action.down);
        return { type: 'event', simMs: at, slot: action.slot, name: 'input', data: { kind: 'button', key: action.button, down: action.down, ...common } };
      case 'look': {
        const px = { x: action.dx * this.recipe.lookPixelsPerDegree.x, y: -action.dy * this.recipe.lookPixelsPerDegree.y };
        this.x11.moveRelative(px.x, px.y);
        await this.x11.sync();
        return { type: 'event', simMs: at, slot: action.slot, name: 'input', data: { kind: 'look', dx: action.dx, dy: action.dy, px: Math.round(px.x), py: Math.round(px.y), ...common } };
      }
    }
  }

  /** Matches what the game logged during a stretch that started at `simStart` (wall time `wallStart`). */
  private async readProbe(ep: Episode, simStart: number, wallStart: number): Promise<{ events: GameEvent[]; end: EpisodeEndInfo | undefined }> {
    const events: GameEvent[] = [];
    let end: EpisodeEndInfo | undefined;
    if (!ep.probe.readsLines) return { events, end };
    // Output written just before the stop may still sit in the pipe: let it arrive.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    const span = this.sim - simStart;
    const lines = ep.tail ? ep.tail.read().map((line) => ({ line, wall: wallStart + span })) : ep.lines.splice(0);
    for (const { line, wall } of lines) {
      const simMs = simStart + Math.max(0, Math.min(span, wall - wallStart));
      const reading = ep.probe.feed(line, Math.round(simMs));
      events.push(...reading.events);
      end ??= reading.end;
    }
    if (end) this.endInfo = end;
    return { events, end };
  }

  private async focusGame(): Promise<void> {
    const ep = this.require();
    const window = ep.game.window ?? (await this.x11.windows()).at(-1);
    if (window) await this.x11.focus(window);
  }

  private require(): Episode {
    // Once the game or its display has died, every request in flight or still to come says so, even after
    // the bridge started tearing the episode down.
    if (this.deathReported) throw new ArenaError(ErrorCode.GAME_CRASHED, this.deathMessage ?? 'the game died');
    if (!this.episode) throw new ArenaError(ErrorCode.BAD_STATE, 'no episode yet; send reset first');
    if (this.episode.game.dead) throw new ArenaError(ErrorCode.GAME_CRASHED, `the game exited${this.episode.game.outputTail() ? `:\n${this.episode.game.outputTail()}` : ''}`);
    return this.episode;
  }

  private async stopGame(): Promise<void> {
    const ep = this.episode;
    this.episode = undefined;
    if (this.free) {
      for (const t of this.free.timers) clearTimeout(t);
      this.free = undefined;
    }
    if (ep) await ep.game.kill();
  }

  private died(err: ArenaError): void {
    if (this.closing || this.deathReported) return;
    this.deathReported = true;
    this.deathMessage = err.message;
    this.options.onDeath?.(err);
  }
}
