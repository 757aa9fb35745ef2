/** What the crystal_guard view draws, from one player's side. */
import type { Arena } from './arena.js';
import type { Player } from './player.js';

/** The arena, both players, and the state the HUD shows; arrays are indexed by team. */
export interface Scene {
  readonly arena: Arena;
  readonly self: Player;
  readonly other: Player;
  /** Indexed by team. */
  readonly crystalHp: readonly number[];
  readonly gatesOpen: readonly boolean[];
  readonly gateToggleMs: readonly number[];
  readonly simMs: number;
  readonly timeLimitMs: number;
  readonly result: 'win' | 'draw' | 'loss' | undefined;
}
