/**
 * The variants of midline_clash. Every map is mirror-symmetric about its midline (slot 0 left, slot 1 right):
 * the shared crates and counters sit in the midline wall, each side has its own workbench and bin.
 */
import type { WorkshopVariant } from '../workshop/index.js';
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { midlineClashVariants } from './manifest.js';
import { midlineClash } from './manifest.js';

const WEAPONS = ['SWORD', 'BOW', 'AXE', 'MACE'] as const;

const PARAMS: VariantParams<typeof midlineClashVariants, Omit<WorkshopVariant, 'id' | 'timeLimitMs'>> = {
  origin: {
    map: [
      '#############',
      '#W....a....W#',
      '#.....#.....#',
      '#..0..b..1..#',
      '#.....#.....#',
      '#.....c.....#',
      '#X....C....X#',
      '#############',
    ],
    crates: WEAPONS.slice(0, 3),
    upgradeMs: 2000,
    orders: {
      mix: [{ kind: 'SWORD', weight: 1 }, { kind: 'BOW', weight: 1 }, { kind: 'AXE', weight: 1 }],
      highChance: 0.35,
      initial: 2,
      intervalMs: 9000,
      jitterMs: 1500,
      basicMs: 30_000,
      highMs: 40_000,
    },
  },
  armory: {
    map: [
      '#############',
      '#.....a.....#',
      '#W....C....W#',
      '#..0..b..1..#',
      '#.....#.....#',
      '#X....c....X#',
      '#.....d.....#',
      '#############',
    ],
    crates: WEAPONS,
    upgradeMs: 2000,
    orders: {
      mix: [{ kind: 'SWORD', weight: 1 }, { kind: 'BOW', weight: 1 }, { kind: 'AXE', weight: 1 }, { kind: 'MACE', weight: 1 }],
      highChance: 0.3,
      initial: 2,
      intervalMs: 9000,
      jitterMs: 1500,
      basicMs: 30_000,
      highMs: 40_000,
    },
  },
  far_forge: {
    map: [
      '#############',
      '#.....a.....#',
      '#X....#....X#',
      '#..0..C..1..#',
      '#.....#.....#',
      '#.....b.....#',
      'W.....#.....W',
      '#############',
    ],
    crates: WEAPONS.slice(0, 2),
    upgradeMs: 2500,
    orders: {
      mix: [{ kind: 'SWORD', weight: 1 }, { kind: 'BOW', weight: 1 }],
      highChance: 0.6,
      initial: 2,
      intervalMs: 9000,
      jitterMs: 1500,
      basicMs: 30_000,
      highMs: 40_000,
    },
  },
  blitz: {
    map: [
      '###########',
      '#W...a...W#',
      '#....#....#',
      '#.0..C..1.#',
      '#....#....#',
      '#X...b...X#',
      '###########',
    ],
    crates: WEAPONS.slice(0, 2),
    upgradeMs: 2000,
    orders: {
      mix: [{ kind: 'SWORD', weight: 1 }, { kind: 'BOW', weight: 1 }],
      highChance: 0.4,
      initial: 2,
      intervalMs: 6500,
      jitterMs: 1000,
      basicMs: 20_000,
      highMs: 28_000,
    },
  },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly WorkshopVariant[] = manifestVariants(midlineClash, PARAMS);
