/** The variants of last_stand: layout, drop pattern and timer change; the rules never do. */
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { lastStandVariants } from './manifest.js';
import { lastStand } from './manifest.js';

/** How tiles are chosen to drop. `targetChance` is the chance a drop picks the tile under the player when it is a candidate. */
export type DropPlan =
  | {
      readonly kind: 'random';
      /** Game time of the first drop, ms. */
      readonly firstMs: number;
      /** Time between drops at the start and at the time limit (linear in between), ms. */
      readonly startIntervalMs: number;
      readonly endIntervalMs: number;
      readonly targetChance: number;
    }
  | {
      readonly kind: 'waves';
      readonly firstMs: number;
      /** Time between the starts of two waves, ms. */
      readonly periodMs: number;
      /** Time for a wave to move on by one line of tiles, ms. */
      readonly lineStepMs: number;
      /** Tiles dropped from each line a wave passes. */
      readonly perLine: number;
      readonly targetChance: number;
    };

export interface LastStandVariant {
  readonly id: string;
  readonly cols: number;
  readonly rows: number;
  /** Side of the square hole in the middle, in tiles (0 for none). */
  readonly hole: number;
  readonly timeLimitMs: number;
  readonly drops: DropPlan;
}

const PARAMS: VariantParams<typeof lastStandVariants, Omit<LastStandVariant, 'id' | 'timeLimitMs'>> = {
  origin: {
    cols: 9,
    rows: 9,
    hole: 0,
    drops: { kind: 'random', firstMs: 3000, startIntervalMs: 2000, endIntervalMs: 2000, targetChance: 0.35 },
  },
  ring: {
    cols: 11,
    rows: 11,
    hole: 5,
    drops: { kind: 'random', firstMs: 2000, startIntervalMs: 1500, endIntervalMs: 1500, targetChance: 0.35 },
  },
  waves: {
    cols: 11,
    rows: 11,
    hole: 0,
    drops: { kind: 'waves', firstMs: 3000, periodMs: 15_000, lineStepMs: 500, perLine: 1, targetChance: 0.5 },
  },
  short_fuse: {
    cols: 7,
    rows: 7,
    hole: 0,
    drops: { kind: 'random', firstMs: 2000, startIntervalMs: 2200, endIntervalMs: 900, targetChance: 0.3 },
  },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly LastStandVariant[] = manifestVariants(lastStand, PARAMS);
