/**
 * The seam between a reference game and the GameLink host that serves it: a deterministic, fixed-timestep
 * simulation that renders raw RGB. The host owns time, input timing, encoding and the socket.
 */
import type { InputEvent, PlayerProgress } from '../../protocol/index.js';
import type { PerceptionAdapter } from './perception.js';

export interface SimulationOptions {
  readonly seed: number;
  readonly variant: string;
  /** Slots taking part in this episode. */
  readonly slots: readonly number[];
  /** The run's time limit, ms: a game with a timer plays to it where it is shorter than its variant's. */
  readonly timeLimitMs?: number;
}

/** Something that happened in the game, reported once. `simMs` is filled in by the host. */
export interface SimEvent {
  readonly name: string;
  readonly slot?: number;
  readonly data?: Readonly<Record<string, number | string | boolean>>;
}

export interface SimEnd {
  /** Why the episode ended, in the game's terms (`fell`, `time_limit`...). */
  readonly reason: string;
  readonly outcomes: readonly { readonly slot: number; readonly result: 'win' | 'draw' | 'loss' | 'none' }[];
}

/** One episode of a game. Same seed, variant and inputs must give byte-identical frames. */
export interface Simulation {
  /** Game time of one tick, ms. Constant for the episode. */
  readonly tickMs: number;
  /** Applies one input now (the host delivers each at the start of the tick it falls in). */
  input(event: InputEvent): void;
  /** Runs one tick. Not called after `ended()` returns a value. */
  tick(): void;
  /** Renders `slot`'s view into `out`, a width x height x 3 RGB buffer. */
  render(slot: number, width: number, height: number, out: Uint8Array): void;
  /** Progress of every slot taking part, normalised to [0, 1]. */
  progress(): readonly PlayerProgress[];
  /** Events since the last call. */
  drainEvents(): readonly SimEvent[];
  /** Privileged state for scripted policies and the recorder (plain JSON-able data). */
  state(): Record<string, unknown>;
  /** Set once the episode is over. */
  ended(): SimEnd | undefined;
}

/** A reference game: its id, variants, and a way to start an episode. */
export interface GameDefinition {
  readonly id: string;
  readonly build: string;
  readonly variants: readonly string[];
  readonly slots: readonly { readonly slot: number; readonly team: number }[];
  /** Unknown variants are refused by the host before this is called. */
  create(options: SimulationOptions): Simulation;
  /** What of its state perception tasks ask about (the real-time reference games have one). */
  readonly perception?: PerceptionAdapter;
}
