/** The platform course: generated from the variant and seed, queried for collisions and support, and measured along its path. */
import { Prng } from '../../protocol/index.js';
import { Rules } from './rules.js';
import type { ObstacleRun3dVariant, Span } from './variants.js';

/** One floating platform: a solid box whose walkable top is the rectangle centred on (x, z) at height `top`, m. */
export interface Platform {
  readonly x: number;
  readonly z: number;
  readonly halfX: number;
  readonly halfZ: number;
  readonly top: number;
  readonly bottom: number;
}

/** Platform slab thickness, m. */
export const PLATFORM_THICKNESS = 0.8;
const START_HALF = 3;
const FINISH_HALF = 2;
/** Slack left under the longest possible jump when a gap is drawn, m: one step of walking (0.72 m) plus a margin. */
const JUMP_SLACK = 1.2;
/** Non-neighbouring platforms keep at least this much clear air between them, m. */
const CLEARANCE = 1.5;
const ATTEMPTS = 20;
const EPS = 1e-6;

type Heading = 'z' | '+x' | '-x';

/** Widest gap a jump from the ground can clear onto a platform `rise` m higher (negative: lower), m. */
export function reachableGap(rise: number): number {
  const v = Rules.jumpSpeed;
  const disc = v * v - 2 * Rules.gravity * rise;
  if (disc <= 0) return 0;
  return (Rules.moveSpeed * (v + Math.sqrt(disc))) / Rules.gravity + 2 * Rules.radius;
}

const draw = (prng: Prng, span: Span): number => span.min + prng.next() * (span.max - span.min);
const cm = (v: number): number => Math.round(v * 100) / 100;

/** What a body moves among: platforms to collide with and stand on, and the death line below them, m. */
export interface Ground {
  /** The first platform whose box overlaps the body box with feet at (x, y, z), if any. */
  blocking(x: number, y: number, z: number): Platform | undefined;
  /** The platform the feet at (x, y, z) stand on, if any. */
  support(x: number, y: number, z: number): Platform | undefined;
  readonly deathY: number;
}

/** The first of `platforms` whose box overlaps the body box with feet at (x, y, z), if any. */
export function blockingPlatform<P extends Platform>(platforms: readonly P[], x: number, y: number, z: number): P | undefined {
  const r = Rules.radius;
  const head = y + Rules.height;
  // A plain loop, not find(): the planner asks this many times a tick, and a closure per call is garbage.
  for (const p of platforms) {
    if (Math.abs(x - p.x) < r + p.halfX - EPS && Math.abs(z - p.z) < r + p.halfZ - EPS && y < p.top - EPS && head > p.bottom + EPS) return p;
  }
  return undefined;
}

/** The first of `platforms` the feet at (x, y, z) stand on, if any. */
export function supportingPlatform<P extends Platform>(platforms: readonly P[], x: number, y: number, z: number): P | undefined {
  const r = Rules.radius;
  for (const p of platforms) if (Math.abs(x - p.x) < r + p.halfX && Math.abs(z - p.z) < r + p.halfZ && Math.abs(y - p.top) < 1e-4) return p;
  return undefined;
}

function apart(a: Platform, b: Platform, margin: number): boolean {
  return Math.abs(a.x - b.x) >= a.halfX + b.halfX + margin || Math.abs(a.z - b.z) >= a.halfZ + b.halfZ + margin;
}

export class Course implements Ground {
  /** Platforms in path order: the start, the steps, and the finish pad last. */
  readonly platforms: readonly Platform[];
  /** Path length from the start platform's centre to each platform's centre, horizontally, m. */
  readonly pathAt: readonly number[];
  /** Total path length from the start centre to the finish centre, m. */
  readonly pathLength: number;
  /** The episode ends once the feet are below this height, m. */
  readonly deathY: number;

  constructor(variant: ObstacleRun3dVariant, seed: number) {
    const prng = new Prng(seed, 2);
    const platforms: Platform[] = [{ x: 0, z: 0, halfX: START_HALF, halfZ: START_HALF, top: 0, bottom: -PLATFORM_THICKNESS }];
    let heading: Heading = 'z';
    let side = prng.next() < 0.5 ? 1 : -1;
    for (let i = 1; i <= variant.platforms + 1; i++) {
      const prev = platforms[platforms.length - 1]!;
      const finish = i === variant.platforms + 1;
      let next: Platform | undefined;
      let nextHeading: Heading = 'z';
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        nextHeading = heading === 'z' && !finish && prng.next() < variant.turnChance ? (prng.next() < 0.5 ? '+x' : '-x') : 'z';
        const sign = variant.zigzag ? side : prng.next() < 0.5 ? 1 : -1;
        const candidate = place(prng, variant, prev, nextHeading, sign, finish);
        next = candidate;
        if (platforms.every((p) => p === prev || apart(p, candidate, CLEARANCE))) break;
      }
      platforms.push(next!);
      heading = nextHeading;
      side = -side;
    }
    this.platforms = platforms;
    const at = [0];
    for (let i = 1; i < platforms.length; i++) {
      const a = platforms[i - 1]!;
      const b = platforms[i]!;
      at.push(at[i - 1]! + Math.hypot(b.x - a.x, b.z - a.z));
    }
    this.pathAt = at;
    this.pathLength = at[at.length - 1]!;
    this.deathY = Math.min(...platforms.map((p) => p.top)) - Rules.fallDepth;
  }

  /** The finish pad. */
  get finish(): Platform {
    return this.platforms[this.platforms.length - 1]!;
  }

  /** The first platform whose box overlaps the body box with feet at (x, y, z), if any. */
  blocking(x: number, y: number, z: number): Platform | undefined {
    return blockingPlatform(this.platforms, x, y, z);
  }

  /** The platform the feet at (x, y, z) stand on, if any. */
  support(x: number, y: number, z: number): Platform | undefined {
    return supportingPlatform(this.platforms, x, y, z);
  }

  /** The highest platform top at or below height `y` under the point (x, z), for the drop shadow. */
  below(x: number, y: number, z: number): Platform | undefined {
    let best: Platform | undefined;
    for (const p of this.platforms) {
      if (Math.abs(x - p.x) <= p.halfX && Math.abs(z - p.z) <= p.halfZ && p.top <= y + 1e-4 && (best === undefined || p.top > best.top)) best = p;
    }
    return best;
  }

  /** Path distance reached by standing at (x, z) on platform `index`: its own distance plus the way along the next leg. */
  pathDistance(index: number, x: number, z: number): number {
    const here = this.platforms[index];
    const next = this.platforms[index + 1];
    const base = this.pathAt[index] ?? 0;
    if (here === undefined || next === undefined) return base;
    const lx = next.x - here.x;
    const lz = next.z - here.z;
    const len = Math.hypot(lx, lz);
    const along = ((x - here.x) * lx + (z - here.z) * lz) / len;
    return base + Math.min(len, Math.max(0, along));
  }
}

/** Draws the next platform after `prev` in direction `heading`, shifted sideways towards `sign`. */
function place(prng: Prng, variant: ObstacleRun3dVariant, prev: Platform, heading: Heading, sign: number, finish: boolean): Platform {
  const sizeA = finish ? FINISH_HALF : draw(prng, variant.size) / 2;
  const sizeB = finish ? FINISH_HALF : draw(prng, variant.size) / 2;
  const top = Math.min(variant.height.max, Math.max(variant.height.min, prev.top + draw(prng, variant.rise)));
  const limit = reachableGap(top - prev.top) - JUMP_SLACK;
  let gapAlong = draw(prng, variant.gap);
  // Turns run sideways along x and only ever shift forwards (+z), so the course never folds back on itself.
  const alongZ = heading === 'z';
  const latSign = alongZ ? sign : 1;
  let lat = draw(prng, variant.offset);
  const prevAlong = alongZ ? prev.halfZ : prev.halfX;
  const prevLat = alongZ ? prev.halfX : prev.halfZ;
  const halfAlong = sizeA;
  const halfLat = sizeB;
  const gapLat = Math.max(0, lat - prevLat - halfLat);
  if (Math.hypot(gapLat, gapAlong) > limit) {
    const fixedLat = Math.min(gapLat, Math.max(0, limit - 1));
    gapAlong = Math.min(gapAlong, Math.sqrt(limit * limit - fixedLat * fixedLat));
    if (fixedLat < gapLat) lat = fixedLat + prevLat + halfLat;
  }
  const along = prevAlong + gapAlong + halfAlong;
  const dirAlong = heading === '-x' ? -1 : 1;
  const x = alongZ ? prev.x + latSign * lat : prev.x + dirAlong * along;
  const z = alongZ ? prev.z + along : prev.z + latSign * lat;
  return {
    x: cm(x),
    z: cm(z),
    halfX: cm(alongZ ? halfLat : halfAlong),
    halfZ: cm(alongZ ? halfAlong : halfLat),
    top: cm(top),
    bottom: cm(top - PLATFORM_THICKNESS),
  };
}
