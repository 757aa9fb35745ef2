/** Playing obstacle_run_2d ahead for the planner: the game's own `stepBody`, tick by tick, among the observed platforms near the runner. */
import { moveControls } from '../../common/policy/move-keys.js';
import { stepBody, type RunnerBody } from '../body.js';
import { blockingPlatform, supportingPlatform, type Ground, type Platform } from '../course.js';
import type { ObstacleRun2dState } from '../state.js';

/** Keys the policy holds in one step. */
export type RunKey = 'A' | 'D' | 'Space';

/** The observed body, as a mutable copy. */
export function bodyOf(state: ObstacleRun2dState): RunnerBody {
  const p = state.player;
  return { x: p.x, y: p.y, vx: p.vx, vy: p.vy, onGround: p.onGround, facing: 1 };
}

/** The observed course near the runner (platforms further away cannot matter within a chunk), for `stepBody`. */
export class Rollout {
  private readonly ground: Ground;

  constructor(private readonly state: ObstacleRun2dState) {
    const x = state.player.x;
    const near: readonly Platform[] = state.platforms.filter((p) => p.x1 > x - 20 && p.x0 < x + 30);
    this.ground = { blocking: (bx, by) => blockingPlatform(near, bx, by), support: (bx, by) => supportingPlatform(near, bx, by), deathY: state.deathY };
  }

  /** Runs `ticks` ticks holding `keys` on `body` (mutated); false once the body is below the death line. */
  simulate(body: RunnerBody, keys: readonly RunKey[], ticks: number): boolean {
    const controls = moveControls(keys);
    const idle = controls.left === controls.right && !controls.jump;
    for (let i = 0; i < ticks; i++) {
      if (stepBody(body, controls, this.state.tickMs, this.ground).fell) return false;
      // Idle on the ground changes nothing more: stop early.
      if (body.onGround && idle) return true;
    }
    return true;
  }
}
