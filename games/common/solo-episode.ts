/** An episode with one player: the first slot taking part, its events and its end. */
import type { SimEnd, SimEvent, SimulationOptions } from '../runtime/simulation.js';
import { ClockedEpisode, type EpisodeVariant } from './episode.js';

type Result = SimEnd['outcomes'][number]['result'];

/** A clocked episode played by `playerSlot` (the first slot of the options, else 0). */
export abstract class SoloEpisode<V extends EpisodeVariant> extends ClockedEpisode<V> {
  protected readonly playerSlot: number;

  constructor(variant: V, options: SimulationOptions) {
    super(variant);
    this.playerSlot = options.slots[0] ?? 0;
  }

  /** Reports `name` (with `data`, when given) as something the player did. */
  protected emit(name: string, data?: SimEvent['data']): void {
    this.events.push(data === undefined ? { name, slot: this.playerSlot } : { name, slot: this.playerSlot, data });
  }

  /** Ends the episode for `reason` with `result` for the player. */
  protected finish(reason: string, result: Result): void {
    this.end = { reason, outcomes: [{ slot: this.playerSlot, result }] };
  }
}
