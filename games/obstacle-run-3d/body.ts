/** The runner's body: walking relative to the camera, jumping, gravity, solid platforms and falling off them. */
import type { Course, Platform } from './course.js';
import { Rules } from './rules.js';

export interface RunnerBody {
  /** Centre of the feet, m; x right, y up, z forward at yaw 0. */
  x: number;
  y: number;
  z: number;
  vx: number;
  vy: number;
  vz: number;
  onGround: boolean;
  /** Heading of the last move, degrees (0 = +z), for drawing the figure. */
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
  /** The platform the body landed on this tick, if it landed. */
  readonly landed: Platform | undefined;
  /** The feet went below the course's death line: the episode is over. */
  readonly fell: boolean;
}

const RAD = Math.PI / 180;

/** A body standing on the centre of the start platform. */
export function spawnBody(course: Course): RunnerBody {
  const start = course.platforms[0]!;
  return { x: start.x, y: start.top, z: start.z, vx: 0, vy: 0, vz: 0, onGround: true, facingDeg: 0 };
}

/**
 * Advances the body by `dtMs`. Held move keys set the walking velocity relative to `yawDeg`, on the ground
 * and in the air; with none held the body stops on the ground and keeps its momentum in the air.
 */
export function stepBody(body: RunnerBody, controls: Controls, yawDeg: number, dtMs: number, course: Course): BodyStep {
  const dt = dtMs / 1000;
  const f = (controls.forward ? 1 : 0) - (controls.back ? 1 : 0);
  const r = (controls.right ? 1 : 0) - (controls.left ? 1 : 0);
  const yaw = yawDeg * RAD;
  const mx = f * Math.sin(yaw) + r * Math.cos(yaw);
  const mz = f * Math.cos(yaw) - r * Math.sin(yaw);
  const len = Math.hypot(mx, mz);
  if (len > 1e-9) {
    body.vx = (mx / len) * Rules.moveSpeed;
    body.vz = (mz / len) * Rules.moveSpeed;
    body.facingDeg = Math.atan2(mx, mz) / RAD;
  } else if (body.onGround) {
    body.vx = 0;
    body.vz = 0;
  }
  let jumped = false;
  if (body.onGround && controls.jump) {
    body.vy = Rules.jumpSpeed;
    body.onGround = false;
    jumped = true;
  }
  if (body.vx !== 0) {
    const x = body.x + body.vx * dt;
    const wall = course.blocking(x, body.y, body.z);
    if (wall === undefined) body.x = x;
    else {
      body.x = body.vx > 0 ? wall.x - wall.halfX - Rules.radius : wall.x + wall.halfX + Rules.radius;
      body.vx = 0;
    }
  }
  if (body.vz !== 0) {
    const z = body.z + body.vz * dt;
    const wall = course.blocking(body.x, body.y, z);
    if (wall === undefined) body.z = z;
    else {
      body.z = body.vz > 0 ? wall.z - wall.halfZ - Rules.radius : wall.z + wall.halfZ + Rules.radius;
      body.vz = 0;
    }
  }
  let landed: Platform | undefined;
  if (!body.onGround) {
    body.vy -= Rules.gravity * dt;
    const y = body.y + body.vy * dt;
    const hit = course.blocking(body.x, y, body.z);
    if (hit === undefined) body.y = y;
    else if (body.vy <= 0) {
      body.y = hit.top;
      body.vy = 0;
      body.onGround = true;
      landed = hit;
    } else {
      body.y = hit.bottom - Rules.height;
      body.vy = 0;
    }
  } else if (course.support(body.x, body.y, body.z) === undefined) {
    // Walked off an edge: start falling.
    body.onGround = false;
    body.vy = 0;
  }
  return { jumped, landed, fell: body.y < course.deathY };
}
