/**
 * A read-only view of a running match for whoever watches it (the service's spectator streams): each frame
 * the game sends, each decision record, ledger entry, game event and progress report, as the recorder gets
 * them. Observers are called synchronously and must return at once; nothing they do reaches the clock.
 */
import type { EpisodeEnd, Frame, GameEvent, PlayerProgress, TrackedValue } from '../../protocol/index.js';

/** Receives what a match records, as it records it. Every method is optional. */
export interface MatchObserver {
  /** A frame of one player's view, as the game sent it (raw RGB or the game's own encoding). */
  onFrame?(frame: Frame): void;
  /** A decision record, the same object written to decisions.jsonl. */
  onDecision?(record: Readonly<Record<string, unknown>>): void;
  /** A clock ledger entry, the same object written to ledger.jsonl. */
  onLedger?(entry: Readonly<Record<string, unknown>>): void;
  /** A game event or the episode's end. */
  onEvent?(event: GameEvent | EpisodeEnd): void;
  /**
   * A progress report of every player at a game time, ms; under the omnigamearena profile with each player's
   * benchmark score so far (raw, unclamped: what every result surface reads under it).
   */
  onProgress?(report: { readonly simMs: number; readonly players: readonly PlayerProgress[]; readonly benchmark?: readonly { readonly slot: number; readonly score: number }[] }): void;
  /**
   * A reference game's tracked task-relevant state at a game time, ms, with the critical events of that tick
   * (the lines of state.jsonl as they are written). Only the recorder and watchers get it, never an agent.
   */
  onState?(report: { readonly simMs: number; readonly tracked: Readonly<Record<string, TrackedValue>>; readonly events: readonly GameEvent[] }): void;
}

/** Calls one observer method and swallows what it throws: a spectator's bug must not end a match. */
export function notify<K extends keyof MatchObserver>(observer: MatchObserver | undefined, method: K, ...args: Parameters<NonNullable<MatchObserver[K]>>): void {
  const fn = observer?.[method] as ((...a: typeof args) => void) | undefined;
  if (!fn) return;
  try {
    fn.apply(observer, args);
  } catch {
    // Observers are read-only watchers; their failures are theirs.
  }
}

/** An append-only sink (the ledger) that also shows each entry to an observer. */
export interface ObservedLedger {
  append(entry: Record<string, unknown>): void;
}
