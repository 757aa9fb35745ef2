/** A walker on a flat floor (cue_chase, scene_escape): walks relative to the camera, jumps, and slides along boxes. */
import { resolveInto, type Footprint } from './collide.js';
import type { MoveControls } from './held-keys.js';
import { jumpOverFloor, walkDirection, type JumpRules, type MutableWalk } from './walk.js';

// The walk `walkAmong` reads within one call.
const walking: MutableWalk = { x: 0, z: 0, len: 0 };

/** A walker's body: feet position in m and vertical speed in m/s. */
export interface WalkerBody {
  x: number;
  /** Height of the feet above the floor, m. */
  y: number;
  z: number;
  vy: number;
  onGround: boolean;
}

/** Speeds in m/s, gravity in m/s^2, and the radius of the body's footprint, m. */
export interface WalkerRules extends JumpRules {
  readonly playerRadius: number;
}

/** Walks the body's footprint by `dtMs` along the held keys relative to `yawDeg`, sliding along `solids` (no jumping or falling). */
export function walkAmong(
  body: Pick<WalkerBody, 'x' | 'z'>,
  controls: Omit<MoveControls, 'jump'>,
  yawDeg: number,
  dtMs: number,
  rules: Pick<WalkerRules, 'moveSpeed' | 'playerRadius'>,
  solids: readonly Footprint[],
): void {
  const walk = walkDirection(controls, yawDeg, walking);
  if (walk.len > 0) {
    const step = rules.moveSpeed * (dtMs / 1000);
    resolveInto(body, body.x + (walk.x / walk.len) * step, body.z + (walk.z / walk.len) * step, rules.playerRadius, solids);
  }
}

/** Advances the body by `dtMs` against `solids` (walking works in the air too); returns whether it jumped. */
export function stepWalker(body: WalkerBody, controls: MoveControls, yawDeg: number, dtMs: number, rules: WalkerRules, solids: readonly Footprint[]): boolean {
  walkAmong(body, controls, yawDeg, dtMs, rules, solids);
  return jumpOverFloor(body, controls.jump, rules, dtMs / 1000);
}
