/**
 * The virtual timeline of a paused-clock match (`pdq` and `lcrt`), in game time. Each slot observes, decides
 * while the game is paused, and has its chunk placed at (observation time + charged latency); its next
 * observation follows the chunk's end (+ observation delay). The game advances from one observation point
 * to the next, carrying every placed chunk's inputs at their exact offsets, so the result depends only on
 * the charged latencies, never on how long the calls took on the wall. In `pdq` all slots observe together
 * and the next observation waits for the longest chunk. Ties break by slot number.
 */
import type { InputEvent } from '../../protocol/index.js';
import { shiftInputs } from '../chunk-compiler.js';
import { clockModeRow, type PausedClockMode } from './clock-mode.js';

export interface Placement {
  readonly slot: number;
  readonly observedAtMs: number;
  readonly chargedMs: number;
  readonly chunkStartMs: number;
  readonly chunkEndMs: number;
  readonly nextObservationMs: number;
}

interface SlotTrack {
  nextObservationMs: number;
  active: boolean;
}

export class Timeline {
  private readonly tracks = new Map<number, SlotTrack>();
  /** Placed inputs with absolute game times, not yet handed to an advance. */
  private queued: InputEvent[] = [];
  private readonly charges: boolean;
  private readonly together: boolean;

  constructor(
    readonly mode: PausedClockMode,
    slots: readonly number[],
    private readonly observationDelayMs: number,
    startMs = 0,
  ) {
    const row = clockModeRow(mode)!;
    this.charges = row.chargesLatency;
    this.together = row.observesTogether;
    for (const slot of [...slots].sort((a, b) => a - b)) this.tracks.set(slot, { nextObservationMs: startMs, active: true });
  }

  /** Slots that must observe at `nowMs`, in slot order. */
  due(nowMs: number): number[] {
    return [...this.tracks].filter(([, t]) => t.active && t.nextObservationMs <= nowMs).map(([s]) => s);
  }

  /** Stops scheduling a slot (its budget is spent, or it left and plays nothing). */
  retire(slot: number): void {
    const t = this.tracks.get(slot);
    if (t) t.active = false;
  }

  get anyActive(): boolean {
    return [...this.tracks.values()].some((t) => t.active);
  }

  /**
   * Places the decisions of the slots that observed at `observedAtMs`. `decisions` maps slot to its charged
   * latency (0 in pdq), chunk duration and chunk inputs relative to the chunk's start.
   */
  place(observedAtMs: number, decisions: ReadonlyMap<number, { chargedMs: number; durationMs: number; inputs: readonly InputEvent[] }>): Placement[] {
    const placements: Placement[] = [];
    const slots = [...decisions.keys()].sort((a, b) => a - b);
    const chargedOf = (slot: number): number => (this.charges ? decisions.get(slot)!.chargedMs : 0);
    const endOf = (slot: number): number => observedAtMs + chargedOf(slot) + decisions.get(slot)!.durationMs;
    // Observing together: every slot that observed now observes again when the last of their chunks is over.
    const latestEnd = Math.max(observedAtMs, ...slots.map(endOf));
    for (const slot of slots) {
      const d = decisions.get(slot)!;
      const track = this.tracks.get(slot);
      if (!track) throw new Error(`slot ${slot} is not on the timeline`);
      const charged = chargedOf(slot);
      const chunkStartMs = observedAtMs + charged;
      const chunkEndMs = chunkStartMs + d.durationMs;
      const nextObservationMs = (this.together ? latestEnd : chunkEndMs) + this.observationDelayMs;
      track.nextObservationMs = nextObservationMs;
      this.queued.push(...shiftInputs(d.inputs, chunkStartMs));
      placements.push({ slot, observedAtMs, chargedMs: charged, chunkStartMs, chunkEndMs, nextObservationMs });
    }
    return placements;
  }

  /** The next game time at which some active slot observes; undefined when none is active. */
  nextStop(): number | undefined {
    const times = [...this.tracks.values()].filter((t) => t.active).map((t) => t.nextObservationMs);
    return times.length === 0 ? undefined : Math.min(...times);
  }

  /** The end of every queued input, for draining after the last observation. */
  lastQueuedMs(): number {
    return Math.max(0, ...this.queued.map((e) => e.at));
  }

  /**
   * Removes and returns the inputs at or before `toMs`, re-based to `fromMs` (an advance's offsets).
   * Inputs are sorted by time, then by slot, then in placement order.
   */
  take(fromMs: number, toMs: number): InputEvent[] {
    const now = this.queued.map((e, i) => ({ e, i })).filter(({ e }) => e.at <= toMs);
    this.queued = this.queued.filter((e) => e.at > toMs);
    return now.sort((a, b) => a.e.at - b.e.at || a.e.slot - b.e.slot || a.i - b.i).map(({ e }) => ({ ...e, at: Math.max(0, e.at - fromMs) }));
  }
}
