/** The runner's body: walking relative to the camera, jumping, gravity, solid platforms and falling off them. */
import { RAD } from '../common/angles.js';
import type { MoveControls } from '../common/held-keys.js';
import { fallAmongSlabs, type SlabStep } from '../common/slabs.js';
import { tryJump, walkDirection, type FacingBody } from '../common/walk.js';
import type { Course, Ground, Platform } from './course.js';
import { Rules } from './rules.js';

/** The runner's body: centre of the feet in m (x right, y up, z forward at yaw 0), velocity in m/s. */
export type RunnerBody = FacingBody;

/** What a tick did to the body. */
export type BodyStep = SlabStep<Platform>;

/** A body standing on the centre of the start platform. */
export function spawnBody(course: Course): RunnerBody {
  const start = course.platforms[0]!;
  return { x: start.x, y: start.top, z: start.z, vx: 0, vy: 0, vz: 0, onGround: true, facingDeg: 0 };
}

/**
 * Advances the body by `dtMs`. Held move keys set the walking velocity relative to `yawDeg`, on the ground
 * and in the air; with none held the body stops on the ground and keeps its momentum in the air.
 */
export function stepBody(body: RunnerBody, controls: MoveControls, yawDeg: number, dtMs: number, course: Ground): BodyStep {
  const dt = dtMs / 1000;
  const walk = walkDirection(controls, yawDeg);
  if (walk.len > 1e-9) {
    body.vx = (walk.x / walk.len) * Rules.moveSpeed;
    body.vz = (walk.z / walk.len) * Rules.moveSpeed;
    body.facingDeg = Math.atan2(walk.x, walk.z) / RAD;
  } else if (body.onGround) {
    body.vx = 0;
    body.vz = 0;
  }
  const jumped = tryJump(body, controls.jump, Rules.jumpSpeed);
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
  const landed = fallAmongSlabs(
    body,
    dt,
    Rules,
    (y) => course.blocking(body.x, y, body.z),
    () => course.support(body.x, body.y, body.z) !== undefined,
  );
  return { jumped, landed, fell: body.y < course.deathY };
}
