/** The player's body: walking relative to the camera, jumping, gravity, and falling through gaps. */
import type { Platform } from './platform.js';
import { Rules } from './rules.js';

export interface PlayerBody {
  x: number;
  /** Height of the feet above the tile tops, m. */
  y: number;
  z: number;
  vx: number;
  vy: number;
  vz: number;
  onGround: boolean;
  /** Heading of the last walk, degrees (0 = +z), for drawing the figure. */
  facingDeg: number;
}

/** The controls that move the body during one tick. */
export interface Controls {
  readonly forward: boolean;
  readonly back: boolean;
  readonly left: boolean;
  readonly right: boolean;
  readonly jump: boolean;
}

/** What a tick did to the body. */
export interface BodyStep {
  readonly jumped: boolean;
  /** The feet went below `Rules.fallDepth`: the episode is over. */
  readonly fell: boolean;
}

const RAD = Math.PI / 180;

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
 * and a held jump key leaves the ground; in the air the take-off velocity is kept (no air control).
 */
export function stepBody(body: PlayerBody, controls: Controls, yawDeg: number, dtMs: number, platform: Platform): BodyStep {
  const dt = dtMs / 1000;
  let jumped = false;
  if (body.onGround) {
    const f = (controls.forward ? 1 : 0) - (controls.back ? 1 : 0);
    const r = (controls.right ? 1 : 0) - (controls.left ? 1 : 0);
    const yaw = yawDeg * RAD;
    const mx = f * Math.sin(yaw) + r * Math.cos(yaw);
    const mz = f * Math.cos(yaw) - r * Math.sin(yaw);
    const len = Math.hypot(mx, mz);
    body.vx = len > 0 ? (mx / len) * Rules.moveSpeed : 0;
    body.vz = len > 0 ? (mz / len) * Rules.moveSpeed : 0;
    if (len > 0) body.facingDeg = Math.atan2(mx, mz) / RAD;
    if (controls.jump) {
      body.vy = Rules.jumpSpeed;
      body.onGround = false;
      jumped = true;
    }
  }
  body.x += body.vx * dt;
  body.z += body.vz * dt;
  if (!body.onGround) {
    body.vy -= Rules.gravity * dt;
    const prevY = body.y;
    body.y += body.vy * dt;
    if (body.vy < 0 && prevY >= 0 && body.y <= 0 && platform.supports(body.x, body.z)) {
      body.y = 0;
      body.vy = 0;
      body.onGround = true;
    }
  } else if (!platform.supports(body.x, body.z)) {
    // Walked onto a gap or off the edge, or the tile dropped away: start falling.
    body.onGround = false;
    body.vy = 0;
  }
  return { jumped, fell: body.y < -Rules.fallDepth };
}
