/** What the sky_duel view draws, from one player's side. */
import type { Fighter } from './fighter.js';

/** A flat cloud box far from the platform: centre, width (x) and depth (z), m. */
export interface Cloud {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly w: number;
  readonly d: number;
}

/** What the view needs of the game, from one player's side. */
export interface Scene {
  readonly side: number;
  readonly clouds: readonly Cloud[];
  readonly self: Fighter;
  readonly other: Fighter;
  readonly simMs: number;
  readonly timeLimitMs: number;
  /** The viewer's result once the duel is over. */
  readonly result: 'win' | 'draw' | 'loss' | undefined;
}
