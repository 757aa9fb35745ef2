/** An episode for slots 0 and 1 facing each other: held keys and left-button presses per slot, results and the end. */
import type { InputEvent } from '../../protocol/index.js';
import type { SimulationOptions } from '../runtime/simulation.js';
import { ClockedEpisode, type EpisodeVariant } from './episode.js';
import { HeldKeys } from './held-keys.js';

/** How a duel ended for one side. */
export type DuelResult = 'win' | 'draw' | 'loss';

/** Results for slots 0 and 1 by a score each: the higher wins, equal scores draw. */
export function byMargin(score0: number, score1: number): readonly [DuelResult, DuelResult] {
  return score0 === score1 ? ['draw', 'draw'] : score0 > score1 ? ['win', 'loss'] : ['loss', 'win'];
}

/** The pair seen from `slot`: its own side first, the other second. */
export function sides<T>(pair: readonly [T, T], slot: number): [T, T] {
  return slot === 1 ? [pair[1], pair[0]] : [pair[0], pair[1]];
}

/** A clocked two-slot episode; a slot absent from the options takes no input and gets no outcome. */
export abstract class DuelEpisode<V extends EpisodeVariant, K extends string> extends ClockedEpisode<V> {
  /** Slots taking part. */
  protected readonly active: readonly number[];
  protected readonly held: readonly [HeldKeys<K>, HeldKeys<K>];
  /** Left-button presses not yet acted on, by slot. */
  protected readonly pressed = [false, false];
  /** Each slot's result once the episode is over. */
  protected readonly results = new Map<number, DuelResult>();

  constructor(variant: V, keys: readonly K[], options: SimulationOptions) {
    super(variant);
    this.held = [new HeldKeys(keys), new HeldKeys(keys)];
    this.active = [0, 1].filter((s) => options.slots.includes(s));
  }

  input(event: InputEvent): void {
    if (!this.active.includes(event.slot)) return;
    const slot = event.slot as 0 | 1;
    switch (event.type) {
      case 'key':
        this.held[slot].apply(event);
        return;
      case 'look':
        this.look(slot, event.dx, event.dy);
        return;
      case 'button':
        if (event.button === 'left' && event.down) this.pressed[slot] = true;
        return;
      case 'move':
      case 'axis':
        // A duel takes no moves or gamepad axes (the host refuses them); nothing to apply.
        return;
    }
  }

  /** Turns `slot`'s view by a mouse move of (dx, dy). */
  protected abstract look(slot: 0 | 1, dx: number, dy: number): void;

  /** Ends the episode for `reason`, with results indexed by slot (outcomes for the slots taking part). */
  protected finish(reason: string, results: readonly [DuelResult, DuelResult]): void {
    results.forEach((r, slot) => this.results.set(slot, r));
    this.end = { reason, outcomes: this.active.map((slot) => ({ slot, result: results[slot]! })) };
  }
}
