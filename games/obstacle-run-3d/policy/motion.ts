/** The policy's model of obstacle_run_3d: a tick-by-tick copy of the runner's motion against the observed platforms. */
import { keysDirection } from '../../common/policy/heading.js';
import type { ObstacleRun3dView } from './state-view.js';
import type { MovingBody } from '../../common/policy/state-parts.js';

/** Keys the policy holds in one step. */
export type MoveKey = 'W' | 'A' | 'S' | 'D' | 'Space';

export type Box = ObstacleRun3dView['platforms'][number];

const EPS = 1e-6;

/** Horizontal distance from (x, z) to the top rectangle of `box` (0 inside it), m. */
export function distanceToBox(box: Box, x: number, z: number): number {
  return Math.hypot(Math.max(0, Math.abs(x - box.x) - box.halfX), Math.max(0, Math.abs(z - box.z) - box.halfZ));
}

/** Platforms further than this from the runner cannot matter within one chunk and its idle time, m. */
const NEAR = 20;

/** The motion rules, bound to one observation's platforms (only those near the runner, for speed). */
export class MoveModel {
  private readonly near: readonly Box[];

  constructor(private readonly view: ObstacleRun3dView) {
    const { x, z } = view.player;
    this.near = view.platforms.filter((p) => distanceToBox(p, x, z) < NEAR);
  }

  private blocking(x: number, y: number, z: number): Box | undefined {
    const { radius: r, height } = this.view.physics;
    return this.near.find(
      (p) => Math.abs(x - p.x) < r + p.halfX - EPS && Math.abs(z - p.z) < r + p.halfZ - EPS && y < p.top - EPS && y + height > p.bottom + EPS,
    );
  }

  /** Index of the platform the feet at (x, y, z) stand on, or -1. */
  supportIndex(x: number, y: number, z: number): number {
    const box = this.support(x, y, z);
    return box === undefined ? -1 : this.view.platforms.indexOf(box);
  }

  private support(x: number, y: number, z: number): Box | undefined {
    const r = this.view.physics.radius;
    return this.near.find((p) => Math.abs(x - p.x) < r + p.halfX && Math.abs(z - p.z) < r + p.halfZ && Math.abs(y - p.top) < 1e-4);
  }

  /** Runs `ticks` ticks holding `keys` at camera heading `yawDeg` on `body` (mutated); false once below the death line. */
  simulate(body: MovingBody, keys: readonly MoveKey[], yawDeg: number, ticks: number): boolean {
    const { moveSpeed, jumpSpeed, gravity, radius, height } = this.view.physics;
    const dt = this.view.tickMs / 1000;
    const [mx, mz] = keysDirection(keys, yawDeg);
    const len = Math.hypot(mx, mz);
    const jump = keys.includes('Space');
    for (let i = 0; i < ticks; i++) {
      if (len > 1e-9) {
        body.vx = (mx / len) * moveSpeed;
        body.vz = (mz / len) * moveSpeed;
      } else if (body.onGround) {
        body.vx = 0;
        body.vz = 0;
      }
      if (body.onGround && jump) {
        body.vy = jumpSpeed;
        body.onGround = false;
      }
      if (body.vx !== 0) {
        const x = body.x + body.vx * dt;
        const wall = this.blocking(x, body.y, body.z);
        if (wall === undefined) body.x = x;
        else {
          body.x = body.vx > 0 ? wall.x - wall.halfX - radius : wall.x + wall.halfX + radius;
          body.vx = 0;
        }
      }
      if (body.vz !== 0) {
        const z = body.z + body.vz * dt;
        const wall = this.blocking(body.x, body.y, z);
        if (wall === undefined) body.z = z;
        else {
          body.z = body.vz > 0 ? wall.z - wall.halfZ - radius : wall.z + wall.halfZ + radius;
          body.vz = 0;
        }
      }
      if (!body.onGround) {
        body.vy -= gravity * dt;
        const y = body.y + body.vy * dt;
        const hit = this.blocking(body.x, y, body.z);
        if (hit === undefined) body.y = y;
        else if (body.vy <= 0) {
          body.y = hit.top;
          body.vy = 0;
          body.onGround = true;
        } else {
          body.y = hit.bottom - height;
          body.vy = 0;
        }
      } else if (this.support(body.x, body.y, body.z) === undefined) {
        body.onGround = false;
        body.vy = 0;
      }
      if (body.y < this.view.deathY) return false;
      // Idle on the ground changes nothing more: stop early.
      if (body.onGround && len <= 1e-9 && !jump) return true;
    }
    return true;
  }
}
