import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WIDE_FRAME } from '../../games-manifest/parts.js';
import { WORKSHOP_CONTROLS, WORKSHOP_KEYS, WORKSHOP_RULES, WORKSHOP_SCREEN } from '../workshop/manifest-parts.js';

/** solo_craft's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const soloCraftVariants = [
  { id: 'origin', heldOut: false, description: '12x8 room: three part crates on the left wall, two benches on top, two counters on the right, a bin below; 35% High-grade orders' },
  { id: 'long_hall', heldOut: true, description: 'long 12x6 hall: two crates at the far left, counters at the far right, benches midway; half the orders High-grade, slower upgrades' },
  { id: 'islands', heldOut: true, description: 'room split by wall islands to walk around; four parts, one bench in a corner, bin inside the room' },
  { id: 'rush', heldOut: true, description: 'small 9x7 room, orders every 10 s that expire in 30-40 s, slow 3 s upgrades; 5-minute round', timeLimitMs: 300_000 },
] as const satisfies readonly Variant[];

export const soloCraft: GameEntry = {
  id: 'solo_craft',
  name: 'Solo Craft',
  regime: 'solo',
  view: 'top-down',
  summary: 'Alone in a top-down workshop: fetch parts from crates, upgrade some at the workbench, and fill a timed order list at the counter.',
  slots: SOLO_SLOTS,
  controls: WORKSHOP_CONTROLS,
  frame: WIDE_FRAME,
  timeLimitMs: 540_000,
  stepBudget: 200,
  progress: 'points scored / points available (the sum of the values of every order posted so far in the episode)',
  variants: [...soloCraftVariants],
  prompt: {
    rules: `You run a workshop alone. Fill as many orders as you can before the time runs out. ${WORKSHOP_RULES}`,
    screen: WORKSHOP_SCREEN,
    controls: WORKSHOP_KEYS,
  },
  launch: { kind: 'builtin', module: 'games/solo-craft/main.ts' },
};
