/** Falling among solid slabs (the obstacle runs' platforms): gravity, landing on a top, bumping a head on an underside. */
import type { JumpingBody } from './walk.js';

/** A solid slab's walkable top and its underside, m. */
export interface Slab {
  readonly top: number;
  readonly bottom: number;
}

/** What a tick did to a body among slabs. */
export interface SlabStep<S extends Slab> {
  readonly jumped: boolean;
  /** The slab the body landed on this tick, if it landed. */
  readonly landed: S | undefined;
  /** The feet went below the course's death line: the episode is over. */
  readonly fell: boolean;
}

/**
 * How a body meets a course's slabs, as functions of both (one object per game, made once, so that a tick
 * allocates no closure): the slab the body would overlap with its feet at height y, and whether it stands.
 */
export interface SlabProbe<C, B extends JumpingBody, S extends Slab> {
  blockingAt(course: C, body: B, y: number): S | undefined;
  supported(course: C, body: B): boolean;
}

/**
 * In the air, falls for `dt` seconds: `probe.blockingAt` names a slab the body would overlap with its feet at y,
 * which it lands on when coming down and bumps its head (of `height` m) on when going up. On the ground, a body
 * that `probe.supported` no longer holds starts falling. Returns the slab landed on, if any.
 */
export function fallAmongSlabs<C, B extends JumpingBody, S extends Slab>(
  body: B,
  dt: number,
  rules: { readonly gravity: number; readonly height: number },
  course: C,
  probe: SlabProbe<C, B, S>,
): S | undefined {
  if (body.onGround) {
    if (!probe.supported(course, body)) {
      // Walked off an edge: start falling.
      body.onGround = false;
      body.vy = 0;
    }
    return undefined;
  }
  body.vy -= rules.gravity * dt;
  const y = body.y + body.vy * dt;
  const hit = probe.blockingAt(course, body, y);
  if (hit === undefined) {
    body.y = y;
  } else if (body.vy <= 0) {
    body.y = hit.top;
    body.vy = 0;
    body.onGround = true;
    return hit;
  } else {
    body.y = hit.bottom - rules.height;
    body.vy = 0;
  }
  return undefined;
}
