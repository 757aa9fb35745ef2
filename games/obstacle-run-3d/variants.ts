/** The variants of obstacle_run_3d: platform count, sizes, gaps, heights, sideways offsets and turns; the rules never do. */
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { obstacleRun3dVariants } from './manifest.js';
import { obstacleRun3d } from './manifest.js';

/** A closed range [min, max] that a course generator draws from uniformly. */
export interface Span {
  readonly min: number;
  readonly max: number;
}

export interface ObstacleRun3dVariant {
  readonly id: string;
  readonly timeLimitMs: number;
  /** Platforms between the start and the finish pad. */
  readonly platforms: number;
  /** Side of a platform's top along each axis, m. */
  readonly size: Span;
  /** Empty span between two platforms along the direction of travel, m (narrowed where a jump would not reach). */
  readonly gap: Span;
  /** Change of height from one platform top to the next, m (negative drops). */
  readonly rise: Span;
  /** Platform tops stay within this band, m (the start platform top is at 0). */
  readonly height: Span;
  /** Sideways shift of a platform's centre from the previous one's, m (either side). */
  readonly offset: Span;
  /** Shifts alternate sides instead of picking a side at random. */
  readonly zigzag: boolean;
  /** Chance that the course turns a right angle at a platform (then turns back towards +z at the next). */
  readonly turnChance: number;
}

const PARAMS: VariantParams<typeof obstacleRun3dVariants, Omit<ObstacleRun3dVariant, 'id' | 'timeLimitMs'>> = {
  origin: {
    platforms: 22,
    size: { min: 2.5, max: 5 },
    gap: { min: 1, max: 2.4 },
    rise: { min: -0.8, max: 0.8 },
    height: { min: -2, max: 3 },
    offset: { min: 0, max: 2.5 },
    zigzag: false,
    turnChance: 0,
  },
  zigzag: {
    platforms: 20,
    size: { min: 2.5, max: 4 },
    gap: { min: 1, max: 2.2 },
    rise: { min: -0.6, max: 0.6 },
    height: { min: -2, max: 2 },
    offset: { min: 3.5, max: 5.5 },
    zigzag: true,
    turnChance: 0,
  },
  stairway: {
    platforms: 20,
    size: { min: 2.5, max: 4 },
    gap: { min: 1, max: 2 },
    rise: { min: 0.2, max: 1.1 },
    height: { min: 0, max: 14 },
    offset: { min: 0, max: 2 },
    zigzag: false,
    turnChance: 0,
  },
  switchback: {
    platforms: 24,
    size: { min: 2, max: 3.5 },
    gap: { min: 1.2, max: 2.4 },
    rise: { min: -0.7, max: 0.7 },
    height: { min: -2, max: 3 },
    offset: { min: 0, max: 1.5 },
    zigzag: false,
    turnChance: 0.45,
  },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly ObstacleRun3dVariant[] = manifestVariants(obstacleRun3d, PARAMS);
