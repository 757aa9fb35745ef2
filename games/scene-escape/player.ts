/** The player's body: walking relative to the camera, jumping, and sliding along walls and furniture. */
import { resolveCircle } from './collide.js';
import type { Box } from './layout.js';
import { Rules } from './rules.js';

export interface PlayerBody {
  x: number;
  /** Height of the feet above the floor, m. */
  y: number;
  z: number;
  vy: number;
  onGround: boolean;
}

/** The controls that move the body during one tick. */
export interface Controls {
  readonly forward: boolean;
  readonly back: boolean;
  readonly left: boolean;
  readonly right: boolean;
  readonly jump: boolean;
}

const RAD = Math.PI / 180;

/** Advances the body by `dtMs` against `solids`; returns whether it jumped. */
export function stepBody(body: PlayerBody, controls: Controls, yawDeg: number, dtMs: number, solids: readonly Box[]): boolean {
  const dt = dtMs / 1000;
  const f = (controls.forward ? 1 : 0) - (controls.back ? 1 : 0);
  const r = (controls.right ? 1 : 0) - (controls.left ? 1 : 0);
  const yaw = yawDeg * RAD;
  const mx = f * Math.sin(yaw) + r * Math.cos(yaw);
  const mz = f * Math.cos(yaw) - r * Math.sin(yaw);
  const len = Math.hypot(mx, mz);
  if (len > 0) {
    const step = Rules.moveSpeed * dt;
    [body.x, body.z] = resolveCircle(body.x + (mx / len) * step, body.z + (mz / len) * step, Rules.playerRadius, solids);
  }
  let jumped = false;
  if (body.onGround && controls.jump) {
    body.vy = Rules.jumpSpeed;
    body.onGround = false;
    jumped = true;
  }
  if (!body.onGround) {
    body.vy -= Rules.gravity * dt;
    body.y += body.vy * dt;
    if (body.y <= 0) {
      body.y = 0;
      body.vy = 0;
      body.onGround = true;
    }
  }
  return jumped;
}
