/** Playing obstacle_run_3d ahead for the planner: the game's own `stepBody` (its stride worked out once per held keys), tick by tick, among the observed platforms within the body's reach. */
import { moveControls } from '../../common/policy/move-keys.js';
import { strideOf, strideTick, type RunnerBody, type Stride } from '../body.js';
import { blockingPlatform, supportingPlatform, type Ground, type Platform } from '../course.js';
import { Rules } from '../rules.js';
import type { ObstacleRun3dState } from '../state.js';

/** Keys the policy holds in one step. */
export type MoveKey = 'W' | 'A' | 'S' | 'D' | 'Space';

/** Horizontal distance from (x, z) to the top rectangle of `box` (0 inside it), m. */
export function distanceToBox(box: Platform, x: number, z: number): number {
  return Math.hypot(Math.max(0, Math.abs(x - box.x) - box.halfX), Math.max(0, Math.abs(z - box.z) - box.halfZ));
}

const KEY_BITS: Readonly<Record<MoveKey, number>> = { W: 1, A: 2, S: 4, D: 8, Space: 16 };

/** Platforms further than this from the runner cannot matter within one chunk and its idle time, m. */
const NEAR = 20;

/** The observed body, as a mutable copy. */
export function bodyOf(state: ObstacleRun3dState): RunnerBody {
  const p = state.player;
  return { x: p.x, y: p.y, z: p.z, vx: p.vx, vy: p.vy, vz: p.vz, onGround: p.onGround, facingDeg: 0 };
}

/**
 * The observed platforms within reach of the body in the current `simulate` call, in the course's order, as the
 * game's `Ground`: its first-match look-ups answer as over the whole course and scan a handful of platforms a tick.
 */
class ReachGround implements Ground {
  private readonly reach: Platform[] = [];

  constructor(readonly deathY: number) {}

  /** Keeps those of `near` whose top is within `distance` of (x, z) across. */
  narrow(near: readonly Platform[], x: number, z: number, distance: number): void {
    this.reach.length = 0;
    for (const p of near) if (distanceToBox(p, x, z) < distance) this.reach.push(p);
  }

  blocking(x: number, y: number, z: number): Platform | undefined {
    return blockingPlatform(this.reach, x, y, z);
  }

  support(x: number, y: number, z: number): Platform | undefined {
    return supportingPlatform(this.reach, x, y, z);
  }
}

/** The observed course near the runner, for the game's `stepBody`: a tick of a rollout allocates nothing. */
export class Rollout {
  private readonly near: readonly Platform[];
  private readonly ground: ReachGround;
  /** The stride of each held key set (by its bit mask) at each heading, worked out once per plan. */
  private readonly strides: (Map<number, Stride> | undefined)[] = [];
  private readonly tick = { jumped: false, landed: undefined as Platform | undefined, fell: false };

  constructor(private readonly state: ObstacleRun3dState) {
    const { x, z } = state.player;
    this.near = state.platforms.filter((p) => distanceToBox(p, x, z) < NEAR);
    this.ground = new ReachGround(state.deathY);
  }

  private strideFor(keys: readonly MoveKey[], yawDeg: number): Stride {
    let mask = 0;
    for (const key of keys) mask |= KEY_BITS[key];
    let byYaw = this.strides[mask];
    if (byYaw === undefined) this.strides[mask] = byYaw = new Map();
    let stride = byYaw.get(yawDeg);
    if (stride === undefined) byYaw.set(yawDeg, (stride = strideOf(moveControls(keys), yawDeg)));
    return stride;
  }

  /** Index of the platform the feet at (x, y, z) stand on, or -1. */
  supportIndex(x: number, y: number, z: number): number {
    const box = supportingPlatform(this.near, x, y, z);
    return box === undefined ? -1 : this.state.platforms.indexOf(box);
  }

  /** Runs `ticks` ticks holding `keys` at camera heading `yawDeg` on `body` (mutated); false once below the death line. */
  simulate(body: RunnerBody, keys: readonly MoveKey[], yawDeg: number, ticks: number): boolean {
    const stride = this.strideFor(keys, yawDeg);
    const still = !stride.moving && !stride.jump;
    // The body moves at most at the walking speed (or the speed it has, if more); its footprint reaches `radius`
    // beyond its centre, and a metre more keeps clear of every tolerance.
    const speed = Math.max(Math.hypot(body.vx, body.vz), Rules.moveSpeed);
    this.ground.narrow(this.near, body.x, body.z, speed * ticks * (this.state.tickMs / 1000) + Rules.radius + 1);
    for (let i = 0; i < ticks; i++) {
      strideTick(this.tick, body, stride, this.state.tickMs, this.ground);
      if (this.tick.fell) return false;
      // Idle on the ground changes nothing more: stop early.
      if (body.onGround && still) return true;
    }
    return true;
  }
}
