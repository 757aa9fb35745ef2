/** The variants of obstacle_run_2d: course length, platform lengths, gap widths and height changes; the rules never do. */
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { obstacleRun2dVariants } from './manifest.js';
import { obstacleRun2d } from './manifest.js';

/** A closed range [min, max] that a course generator draws from uniformly. */
export interface Span {
  readonly min: number;
  readonly max: number;
}

export interface ObstacleRun2dVariant {
  readonly id: string;
  readonly timeLimitMs: number;
  /** World x of the finish line, m; the player starts at x = 0. */
  readonly finishX: number;
  /** Length of each platform after the start one, m. */
  readonly platformLength: Span;
  /** Empty span between two platforms, m (narrowed where the rise makes a wide gap unjumpable). */
  readonly gap: Span;
  /** Change of height from one platform top to the next, m (negative drops). */
  readonly rise: Span;
  /** Platform tops stay within this band, m (the start platform top is at 0). */
  readonly height: Span;
}

const PARAMS: VariantParams<typeof obstacleRun2dVariants, Omit<ObstacleRun2dVariant, 'id' | 'timeLimitMs'>> = {
  origin: {
    finishX: 200,
    platformLength: { min: 3.5, max: 8 },
    gap: { min: 1.4, max: 3 },
    rise: { min: -1, max: 0.9 },
    height: { min: -2, max: 3 },
  },
  wide_gaps: {
    finishX: 180,
    platformLength: { min: 3, max: 6 },
    gap: { min: 2.4, max: 3.4 },
    rise: { min: -0.5, max: 0.5 },
    height: { min: -1.5, max: 1.5 },
  },
  steps: {
    finishX: 170,
    platformLength: { min: 2.5, max: 5 },
    gap: { min: 1.2, max: 2.6 },
    rise: { min: -1.4, max: 1.3 },
    height: { min: -3, max: 4 },
  },
  marathon: {
    finishX: 260,
    platformLength: { min: 2, max: 5 },
    gap: { min: 1.4, max: 3 },
    rise: { min: -0.9, max: 0.9 },
    height: { min: -2, max: 3 },
  },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly ObstacleRun2dVariant[] = manifestVariants(obstacleRun2d, PARAMS);
