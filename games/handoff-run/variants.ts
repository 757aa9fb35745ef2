/**
 * The variants of handoff_run. A wall splits every map into two areas, one per player, joined only by
 * transfer points ('T') in the wall; the crates are on one side and the counters on the other.
 */
import type { WorkshopVariant } from '../workshop/index.js';
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { handoffRunVariants } from './manifest.js';
import { handoffRun } from './manifest.js';

const PARTS = ['GEAR', 'PIPE', 'BOLT', 'COIL'] as const;

const PARAMS: VariantParams<typeof handoffRunVariants, Omit<WorkshopVariant, 'id' | 'timeLimitMs'>> = {
  origin: {
    map: [
      '#############',
      '#a....#....C#',
      '#.....T.....#',
      '#b.0..#..1..#',
      '#.....T.....#',
      '#c....#....W#',
      '#X....#....X#',
      '#############',
    ],
    crates: PARTS.slice(0, 3),
    upgradeMs: 2000,
    orders: {
      mix: [{ kind: 'GEAR', weight: 1 }, { kind: 'PIPE', weight: 1 }, { kind: 'BOLT', weight: 1 }],
      highChance: 0.35,
      initial: 2,
      intervalMs: 7000,
      jitterMs: 1000,
      basicMs: 28_000,
      highMs: 34_000,
    },
  },
  bench_first: {
    map: [
      '#############',
      '#a....T....C#',
      '#.....#.....#',
      '#b.0..T..1..#',
      '#W....#.....#',
      '#c....T....X#',
      '#X....#.....#',
      '#############',
    ],
    crates: PARTS.slice(0, 3),
    upgradeMs: 2000,
    orders: {
      mix: [{ kind: 'GEAR', weight: 1 }, { kind: 'PIPE', weight: 1 }, { kind: 'BOLT', weight: 1 }],
      highChance: 0.45,
      initial: 2,
      intervalMs: 7000,
      jitterMs: 1000,
      basicMs: 28_000,
      highMs: 34_000,
    },
  },
  single_pass: {
    map: [
      '#############',
      'a.....#....C#',
      '#.....#.....#',
      'b..0..T..1..#',
      '#.....#.....#',
      'c.....#....W#',
      '#X....#....X#',
      '#############',
    ],
    crates: PARTS.slice(0, 3),
    upgradeMs: 2000,
    orders: {
      mix: [{ kind: 'GEAR', weight: 1 }, { kind: 'PIPE', weight: 1 }, { kind: 'BOLT', weight: 1 }],
      highChance: 0.3,
      initial: 2,
      intervalMs: 7500,
      jitterMs: 1000,
      basicMs: 28_000,
      highMs: 36_000,
    },
  },
  mirrored: {
    map: [
      '#############',
      '#C....#....a#',
      '#.....T.....#',
      '#W.0..#..1.b#',
      '#.....T.....#',
      '#.....#....c#',
      '#X....T...dX#',
      '#############',
    ],
    crates: PARTS,
    upgradeMs: 2500,
    orders: {
      mix: [{ kind: 'GEAR', weight: 1 }, { kind: 'PIPE', weight: 1 }, { kind: 'BOLT', weight: 1 }, { kind: 'COIL', weight: 1 }],
      highChance: 0.35,
      initial: 2,
      intervalMs: 7000,
      jitterMs: 1000,
      basicMs: 28_000,
      highMs: 34_000,
    },
  },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly WorkshopVariant[] = manifestVariants(handoffRun, PARAMS);
