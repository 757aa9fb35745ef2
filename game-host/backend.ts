/**
 * The seam between the GameLink server and whatever runs the game: a reference simulation in this process,
 * a desktop game under its own display, or a RemoteInput build on a GPU machine. The server owns the socket,
 * message order, validation and frame encoding; a backend owns game time, input and pixels.
 */
import type { FrameEncoding, GameEvent, InputEvent, PlayerProgress, SlotInfo, TrackedValue } from '../protocol/index.js';

/** What the backend can do, for the hello. */
export interface BackendInfo {
  readonly id: string;
  readonly build: string;
  readonly variants: readonly string[];
  readonly slots: readonly SlotInfo[];
  /** Length of one game tick, ms (how finely inputs can be timed). */
  readonly tickMs: number;
  /** `advance` runs exactly the requested game time. */
  readonly exactAdvance: boolean;
  /** The game can run freely at a speed other than 1. */
  readonly timeScale: boolean;
  /** The backend can report privileged state. */
  readonly privilegedState: boolean;
  /** The backend is a UE build: under a link's `keyNames: 'ue'` it takes key names and mouse buttons as sent. */
  readonly ueKeyNames?: boolean;
}

export interface EpisodeEndInfo {
  readonly reason: string;
  readonly outcomes: readonly { readonly slot: number; readonly result: 'win' | 'draw' | 'loss' | 'none' }[];
}

/** What a stretch of game time produced. */
export interface Stretch {
  readonly requestedMs: number;
  /** Game time that really passed (equal to requested on exact backends). */
  readonly actualMs: number;
  /** Events with their game times. */
  readonly events: readonly GameEvent[];
  /** Set once, in the stretch during which the episode ended. */
  readonly end: EpisodeEndInfo | undefined;
}

export interface RenderedFrame {
  readonly data: Uint8Array;
  readonly encoding: FrameEncoding;
  readonly width: number;
  readonly height: number;
  /**
   * Set when `data` is lent from a pool: the server may hold it past the next render and calls this once it
   * has finished with it (the socket wrote it), after which the backend may paint it again. A frame never
   * released is simply not reused. Without it, `data` may be painted over at the next render.
   */
  readonly release?: () => void;
}

export interface ResetOptions {
  readonly seed: number;
  readonly variant: string;
  readonly slots: readonly number[];
  /** Frame size the client asked for; a backend with a fixed size may ignore it (the server resizes). */
  readonly width: number;
  readonly height: number;
  /** Track the task-relevant state tick by tick (a client asked for `tracked` messages). */
  readonly perception?: boolean;
  /** The run's time limit, ms, where the client named one (a game with a timer plays to it where it is shorter). */
  readonly timeLimitMs?: number;
  /** `ue`: key inputs carry UE key names (the link said so); a UE build sends them as they are. */
  readonly keyNames?: 'ue';
}

/** The task-relevant state after a tick in which it changed or a critical event happened, with those events. */
export interface TrackedReport {
  readonly simMs: number;
  readonly tracked: Readonly<Record<string, TrackedValue>>;
  readonly events: readonly GameEvent[];
}

export interface GameBackend {
  readonly info: BackendInfo;
  /** Game time since reset, ms. */
  readonly simMs: number;
  readonly ended: boolean;
  /** Starts a new episode, paused at game time 0. The variant is checked by the server first. */
  reset(options: ResetOptions): Promise<void>;
  /** Runs `ms` of game time with inputs at offsets from its start, then holds still. */
  advance(ms: number, inputs: readonly InputEvent[]): Promise<Stretch>;
  /** Lets the game run freely at `timeScale`. */
  resume(timeScale: number): Promise<void>;
  /** Input while running freely; offsets count from now. */
  input(inputs: readonly InputEvent[]): Promise<void>;
  /** While running freely: what happened since the last poll. */
  poll(): Promise<Stretch>;
  /** Holds the game still again; returns the game time it ran since `resume`, ms. */
  pause(): Promise<number>;
  /** The view of `slot` now. The server may reuse nothing of it after the next call. */
  render(slot: number, width: number, height: number): Promise<RenderedFrame>;
  progress(): readonly PlayerProgress[];
  state(): Record<string, unknown>;
  /** The tracked-state reports since the last call (only backends with a perception adapter, after a reset that asked). */
  drainTracked?(): readonly TrackedReport[];
  /** Releases the game (processes, displays, sockets). */
  close(): Promise<void>;
}
