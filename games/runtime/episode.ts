/**
 * One running episode inside a game host: owns game time, delivers timed inputs on tick boundaries and
 * collects what happened. Pure and synchronous, so exactness is easy to test.
 */
import type { GameEvent, InputEvent } from '../../protocol/index.js';
import type { Stretch, TrackedReport } from '../../game-host/index.js';
import type { SimEnd, Simulation } from './simulation.js';
import { sameTracked, type PerceptionAdapter, type TrackedState } from './perception.js';

/** Follows the tracked state of an episode tick by tick: a report whenever it changes or a critical event happens. */
class StateTracker {
  private readonly critical: ReadonlySet<string>;
  private last: TrackedState | undefined;
  private reports: TrackedReport[] = [];

  constructor(private readonly adapter: PerceptionAdapter, sim: Simulation) {
    this.critical = new Set(adapter.events.map((e) => e.name));
    this.observe(sim, 0, []);
  }

  /** Looks at the state after a tick that ended at `simMs` and produced `events`. */
  observe(sim: Simulation, simMs: number, events: readonly GameEvent[]): void {
    const critical = events.filter((e) => this.critical.has(e.name));
    const tracked = this.adapter.track(sim.state());
    if (critical.length === 0 && sameTracked(this.last, tracked)) return;
    this.last = tracked;
    this.reports.push({ simMs, tracked, events: critical });
  }

  drain(): readonly TrackedReport[] {
    const out = this.reports;
    this.reports = [];
    return out;
  }
}

export class Episode {
  /** Game time since reset, ms; always a whole number of ticks. */
  simMs = 0;
  private endReported = false;
  /** Requested game time not yet run because it was less than a tick, ms. */
  private carryMs = 0;

  private readonly tracker: StateTracker | undefined;

  /** With a perception adapter, the episode also follows its tracked state (see `drainTracked`). */
  constructor(readonly sim: Simulation, perception?: PerceptionAdapter) {
    this.tracker = perception ? new StateTracker(perception, sim) : undefined;
  }

  /** The tracked-state reports since the last call (none without a perception adapter). */
  drainTracked(): readonly TrackedReport[] {
    return this.tracker?.drain() ?? [];
  }

  get ended(): boolean {
    return this.sim.ended() !== undefined;
  }

  /**
   * Runs `ms` of game time. An input at offset `at` is applied at the start of the first tick that starts
   * at or after `at`; inputs due at or after the last tick are applied at the end, so a release at the chunk's end holds.
   * Time that is not a whole number of ticks is carried into the next stretch.
   */
  run(ms: number, inputs: readonly InputEvent[]): Stretch {
    const tick = this.sim.tickMs;
    const sorted = inputs.map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || a.i - b.i).map((x) => x.e);
    const start = this.simMs;
    const budget = ms + this.carryMs;
    const ticks = Math.floor(budget / tick + 1e-9);
    const events: GameEvent[] = [];
    let next = 0;
    let ran = 0;
    for (; ran < ticks && !this.ended; ran++) {
      const elapsed = ran * tick;
      while (next < sorted.length && sorted[next]!.at <= elapsed + 1e-9) this.sim.input(sorted[next++]!);
      this.sim.tick();
      this.simMs = start + (ran + 1) * tick;
      const fresh = this.sim.drainEvents().map((ev) => toGameEvent(ev, this.simMs));
      events.push(...fresh);
      this.tracker?.observe(this.sim, this.simMs, fresh);
    }
    const actualMs = ran * tick;
    if (!this.ended) {
      // Inputs due within the carried remainder are applied now, late by less than a tick, never lost.
      while (next < sorted.length) this.sim.input(sorted[next++]!);
      this.carryMs = Math.max(0, budget - actualMs);
    } else {
      this.carryMs = 0;
    }
    return { requestedMs: ms, actualMs, events, end: this.takeEnd() };
  }

  private takeEnd(): SimEnd | undefined {
    const end = this.sim.ended();
    if (end === undefined || this.endReported) return undefined;
    this.endReported = true;
    return end;
  }
}

function toGameEvent(ev: { name: string; slot?: number; data?: Readonly<Record<string, number | string | boolean>> }, simMs: number): GameEvent {
  return {
    type: 'event',
    simMs,
    name: ev.name,
    ...(ev.slot === undefined ? {} : { slot: ev.slot }),
    ...(ev.data === undefined ? {} : { data: { ...ev.data } }),
  };
}
