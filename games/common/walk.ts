/** Walking and jumping shared by the bodies that move relative to a heading: direction, take-off, gravity and landing. */
import { RAD } from './angles.js';
import type { MoveControls } from './held-keys.js';

/** The walking direction in (x, z) before normalising, and its length (0 when no move key counts). */
export interface Walk {
  readonly x: number;
  readonly z: number;
  readonly len: number;
}

/** A body that jumps and falls: height of the feet (m), vertical speed (m/s), and whether it stands. */
export interface JumpingBody {
  y: number;
  vy: number;
  onGround: boolean;
}

/** A body that walks at a horizontal velocity over ground it may walk off: feet position in m, velocity in m/s. */
export interface GroundBody extends JumpingBody {
  x: number;
  z: number;
  vx: number;
  vz: number;
}

/** A ground body that keeps the heading of its last walk, degrees (0 = +z), for drawing the figure. */
export interface FacingBody extends GroundBody {
  facingDeg: number;
}

/** Speeds in m/s and gravity in m/s^2. */
export interface JumpRules {
  readonly moveSpeed: number;
  readonly jumpSpeed: number;
  readonly gravity: number;
}

/** A walk a caller keeps and has written again (a tick allocates none). */
export interface MutableWalk {
  x: number;
  z: number;
  len: number;
}

const unit = (v: number): number => Math.max(-1, Math.min(1, v));

/**
 * The sine and cosine of the last heading walked along: a body keeps its heading over many ticks (a planner
 * over a whole trial), so the two are taken once per heading. The same values Math.sin and Math.cos give, so
 * every walk is bit for bit what it was.
 */
const heading = { yawDeg: Number.NaN, sin: 0, cos: 0 };

/**
 * W along heading `yawDeg` (sin yaw, cos yaw) in (x, z), D along (cos yaw, -sin yaw); S and A the opposite
 * ways. A stick adds its y to W-S and its x to D-A, each kept in [-1, 1].
 */
export function walkDirection(controls: Omit<MoveControls, 'jump'>, yawDeg: number, out: MutableWalk = { x: 0, z: 0, len: 0 }): Walk {
  const keysAhead = (controls.forward ? 1 : 0) - (controls.back ? 1 : 0);
  const keysStrafe = (controls.right ? 1 : 0) - (controls.left ? 1 : 0);
  const { stick } = controls;
  const ahead = stick === undefined ? keysAhead : unit(keysAhead + stick.y);
  const strafe = stick === undefined ? keysStrafe : unit(keysStrafe + stick.x);
  if (yawDeg !== heading.yawDeg) {
    const yaw = yawDeg * RAD;
    heading.yawDeg = yawDeg;
    heading.sin = Math.sin(yaw);
    heading.cos = Math.cos(yaw);
  }
  const { sin, cos } = heading;
  const x = ahead * sin + strafe * cos;
  const z = ahead * cos - strafe * sin;
  out.x = x;
  out.z = z;
  out.len = Math.hypot(x, z);
  return out;
}

/** Takes off at `jumpSpeed` when `jump` is held on the ground; returns whether it did. */
export function tryJump(body: JumpingBody, jump: boolean, jumpSpeed: number): boolean {
  if (!body.onGround || !jump) return false;
  body.vy = jumpSpeed;
  body.onGround = false;
  return true;
}

/** Jumps when asked, then, in the air, falls for `dt` seconds and lands on the floor at y = 0; returns whether it jumped. */
export function jumpOverFloor(body: JumpingBody, jump: boolean, rules: JumpRules, dt: number): boolean {
  const jumped = tryJump(body, jump, rules.jumpSpeed);
  if (!body.onGround) {
    body.vy -= rules.gravity * dt;
    body.y += body.vy * dt;
    if (body.y <= 0) {
      body.y = 0;
      body.vy = 0;
      body.onGround = true;
    }
  }
  return jumped;
}

/** The walk `steerOnGround` writes when its caller keeps none (read by no one). */
const unread: MutableWalk = { x: 0, z: 0, len: 0 };

/**
 * On the ground only (no air control): sets the walking velocity from the keys relative to `yawDeg` and takes
 * off on jump; with a stick, the speed is as far as it is pushed (full past 1). Writes the walk into `walk`
 * (length 0 in the air) and returns whether it jumped; a tick allocates nothing.
 */
export function steerOnGround(body: GroundBody, controls: MoveControls, yawDeg: number, rules: JumpRules, walk: MutableWalk = unread): boolean {
  if (!body.onGround) {
    walk.x = 0;
    walk.z = 0;
    walk.len = 0;
    return false;
  }
  walkDirection(controls, yawDeg, walk);
  const speed = controls.stick === undefined ? rules.moveSpeed : rules.moveSpeed * Math.min(1, walk.len);
  body.vx = walk.len > 0 ? (walk.x / walk.len) * speed : 0;
  body.vz = walk.len > 0 ? (walk.z / walk.len) * speed : 0;
  return tryJump(body, controls.jump, rules.jumpSpeed);
}

/** Where a floor at y = 0 holds a body: an object made once (a game's platform, a planner's expected tiles), so a tick allocates no closure. */
export interface Floor {
  supports(x: number, z: number): boolean;
}

/**
 * Falls for `dt` seconds under `gravity` and lands on the floor top (y = 0) only where `floor.supports` holds
 * and only when coming down through it; a body on the ground where nothing supports it starts falling.
 */
export function fallOntoFloor(body: GroundBody, dt: number, gravity: number, floor: Floor): void {
  if (!body.onGround) {
    body.vy -= gravity * dt;
    const prevY = body.y;
    body.y += body.vy * dt;
    if (body.vy < 0 && prevY >= 0 && body.y <= 0 && floor.supports(body.x, body.z)) {
      body.y = 0;
      body.vy = 0;
      body.onGround = true;
    }
  } else if (!floor.supports(body.x, body.z)) {
    body.onGround = false;
    body.vy = 0;
  }
}
