/** The runner's body: walking relative to the camera, jumping, gravity, solid platforms and falling off them. */
import { RAD } from '../common/angles.js';
import type { MoveControls } from '../common/held-keys.js';
import { fallAmongSlabs, type SlabProbe, type SlabStep } from '../common/slabs.js';
import { tryJump, walkDirection, type FacingBody } from '../common/walk.js';
import type { Course, Ground, Platform } from './course.js';
import { Rules } from './rules.js';

/** The runner's body: centre of the feet in m (x right, y up, z forward at yaw 0), velocity in m/s. */
export type RunnerBody = FacingBody;

/** What a tick did to the body. */
export type BodyStep = SlabStep<Platform>;

/** The body among the course's platforms, for falling (made once: a tick allocates no closure). */
const SLABS: SlabProbe<Ground, RunnerBody, Platform> = {
  blockingAt: (course, body, y) => course.blocking(body.x, y, body.z),
  supported: (course, body) => course.support(body.x, body.y, body.z) !== undefined,
};

/** A body standing on the centre of the start platform. */
export function spawnBody(course: Course): RunnerBody {
  const start = course.platforms[0]!;
  return { x: start.x, y: start.top, z: start.z, vx: 0, vy: 0, vz: 0, onGround: true, facingDeg: 0 };
}

/** What held controls at one camera heading make of a tick: the walking velocity and facing, and the jump. */
export interface Stride {
  readonly moving: boolean;
  readonly vx: number;
  readonly vz: number;
  readonly facingDeg: number;
  readonly jump: boolean;
}

/** The stride of `controls` at `yawDeg`, worked out once for as many ticks as they are held. */
export function strideOf(controls: MoveControls, yawDeg: number): Stride {
  const walk = walkDirection(controls, yawDeg);
  if (walk.len <= 1e-9) return { moving: false, vx: 0, vz: 0, facingDeg: 0, jump: controls.jump };
  return { moving: true, vx: (walk.x / walk.len) * Rules.moveSpeed, vz: (walk.z / walk.len) * Rules.moveSpeed, facingDeg: Math.atan2(walk.x, walk.z) / RAD, jump: controls.jump };
}

/**
 * Advances the body by `dtMs`. Held move keys set the walking velocity relative to `yawDeg`, on the ground
 * and in the air; with none held the body stops on the ground and keeps its momentum in the air.
 */
export function stepBody(body: RunnerBody, controls: MoveControls, yawDeg: number, dtMs: number, course: Ground): BodyStep {
  return stepStride(body, strideOf(controls, yawDeg), dtMs, course);
}

/** `stepBody` with the controls' stride worked out beforehand (the planner holds one for many ticks). */
export function stepStride(body: RunnerBody, stride: Stride, dtMs: number, course: Ground): BodyStep {
  const out = { jumped: false, landed: undefined as Platform | undefined, fell: false };
  strideTick(out, body, stride, dtMs, course);
  return out;
}

/** `stepStride` reporting into `out` (reused by the planner, so that its rollouts allocate nothing per tick). */
export function strideTick(out: { jumped: boolean; landed: Platform | undefined; fell: boolean }, body: RunnerBody, stride: Stride, dtMs: number, course: Ground): void {
  const dt = dtMs / 1000;
  if (stride.moving) {
    body.vx = stride.vx;
    body.vz = stride.vz;
    body.facingDeg = stride.facingDeg;
  } else if (body.onGround) {
    body.vx = 0;
    body.vz = 0;
  }
  const jumped = tryJump(body, stride.jump, Rules.jumpSpeed);
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
  const landed = fallAmongSlabs(body, dt, Rules, course, SLABS);
  out.jumped = jumped;
  out.landed = landed;
  out.fell = body.y < course.deathY;
}
