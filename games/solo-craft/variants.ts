/** The variants of solo_craft: arena layout, station positions, order mix and timings; the rules never change. */
import type { WorkshopVariant } from '../workshop/index.js';
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { soloCraftVariants } from './manifest.js';
import { soloCraft } from './manifest.js';

const PARTS = ['GEAR', 'PIPE', 'BOLT', 'COIL'] as const;

const PARAMS: VariantParams<typeof soloCraftVariants, Omit<WorkshopVariant, 'id' | 'timeLimitMs'>> = {
  origin: {
    map: [
      '############',
      '#...W..W...#',
      'a..........C',
      '#..........#',
      'b....0.....#',
      '#..........C',
      'c..........#',
      '####X#######',
    ],
    crates: PARTS.slice(0, 3),
    upgradeMs: 2000,
    orders: {
      mix: [{ kind: 'GEAR', weight: 1 }, { kind: 'PIPE', weight: 1 }, { kind: 'BOLT', weight: 1 }],
      highChance: 0.35,
      initial: 2,
      intervalMs: 13_000,
      jitterMs: 2000,
      basicMs: 40_000,
      highMs: 55_000,
    },
  },
  long_hall: {
    map: [
      '############',
      'a..........#',
      '#....W.....C',
      'b.0........#',
      '#....W.....C',
      '#########X##',
    ],
    crates: PARTS.slice(0, 2),
    upgradeMs: 2500,
    orders: {
      mix: [{ kind: 'GEAR', weight: 1 }, { kind: 'PIPE', weight: 1 }],
      highChance: 0.5,
      initial: 2,
      intervalMs: 14_000,
      jitterMs: 2000,
      basicMs: 45_000,
      highMs: 60_000,
    },
  },
  islands: {
    map: [
      '############',
      '#a..#..#..W#',
      '#...#..#...#',
      '#b.........C',
      '#...#0.#...#',
      '#c..#..#..X#',
      '#d.........C',
      '############',
    ],
    crates: PARTS,
    upgradeMs: 2000,
    orders: {
      mix: [{ kind: 'GEAR', weight: 2 }, { kind: 'PIPE', weight: 1 }, { kind: 'BOLT', weight: 1 }, { kind: 'COIL', weight: 2 }],
      highChance: 0.3,
      initial: 2,
      intervalMs: 13_000,
      jitterMs: 2000,
      basicMs: 40_000,
      highMs: 55_000,
    },
  },
  rush: {
    map: [
      '#########',
      '#a..W..C#',
      '#.......#',
      '#b..0...#',
      '#.......#',
      '#c..X..C#',
      '#########',
    ],
    crates: PARTS.slice(0, 3),
    upgradeMs: 3000,
    orders: {
      mix: [{ kind: 'GEAR', weight: 1 }, { kind: 'PIPE', weight: 1 }, { kind: 'BOLT', weight: 1 }],
      highChance: 0.4,
      initial: 2,
      intervalMs: 9000,
      jitterMs: 1500,
      basicMs: 28_000,
      highMs: 38_000,
    },
  },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly WorkshopVariant[] = manifestVariants(soloCraft, PARAMS);
