/** The policy's model of obstacle_run_2d: a tick-by-tick copy of the runner's motion against the observed platforms. */
import type { ObstacleRun2dView } from './state-view.js';

/** Keys the policy holds in one step. */
export type RunKey = 'A' | 'D' | 'Space';

export interface RunBody {
  x: number;
  y: number;
  vx: number;
  vy: number;
  onGround: boolean;
}

type Slab = ObstacleRun2dView['platforms'][number];

const EPS = 1e-6;

/** The observed body, as a mutable copy. */
export function bodyOf(view: ObstacleRun2dView): RunBody {
  const p = view.player;
  return { x: p.x, y: p.y, vx: p.vx, vy: p.vy, onGround: p.onGround };
}

/** The motion rules, bound to one observation's platforms (only those near the runner, for speed). */
export class RunModel {
  private readonly slabs: readonly Slab[];

  constructor(private readonly view: ObstacleRun2dView) {
    const x = view.player.x;
    this.slabs = view.platforms.filter((p) => p.x1 > x - 20 && p.x0 < x + 30);
  }

  private blocking(x: number, y: number): Slab | undefined {
    const { halfWidth: hw, height } = this.view.physics;
    return this.slabs.find((p) => x + hw > p.x0 + EPS && x - hw < p.x1 - EPS && y < p.top - EPS && y + height > p.bottom + EPS);
  }

  /** The slab the feet at (x, y) stand on, if any. */
  support(x: number, y: number): Slab | undefined {
    const hw = this.view.physics.halfWidth;
    return this.slabs.find((p) => x + hw > p.x0 && x - hw < p.x1 && Math.abs(y - p.top) < 1e-4);
  }

  /** Runs `ticks` ticks holding `keys` on `body` (mutated); false once the body is below the death line. */
  simulate(body: RunBody, keys: readonly RunKey[], ticks: number): boolean {
    const { runSpeed, jumpSpeed, gravity, halfWidth, height } = this.view.physics;
    const dt = this.view.tickMs / 1000;
    const dir = (keys.includes('D') ? 1 : 0) - (keys.includes('A') ? 1 : 0);
    const jump = keys.includes('Space');
    for (let i = 0; i < ticks; i++) {
      if (dir !== 0) body.vx = dir * runSpeed;
      else if (body.onGround) body.vx = 0;
      if (body.onGround && jump) {
        body.vy = jumpSpeed;
        body.onGround = false;
      }
      if (body.vx !== 0) {
        const x = body.x + body.vx * dt;
        const wall = this.blocking(x, body.y);
        if (wall === undefined) {
          body.x = x;
        } else {
          body.x = body.vx > 0 ? wall.x0 - halfWidth : wall.x1 + halfWidth;
          body.vx = 0;
        }
      }
      if (!body.onGround) {
        body.vy -= gravity * dt;
        const y = body.y + body.vy * dt;
        const hit = this.blocking(body.x, y);
        if (hit === undefined) {
          body.y = y;
        } else if (body.vy <= 0) {
          body.y = hit.top;
          body.vy = 0;
          body.onGround = true;
        } else {
          body.y = hit.bottom - height;
          body.vy = 0;
        }
      } else if (this.support(body.x, body.y) === undefined) {
        body.onGround = false;
        body.vy = 0;
      }
      if (body.y < this.view.deathY) return false;
      // Idle on the ground changes nothing more: stop early.
      if (body.onGround && dir === 0 && !jump) return true;
    }
    return true;
  }
}
