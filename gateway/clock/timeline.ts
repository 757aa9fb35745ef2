/**
 * The virtual timeline of a paused-clock match (`pdq` and `lcrt`), in game time. Each slot observes, decides
 * while the game is paused, and has its chunk placed at (observation time + charged latency); its next
 * observation follows the chunk's end (+ observation delay). The game advances from one observation point
 * to the next, carrying every placed chunk's inputs at their exact offsets, so the result depends only on
 * the charged latencies, never on how long the calls took on the wall. In `pdq` all slots observe together
 * and the next observation waits for the longest chunk. `matched` is the same step barrier with a charge:
 * each chunk starts after its (shared) charged latency and the next observation waits for the latest chunk
 * end. Ties break by slot number.
 */
import type { InputEvent } from '../../protocol/index.js';
import { shiftInputs } from '../chunk-compiler.js';

export interface Placement {
  readonly slot: number;
  readonly observedAtMs: number;
  readonly chargedMs: number;
  readonly chunkStartMs: number;
  readonly chunkEndMs: number;
  readonly nextObservationMs: number;
}

/** `pdq` and `matched` observe together (a step barrier); `lcrt` keeps each slot on its own schedule. */
export type TimelineMode = 'pdq' | 'lcrt' | 'matched';

interface SlotTrack {
  nextObservationMs: number;
  active: boolean;
}

export class Timeline {
  private readonly tracks = new Map<number, SlotTrack>();
  /** Placed inputs with absolute game times, not yet handed to an advance. */
  private queued: InputEvent[] = [];

  constructor(
    readonly mode: TimelineMode,
    slots: readonly number[],
    private readonly observationDelayMs: number,
    startMs = 0,
  ) {
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
   * latency (0 in pdq, unless the decision is `charged` there: the benchmark profile's first decision, made
   * with the world running), chunk duration and chunk inputs relative to the chunk's start.
   */
  place(observedAtMs: number, decisions: ReadonlyMap<number, { chargedMs: number; charged?: boolean; durationMs: number; inputs: readonly InputEvent[] }>): Placement[] {
    const placements: Placement[] = [];
    const charge = (d: { chargedMs: number; charged?: boolean }): number => (this.mode === 'pdq' && d.charged !== true ? 0 : d.chargedMs);
    // The barrier modes' next observation: after the latest chunk end (in pdq, the longest chunk).
    const latestEnd = Math.max(0, ...[...decisions.values()].map((d) => charge(d) + d.durationMs));
    for (const slot of [...decisions.keys()].sort((a, b) => a - b)) {
      const d = decisions.get(slot)!;
      const track = this.tracks.get(slot);
      if (!track) throw new Error(`slot ${slot} is not on the timeline`);
      const charged = charge(d);
      const chunkStartMs = observedAtMs + charged;
      const chunkEndMs = chunkStartMs + d.durationMs;
      const nextObservationMs = (this.mode === 'lcrt' ? chunkEndMs : observedAtMs + latestEnd) + this.observationDelayMs;
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
