/** The player's body: walking relative to the camera, jumping, gravity, and falling through gaps. */
import { RAD } from '../common/angles.js';
import type { MoveControls } from '../common/held-keys.js';
import { fallOntoFloor, steerOnGround, type FacingBody, type MutableWalk } from '../common/walk.js';

/** The walk of the tick being stepped, written again each tick. */
const walk: MutableWalk = { x: 0, z: 0, len: 0 };
import type { Platform } from './platform.js';
import { Rules } from './rules.js';

/** The player's body; its feet are at y = 0 on the tile tops. */
export type PlayerBody = FacingBody;

/** What a tick did to the body. */
export interface BodyStep {
  readonly jumped: boolean;
  /** The feet went below `Rules.fallDepth`: the episode is over. */
  readonly fell: boolean;
}

/** A body standing on the centre of the platform. */
export function spawnBody(platform: Platform): PlayerBody {
  const x = platform.centerX(Math.floor(platform.cols / 2));
  const z = platform.centerZ(Math.floor(platform.rows / 2));
  if (platform.supports(x, z)) return { x, y: 0, z, vx: 0, vy: 0, vz: 0, onGround: true, facingDeg: 0 };
  // A ring has no middle: stand in the middle of the band on the near side, in the middle column.
  let edge = Math.floor(platform.rows / 2);
  while (edge > 0 && !platform.supports(x, platform.centerZ(edge))) edge--;
  return { x, y: 0, z: platform.centerZ(Math.floor(edge / 2)), vx: 0, vy: 0, vz: 0, onGround: true, facingDeg: 0 };
}

/**
 * Advances the body by `dtMs`. On the ground, walking velocity follows the keys (relative to `yawDeg`)
 * and a held jump key leaves the ground; in the air the take-off velocity is kept (no air control). Only
 * `platform.supports` is asked, so a planner can pass tiles as it expects them to be.
 */
export function stepBody(body: PlayerBody, controls: MoveControls, yawDeg: number, dtMs: number, platform: Pick<Platform, 'supports'>): BodyStep {
  const jumped = steer(body, controls, yawDeg);
  carry(body, dtMs, platform);
  return { jumped, fell: body.y < -Rules.fallDepth };
}

/**
 * Steps one body over many ticks with the same keys and heading, bit for bit as `stepBody` each tick, for a
 * planner's trials: steering on the ground with no jump held sets the velocity and facing from the keys and the
 * heading alone, and nothing else in a tick writes them, so once steered so, later steers would write the same
 * values (on the ground) or nothing (in the air) and are skipped.
 */
export class BodyWalk {
  private steered = false;

  constructor(
    private readonly controls: MoveControls,
    private readonly yawDeg: number,
    private readonly dtMs: number,
  ) {}

  /** One tick; the body's height says whether it fell. */
  step(body: PlayerBody, platform: Pick<Platform, 'supports'>): void {
    if (!this.steered) {
      steer(body, this.controls, this.yawDeg);
      this.steered = body.onGround && !this.controls.jump;
    }
    carry(body, this.dtMs, platform);
  }
}

/** Walking velocity and facing from the keys (on the ground), and the take-off; returns whether it jumped. */
function steer(body: PlayerBody, controls: MoveControls, yawDeg: number): boolean {
  const jumped = steerOnGround(body, controls, yawDeg, Rules, walk);
  if (walk.len > 0) body.facingDeg = Math.atan2(walk.x, walk.z) / RAD;
  return jumped;
}

/** The rest of a tick: the move, and a fall where `platform` holds nothing. */
function carry(body: PlayerBody, dtMs: number, platform: Pick<Platform, 'supports'>): void {
  const dt = dtMs / 1000;
  body.x += body.vx * dt;
  body.z += body.vz * dt;
  // Walking onto a gap or off the edge, or the tile dropping away, starts a fall.
  fallOntoFloor(body, dt, Rules.gravity, platform);
}
