import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { TEAM_SLOTS, WIDE_FRAME } from '../../games-manifest/parts.js';
import { WORKSHOP_CONTROLS, WORKSHOP_KEYS, WORKSHOP_RULES, WORKSHOP_SCREEN } from '../workshop/manifest-parts.js';

/** shared_floor's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const sharedFloorVariants = [
  { id: 'origin', heldOut: false, description: '12x8 floor around a central pillar; three crates on the left, two benches, counters on the right' },
  { id: 'crossover', heldOut: true, description: 'four crates along the top wall, a row of counters along the bottom, benches on the side walls, a wall in the middle' },
  { id: 'galley', heldOut: true, description: 'long two-tile-wide galley with stations in both long walls; crates at one end, the counter at the other' },
  { id: 'one_bench', heldOut: true, description: 'a single workbench in the middle of the floor for both players; half the orders High-grade, 2.5 s upgrades' },
  { id: 'rush_hour', heldOut: true, description: 'small 10x6 floor, two parts, orders every 5 s that expire in 22-28 s; 4-minute round', timeLimitMs: 240_000 },
] as const satisfies readonly Variant[];

export const sharedFloor: GameEntry = {
  id: 'shared_floor',
  name: 'Shared Floor',
  regime: 'coop',
  view: 'top-down',
  summary: 'Two teammates share one workshop floor and one timed order list: fetch parts, upgrade, submit, discard.',
  slots: TEAM_SLOTS,
  controls: WORKSHOP_CONTROLS,
  frame: WIDE_FRAME,
  timeLimitMs: 320_000,
  stepBudget: 120,
  progress: 'combined points of both players / points available (the sum of the values of every order posted so far); the same for both players',
  variants: [...sharedFloorVariants],
  prompt: {
    rules:
      'You and a teammate work on the same floor and fill one shared order list together; your points count for the team. ' +
      'Split the work (for example one fetches while the other upgrades or submits) and do not both chase the same order. Players do not block each other. ' +
      WORKSHOP_RULES,
    screen: `${WORKSHOP_SCREEN} Your teammate is the other disc, tagged MATE. The top bar shows the TEAM points out of the points available and your own points.`,
    controls: WORKSHOP_KEYS,
  },
  launch: { kind: 'builtin', module: 'games/shared-floor/main.ts' },
};
