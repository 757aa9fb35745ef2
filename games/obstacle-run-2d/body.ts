/** The runner's body: running, jumping, gravity, solid platforms and falling through gaps. */
import { fallAmongSlabs, type SlabProbe, type SlabStep } from '../common/slabs.js';
import { tryJump } from '../common/walk.js';
import type { Ground, Platform } from './course.js';
import { Rules } from './rules.js';

export interface RunnerBody {
  /** Centre of the feet, m; y up. */
  x: number;
  y: number;
  vx: number;
  vy: number;
  onGround: boolean;
  /** 1 facing right, -1 facing left (for drawing). */
  facing: 1 | -1;
}

/** The controls that move the body during one tick. */
export interface Controls {
  readonly left: boolean;
  readonly right: boolean;
  readonly jump: boolean;
}

/** What a tick did to the body. */
export type BodyStep = SlabStep<Platform>;

/** The body among the course's platforms, for falling (made once: a tick allocates no closure). */
const SLABS: SlabProbe<Ground, RunnerBody, Platform> = {
  blockingAt: (course, body, y) => course.blocking(body.x, y),
  supported: (course, body) => course.support(body.x, body.y) !== undefined,
};

/** A body standing at the start. */
export function spawnBody(): RunnerBody {
  return { x: Rules.startX, y: 0, vx: 0, vy: 0, onGround: true, facing: 1 };
}

/**
 * Advances the body by `dtMs`. A held A or D sets the running velocity on the ground and in the air; with
 * neither held the body stops on the ground and keeps its momentum in the air. Jump leaves the ground.
 */
export function stepBody(body: RunnerBody, controls: Controls, dtMs: number, course: Ground): BodyStep {
  const dt = dtMs / 1000;
  const dir = (controls.right ? 1 : 0) - (controls.left ? 1 : 0);
  if (dir !== 0) {
    body.vx = dir * Rules.runSpeed;
    body.facing = dir > 0 ? 1 : -1;
  } else if (body.onGround) {
    body.vx = 0;
  }
  const jumped = tryJump(body, controls.jump, Rules.jumpSpeed);
  if (body.vx !== 0) {
    const x = body.x + body.vx * dt;
    const wall = course.blocking(x, body.y);
    if (wall === undefined) {
      body.x = x;
    } else {
      body.x = body.vx > 0 ? wall.x0 - Rules.halfWidth : wall.x1 + Rules.halfWidth;
      body.vx = 0;
    }
  }
  const landed = fallAmongSlabs(body, dt, Rules, course, SLABS);
  return { jumped, landed, fell: body.y < course.deathY };
}
