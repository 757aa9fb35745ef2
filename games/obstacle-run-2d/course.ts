/** The platform course: generated from the variant and seed, and queried for collisions and support. */
import { Prng } from '../../protocol/index.js';
import { Rules } from './rules.js';
import type { ObstacleRun2dVariant, Span } from './variants.js';

/** One floating platform: a solid slab from x0 to x1 whose walkable top is at `top`, m. */
export interface Platform {
  readonly x0: number;
  readonly x1: number;
  readonly top: number;
  readonly bottom: number;
}

/** Platform slab thickness, m. */
export const PLATFORM_THICKNESS = 0.8;
/** How far the start platform reaches behind the start, and its length ahead of it, m. */
const START_BACK = 4;
const START_AHEAD = 6;
/** Length of the finish platform beyond the finish line, m. */
const FINISH_TAIL = 6;
/** Every platform but the last ends at least this far before the finish line, so the last starts before it, m. */
const FINISH_RUN_IN = 5;
/**
 * Slack left under the longest possible jump when a gap is drawn, m: one step of running (0.72 m, the
 * finest a chunk can place a take-off) plus a margin.
 */
const JUMP_SLACK = 1.1;
const EPS = 1e-6;

/** Widest gap a jump from the ground can clear onto a platform `rise` m higher (negative: lower), m. */
export function reachableGap(rise: number): number {
  const v = Rules.jumpSpeed;
  const disc = v * v - 2 * Rules.gravity * rise;
  if (disc <= 0) return 0;
  const airS = (v + Math.sqrt(disc)) / Rules.gravity;
  return Rules.runSpeed * airS + 2 * Rules.halfWidth;
}

/** What a body moves among: platforms to collide with and stand on, and the death line below them, m. */
export interface Ground {
  /** The first platform whose slab overlaps the body box with feet at (x, y), if any. */
  blocking(x: number, y: number): Platform | undefined;
  /** The platform the feet at (x, y) stand on, if any. */
  support(x: number, y: number): Platform | undefined;
  readonly deathY: number;
}

/** The first of `platforms` whose slab overlaps the body box with feet at (x, y), if any. */
export function blockingPlatform<P extends Platform>(platforms: readonly P[], x: number, y: number): P | undefined {
  const hw = Rules.halfWidth;
  // A plain loop, not find(): the planner asks this many times a tick, and a closure per call is garbage.
  for (const p of platforms) if (x + hw > p.x0 + EPS && x - hw < p.x1 - EPS && y < p.top - EPS && y + Rules.height > p.bottom + EPS) return p;
  return undefined;
}

/** The first of `platforms` the feet at (x, y) stand on, if any. */
export function supportingPlatform<P extends Platform>(platforms: readonly P[], x: number, y: number): P | undefined {
  const hw = Rules.halfWidth;
  for (const p of platforms) if (x + hw > p.x0 && x - hw < p.x1 && Math.abs(y - p.top) < 1e-4) return p;
  return undefined;
}

const draw = (prng: Prng, span: Span): number => span.min + prng.next() * (span.max - span.min);
/** Rounds to centimetres so layouts print and compare cleanly. */
const cm = (v: number): number => Math.round(v * 100) / 100;

export class Course implements Ground {
  /** Platforms in order of x; the first holds the start, the last the finish line. */
  readonly platforms: readonly Platform[];
  readonly finishX: number;
  /** The episode ends once the feet are below this height, m. */
  readonly deathY: number;

  constructor(variant: ObstacleRun2dVariant, seed: number) {
    const prng = new Prng(seed, 2);
    const slab = (x0: number, x1: number, top: number): Platform => ({ x0: cm(x0), x1: cm(x1), top: cm(top), bottom: cm(top - PLATFORM_THICKNESS) });
    const platforms: Platform[] = [slab(Rules.startX - START_BACK, Rules.startX + START_AHEAD, 0)];
    for (;;) {
      const prev = platforms[platforms.length - 1]!;
      const top = Math.min(variant.height.max, Math.max(variant.height.min, prev.top + draw(prng, variant.rise)));
      const gap = Math.min(draw(prng, variant.gap), reachableGap(top - prev.top) - JUMP_SLACK);
      const x0 = prev.x1 + gap;
      const length = draw(prng, variant.platformLength);
      if (x0 + length > variant.finishX - FINISH_RUN_IN) {
        platforms.push(slab(x0, variant.finishX + FINISH_TAIL, top));
        break;
      }
      platforms.push(slab(x0, x0 + length, top));
    }
    this.platforms = platforms;
    this.finishX = variant.finishX;
    this.deathY = Math.min(...platforms.map((p) => p.top)) - Rules.fallDepth;
  }

  /** The first platform whose slab overlaps the body box with feet at (x, y), if any. */
  blocking(x: number, y: number): Platform | undefined {
    return blockingPlatform(this.platforms, x, y);
  }

  /** The platform the feet at (x, y) stand on, if any. */
  support(x: number, y: number): Platform | undefined {
    return supportingPlatform(this.platforms, x, y);
  }

  /** Index of `platform` in course order. */
  indexOf(platform: Platform): number {
    return this.platforms.indexOf(platform);
  }
}
