/** Playing obstacle_run_2d ahead for the planner: the game's own `stepBody`, tick by tick, among the observed platforms near the runner. */
import { moveControls } from '../../common/policy/move-keys.js';
import { stepBody, type RunnerBody } from '../body.js';
import { blockingPlatform, supportingPlatform, type Ground, type Platform } from '../course.js';
import { Rules } from '../rules.js';
import type { ObstacleRun2dState } from '../state.js';

/** Keys the policy holds in one step. */
export type RunKey = 'A' | 'D' | 'Space';

/** The observed body, as a mutable copy. */
export function bodyOf(state: ObstacleRun2dState): RunnerBody {
  const p = state.player;
  return { x: p.x, y: p.y, vx: p.vx, vy: p.vy, onGround: p.onGround, facing: 1 };
}

/**
 * The observed course near the runner (platforms further away cannot matter within a chunk), for `stepBody`.
 * Each `simulate` narrows it again to the platforms the body can reach in that call, in the course's order, so
 * `stepBody`'s first-match look-ups answer as over the whole course and scan a handful of platforms a tick.
 */
export class Rollout {
  private readonly near: readonly Platform[];
  /** The platforms within reach of the body in the current `simulate` call. */
  private readonly reach: Platform[] = [];
  private readonly ground: Ground;

  constructor(private readonly state: ObstacleRun2dState) {
    const x = state.player.x;
    this.near = state.platforms.filter((p) => p.x1 > x - 20 && p.x0 < x + 30);
    this.ground = { blocking: (bx, by) => blockingPlatform(this.reach, bx, by), support: (bx, by) => supportingPlatform(this.reach, bx, by), deathY: state.deathY };
  }

  /** Runs `ticks` ticks holding `keys` on `body` (mutated); false once the body is below the death line. */
  simulate(body: RunnerBody, keys: readonly RunKey[], ticks: number): boolean {
    const controls = moveControls(keys);
    const idle = controls.left === controls.right && !controls.jump;
    this.narrow(body, ticks);
    for (let i = 0; i < ticks; i++) {
      if (stepBody(body, controls, this.state.tickMs, this.ground).fell) return false;
      // Idle on the ground changes nothing more: stop early.
      if (body.onGround && idle) return true;
    }
    return true;
  }

  /**
   * Keeps the platforms a box around the body can touch in `ticks` ticks: the body moves at most at the run speed
   * (or the speed it has, if more) and is `halfWidth` either side, and a metre more keeps clear of every tolerance.
   */
  private narrow(body: RunnerBody, ticks: number): void {
    const reach = Math.max(Math.abs(body.vx), Rules.runSpeed) * ticks * (this.state.tickMs / 1000) + Rules.halfWidth + 1;
    this.reach.length = 0;
    for (const p of this.near) if (p.x1 > body.x - reach && p.x0 < body.x + reach) this.reach.push(p);
  }
}
