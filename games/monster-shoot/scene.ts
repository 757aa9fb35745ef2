/** The game state a frame is drawn from, shared by the 3D view and the HUD. */
import type { Arena } from './arena.js';
import type { Monster } from './monsters.js';
import type { PlayerBody } from './player.js';

/** What the view needs of the game. */
export interface Scene {
  readonly arena: Arena;
  readonly monsters: readonly Monster[];
  readonly maxHealth: number;
  readonly body: PlayerBody;
  readonly yawDeg: number;
  readonly pitchDeg: number;
  /** The crosshair is on a monster. */
  readonly onTarget: boolean;
  readonly hurtMs: number;
  readonly secondsLeft: number;
  readonly monstersLeft: number;
  /** Share of the level's monster health removed, 0..1. */
  readonly progress: number;
}
