/** The game state a frame is drawn from, shared by the 3D view and the HUD. */
import type { Plaza } from './plaza.js';
import type { WalkerBody } from '../common/walker.js';

/** What the view needs of the game. */
export interface Scene {
  readonly plaza: Plaza;
  readonly body: WalkerBody;
  readonly yawDeg: number;
  readonly pitchDeg: number;
  readonly item: string;
  /** Who to trade with next ("the person by the fountain"); undefined once the chain is done. */
  readonly hint: string | undefined;
  readonly tradeIndex: number;
  readonly tradeCount: number;
  readonly prompt: string | undefined;
  readonly message: { readonly text: string; readonly good: boolean } | undefined;
  readonly secondsLeft: number;
}
