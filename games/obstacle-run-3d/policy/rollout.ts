/** Playing obstacle_run_3d ahead for the planner: the game's own `stepBody` (its stride worked out once per held keys), tick by tick, among the observed platforms near the runner. */
import { moveControls } from '../../common/policy/move-keys.js';
import { strideOf, strideTick, type RunnerBody, type Stride } from '../body.js';
import { blockingPlatform, supportingPlatform, type Ground, type Platform } from '../course.js';
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

/** The observed platforms near the runner, as the game's `Ground`. */
class NearGround implements Ground {
  constructor(
    private readonly near: readonly Platform[],
    readonly deathY: number,
  ) {}

  blocking(x: number, y: number, z: number): Platform | undefined {
    return blockingPlatform(this.near, x, y, z);
  }

  support(x: number, y: number, z: number): Platform | undefined {
    return supportingPlatform(this.near, x, y, z);
  }
}

/** The observed course near the runner, for the game's `stepBody`: a tick of a rollout allocates nothing. */
export class Rollout {
  private readonly near: readonly Platform[];
  private readonly ground: NearGround;
  /** The stride of each held key set (by its bit mask) at each heading, worked out once per plan. */
  private readonly strides: (Map<number, Stride> | undefined)[] = [];
  private readonly tick = { jumped: false, landed: undefined as Platform | undefined, fell: false };

  constructor(private readonly state: ObstacleRun3dState) {
    const { x, z } = state.player;
    this.near = state.platforms.filter((p) => distanceToBox(p, x, z) < NEAR);
    this.ground = new NearGround(this.near, state.deathY);
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
    for (let i = 0; i < ticks; i++) {
      strideTick(this.tick, body, stride, this.state.tickMs, this.ground);
      if (this.tick.fell) return false;
      // Idle on the ground changes nothing more: stop early.
      if (body.onGround && still) return true;
    }
    return true;
  }
}
