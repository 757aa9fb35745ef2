/** The variants of shared_floor: one floor for both players; layouts, station positions, order mix and timings change. */
import type { WorkshopVariant } from '../workshop/index.js';
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { sharedFloorVariants } from './manifest.js';
import { sharedFloor } from './manifest.js';

const PARTS = ['GEAR', 'PIPE', 'BOLT', 'COIL'] as const;

const PARAMS: VariantParams<typeof sharedFloorVariants, Omit<WorkshopVariant, 'id' | 'timeLimitMs'>> = {
  origin: {
    map: [
      '############',
      'a....W.....C',
      '#..........#',
      'b..0.##.1..#',
      '#....##....#',
      'c..........C',
      '#....W...X.#',
      '############',
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
  crossover: {
    map: [
      '####abcd####',
      '#..........#',
      'W..0....1..W',
      '#..........#',
      '#...####...#',
      '#..........#',
      '#X..CCCC..X#',
      '############',
    ],
    crates: PARTS,
    upgradeMs: 2000,
    orders: {
      mix: [{ kind: 'GEAR', weight: 1 }, { kind: 'PIPE', weight: 1 }, { kind: 'BOLT', weight: 1 }, { kind: 'COIL', weight: 1 }],
      highChance: 0.35,
      initial: 2,
      intervalMs: 5000,
      jitterMs: 500,
      basicMs: 19_000,
      highMs: 24_000,
    },
  },
  galley: {
    map: [
      '#a#b#W#W#X##',
      '#..0.....1.C',
      '#..........#',
      '#c#d#W###X##',
    ],
    crates: PARTS,
    upgradeMs: 2000,
    orders: {
      mix: [{ kind: 'GEAR', weight: 2 }, { kind: 'PIPE', weight: 1 }, { kind: 'BOLT', weight: 1 }, { kind: 'COIL', weight: 1 }],
      highChance: 0.4,
      initial: 2,
      intervalMs: 6000,
      jitterMs: 500,
      basicMs: 22_000,
      highMs: 28_000,
    },
  },
  one_bench: {
    map: [
      '############',
      'a..........#',
      '#....0.....C',
      'b....W.....#',
      '#....1.....C',
      'c..........#',
      '#####X######',
    ],
    crates: PARTS.slice(0, 3),
    upgradeMs: 2500,
    orders: {
      mix: [{ kind: 'GEAR', weight: 1 }, { kind: 'PIPE', weight: 1 }, { kind: 'BOLT', weight: 1 }],
      highChance: 0.5,
      initial: 2,
      intervalMs: 7500,
      jitterMs: 1000,
      basicMs: 28_000,
      highMs: 36_000,
    },
  },
  rush_hour: {
    map: [
      '##########',
      'a...W....C',
      '#.0....1.#',
      'b........#',
      '#...X....C',
      '##########',
    ],
    crates: PARTS.slice(0, 2),
    upgradeMs: 2000,
    orders: {
      mix: [{ kind: 'GEAR', weight: 1 }, { kind: 'PIPE', weight: 1 }],
      highChance: 0.3,
      initial: 2,
      intervalMs: 5500,
      jitterMs: 500,
      basicMs: 20_000,
      highMs: 26_000,
    },
  },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly WorkshopVariant[] = manifestVariants(sharedFloor, PARAMS);
