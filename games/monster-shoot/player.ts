/** The player's body: walking relative to the view, jumping, and sliding along walls and blocks. */
import type { MoveControls } from '../common/held-keys.js';
import { jumpOverFloor, walkDirection } from '../common/walk.js';
import type { WalkerBody } from '../common/walker.js';
import type { Arena } from './arena.js';
import { Rules } from './rules.js';

/** The player's body and hit points. */
export interface PlayerBody extends WalkerBody {
  hp: number;
}

/** Advances the body by `dtMs` (walking works in the air too); returns whether it jumped. */
export function stepBody(body: PlayerBody, controls: MoveControls, yawDeg: number, dtMs: number, arena: Arena): boolean {
  const dt = dtMs / 1000;
  const walk = walkDirection(controls, yawDeg);
  if (walk.len > 0) {
    const [x, z] = arena.resolve(body.x + (walk.x / walk.len) * Rules.moveSpeed * dt, body.z + (walk.z / walk.len) * Rules.moveSpeed * dt, Rules.playerRadius);
    body.x = x;
    body.z = z;
  }
  return jumpOverFloor(body, controls.jump, Rules, dt);
}
