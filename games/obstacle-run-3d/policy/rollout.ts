/** Playing obstacle_run_3d ahead for the planner: the game's own `stepBody` (its stride worked out once per held keys), tick by tick, among the observed platforms near the runner. */
import { moveControls } from '../../common/policy/move-keys.js';
import { stepStride, strideOf, type RunnerBody } from '../body.js';
import { blockingPlatform, supportingPlatform, type Ground, type Platform } from '../course.js';
import type { ObstacleRun3dState } from '../state.js';

/** Keys the policy holds in one step. */
export type MoveKey = 'W' | 'A' | 'S' | 'D' | 'Space';

/** Horizontal distance from (x, z) to the top rectangle of `box` (0 inside it), m. */
export function distanceToBox(box: Platform, x: number, z: number): number {
  return Math.hypot(Math.max(0, Math.abs(x - box.x) - box.halfX), Math.max(0, Math.abs(z - box.z) - box.halfZ));
}

/** Platforms further than this from the runner cannot matter within one chunk and its idle time, m. */
const NEAR = 20;

/** The observed body, as a mutable copy. */
export function bodyOf(state: ObstacleRun3dState): RunnerBody {
  const p = state.player;
  return { x: p.x, y: p.y, z: p.z, vx: p.vx, vy: p.vy, vz: p.vz, onGround: p.onGround, facingDeg: 0 };
}

/** The observed course near the runner, for `stepBody`. */
export class Rollout {
  private readonly near: readonly Platform[];
  private readonly ground: Ground;

  constructor(private readonly state: ObstacleRun3dState) {
    const { x, z } = state.player;
    const near = state.platforms.filter((p) => distanceToBox(p, x, z) < NEAR);
    this.near = near;
    this.ground = { blocking: (bx, by, bz) => blockingPlatform(near, bx, by, bz), support: (bx, by, bz) => supportingPlatform(near, bx, by, bz), deathY: state.deathY };
  }

  /** Index of the platform the feet at (x, y, z) stand on, or -1. */
  supportIndex(x: number, y: number, z: number): number {
    const box = supportingPlatform(this.near, x, y, z);
    return box === undefined ? -1 : this.state.platforms.indexOf(box);
  }

  /** Runs `ticks` ticks holding `keys` at camera heading `yawDeg` on `body` (mutated); false once below the death line. */
  simulate(body: RunnerBody, keys: readonly MoveKey[], yawDeg: number, ticks: number): boolean {
    const controls = moveControls(keys);
    const still = controls.forward === controls.back && controls.left === controls.right && !controls.jump;
    const stride = strideOf(controls, yawDeg);
    for (let i = 0; i < ticks; i++) {
      if (stepStride(body, stride, this.state.tickMs, this.ground).fell) return false;
      // Idle on the ground changes nothing more: stop early.
      if (body.onGround && still) return true;
    }
    return true;
  }
}
