/** A fighter's body: walking relative to its facing, jumping, knockback, and falling off the platform. */
import type { MoveControls } from '../common/held-keys.js';
import { fallOntoFloor, steerOnGround, type Floor, type GroundBody } from '../common/walk.js';
import { Rules } from './rules.js';
import type { Spawn } from './variants.js';

/** A fighter; its feet are at y = 0 on the platform top. */
export interface Fighter extends GroundBody {
  readonly slot: number;
  readonly team: number;
  /** Facing and camera heading, degrees (0 = +z, positive turns towards +x). */
  yawDeg: number;
  hp: number;
  /** Knockback velocity at full strength, m/s, and the time it has left, ms. */
  knockX: number;
  knockZ: number;
  knockMs: number;
  /** Time before a press can start a swing, ms (0 = ready). */
  cooldownMs: number;
  /** Time before the pending strike lands, ms (0 = no strike pending). */
  windupMs: number;
  /** Time since the last swing started, ms (drives the sword animation). */
  swingMs: number;
  /** Walking animation phase, m walked. */
  stride: number;
  fallen: boolean;
}

/** What `stepFighter` moves: the body, its heading, knockback, stride and fall (a planner steps one of its own). */
export type FighterBody = Pick<Fighter, 'x' | 'y' | 'z' | 'vx' | 'vy' | 'vz' | 'onGround' | 'yawDeg' | 'knockX' | 'knockZ' | 'knockMs' | 'stride' | 'fallen'>;

export function spawnFighter(slot: number, team: number, spawn: Spawn): Fighter {
  return {
    slot,
    team,
    x: spawn.x,
    y: 0,
    z: spawn.z,
    vx: 0,
    vy: 0,
    vz: 0,
    onGround: true,
    yawDeg: spawn.yawDeg,
    hp: Rules.maxHp,
    knockX: 0,
    knockZ: 0,
    knockMs: 0,
    cooldownMs: 0,
    windupMs: 0,
    swingMs: 10_000,
    stride: 0,
    fallen: false,
  };
}

/** Whether a point lies on the platform of side `side` (centred on the origin). */
export function onPlatform(side: number, x: number, z: number): boolean {
  const half = side / 2;
  return Math.abs(x) <= half && Math.abs(z) <= half;
}

/** The platform of each side as a floor, made once per side. */
const floors = new Map<number, Floor>();
function floorOf(side: number): Floor {
  let floor = floors.get(side);
  if (floor === undefined) floors.set(side, (floor = { supports: (x, z) => onPlatform(side, x, z) }));
  return floor;
}

/**
 * Advances a fighter by `dtMs`: walking velocity follows the keys relative to its facing while on the
 * ground, a held jump leaves the ground, knockback is added and fades; a fighter past the edge falls.
 * Returns whether it jumped this tick.
 */
export function stepFighter(f: FighterBody, controls: MoveControls, dtMs: number, side: number): boolean {
  const jumped = steerOnGround(f, controls, f.yawDeg, Rules);
  carry(f, dtMs, floorOf(side));
  return jumped;
}

/**
 * `ticks` calls of `stepFighter` with the same controls, bit for bit, for a planner that walks many trials. Steering
 * on the ground with no jump held sets the walking velocity from the controls and the heading alone, and nothing
 * else in a tick writes it; so once it has been steered so, every later steer of this walk would write the same
 * values (on the ground) or nothing (in the air), and is skipped. A held jump, or a walk that starts in the air,
 * steers each tick until then.
 */
export function stepFighterTicks(f: FighterBody, controls: MoveControls, dtMs: number, side: number, ticks: number): void {
  const floor = floorOf(side);
  if (ticks > 1 && walkOnPlatform(f, controls, dtMs, floor, ticks)) return;
  let steered = false;
  for (let i = 0; i < ticks; i++) {
    if (!steered) {
      steerOnGround(f, controls, f.yawDeg, Rules);
      steered = f.onGround && !controls.jump;
    }
    carry(f, dtMs, floor);
  }
}

/**
 * A planner's usual trial in one pass, the same numbers as the tick-by-tick loop: a walk on the ground with no
 * jump and no knockback, on the platform after its first tick and after its last. Each coordinate then moves by
 * the same amount every tick (so monotonically), every point between lies on the square platform too, and no
 * tick falls or steers again: the moves and strides are added tick by tick as `carry` adds them, with no floor
 * asked between. Returns false, with the body as it was, for any other walk, which the loop then steps.
 */
function walkOnPlatform(f: FighterBody, controls: MoveControls, dtMs: number, floor: Floor, ticks: number): boolean {
  if (!f.onGround || controls.jump || f.knockMs > 0 || f.y < -Rules.fallDepth) return false;
  const { x, z, vx, vz, stride } = f;
  steerOnGround(f, controls, f.yawDeg, Rules);
  const dt = dtMs / 1000;
  for (let i = 0; i < ticks; i++) {
    // carry's move with no knockback (kx = kz = 0), and its stride.
    f.x += (f.vx + 0) * dt;
    f.z += (f.vz + 0) * dt;
    f.stride += walkSpeed(f.vx, f.vz) * dt;
    if ((i === 0 || i === ticks - 1) && !floor.supports(f.x, f.z)) {
      Object.assign(f, { x, z, vx, vz, stride });
      return false;
    }
  }
  return true;
}

// The last walking speed `carry` measured and the velocity it measured it for: a walk holds its velocity
// from tick to tick, so the speed is taken again only when the velocity changes (the same number either way).
const speedOf = { vx: 0, vz: 0, speed: 0 };

/** `Math.hypot(vx, vz)`, kept for the last velocity asked. */
function walkSpeed(vx: number, vz: number): number {
  if (vx !== speedOf.vx || vz !== speedOf.vz) {
    speedOf.vx = vx;
    speedOf.vz = vz;
    speedOf.speed = Math.hypot(vx, vz);
  }
  return speedOf.speed;
}

/** A tick after steering: knockback added and fading, the move, the stride, and the fall off `floor`. */
function carry(f: FighterBody, dtMs: number, floor: Floor): void {
  const dt = dtMs / 1000;
  let kx = 0;
  let kz = 0;
  if (f.knockMs > 0) {
    const strength = f.knockMs / Rules.knockbackMs;
    kx = f.knockX * strength;
    kz = f.knockZ * strength;
    f.knockMs = Math.max(0, f.knockMs - dtMs);
  }
  f.x += (f.vx + kx) * dt;
  f.z += (f.vz + kz) * dt;
  f.stride += walkSpeed(f.vx, f.vz) * dt;
  fallOntoFloor(f, dt, Rules.gravity, floor);
  if (f.y < -Rules.fallDepth) f.fallen = true;
}

/** Pushes two fighters apart so their bodies do not overlap (only while both are at platform height). */
export function separate(a: Fighter, b: Fighter): void {
  if (a.y < -0.2 || b.y < -0.2) return;
  const dx = b.x - a.x;
  const dz = b.z - a.z;
  const dist = Math.hypot(dx, dz);
  const min = 2 * Rules.radius;
  if (dist >= min) return;
  const [ux, uz] = dist > 1e-9 ? [dx / dist, dz / dist] : [0, 1];
  const push = (min - dist) / 2;
  a.x -= ux * push;
  a.z -= uz * push;
  b.x += ux * push;
  b.z += uz * push;
}
