/**
 * Reference tuples from a run's state stream: one per critical event, at its exact game time (T1), with the
 * update of the tick it happened in (T2) and the task-relevant state that tick left (T3), as the game's
 * perception adapter defines them.
 */
import { eventActor, eventUpdate, type PerceptionAdapter, type TrackedState } from '../../games/index.js';
import type { StateLineRecord } from '../../gateway/index.js';
import type { PerceptionTuple } from '../tuple.js';

type EventLine = Extract<StateLineRecord, { kind: 'event' }>;
type StateLine = Extract<StateLineRecord, { kind: 'state' }>;

/** The tracked state over time: each state line's values from its game time on. */
export function stateTimeline(lines: readonly StateLineRecord[]): StateLine[] {
  return lines.filter((l): l is StateLine => l.kind === 'state');
}

/** The critical event lines, in game-time order. */
export function eventLines(lines: readonly StateLineRecord[]): EventLine[] {
  return lines.filter((l): l is EventLine => l.kind === 'event');
}

/** The reference tuples of a run whose video starts at game time `startGameMs`. */
export function referenceTuples(adapter: PerceptionAdapter, lines: readonly StateLineRecord[], startGameMs = 0): PerceptionTuple[] {
  const states = stateTimeline(lines);
  const vocabulary = new Set(adapter.events.map((e) => e.name));
  return eventLines(lines)
    .filter((e) => vocabulary.has(e.name) && e.simMs >= startGameMs)
    .map((e) => {
      // Before: the state as it stood before the event's tick; after: the state that tick left (its own line, if it changed anything).
      const before: TrackedState = states.filter((s) => s.simMs < e.simMs).at(-1)?.tracked ?? {};
      const after: TrackedState = states.filter((s) => s.simMs <= e.simMs).at(-1)?.tracked ?? before;
      return {
        t: (e.simMs - startGameMs) / 1000,
        event: e.name,
        who: eventActor(adapter, { name: e.name, ...(e.slot === undefined ? {} : { slot: e.slot }), ...(e.data === undefined ? {} : { data: e.data as Record<string, number | string | boolean> }) }),
        update: eventUpdate(adapter, before, after),
        state: adapter.result(after),
      };
    });
}
