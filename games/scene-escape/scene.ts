/** The game state a frame is drawn from, shared by the 3D view and the HUD. */
import type { World } from './layout.js';
import type { WalkerBody } from '../common/walker.js';

/** What the view needs of the game. */
export interface Scene {
  readonly world: World;
  readonly body: WalkerBody;
  readonly yawDeg: number;
  readonly pitchDeg: number;
  /** The current task, capitalised ("Pick up the red key"). */
  readonly task: string;
  readonly taskIndex: number;
  readonly taskCount: number;
  readonly prompt: string | undefined;
  readonly message: { readonly text: string; readonly good: boolean } | undefined;
  readonly inventory: readonly string[];
  readonly secondsLeft: number;
}
