import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { VERSUS_SLOTS, WIDE_FRAME } from '../../games-manifest/parts.js';
import { WORKSHOP_CONTROLS, WORKSHOP_KEYS, WORKSHOP_RULES, WORKSHOP_SCREEN } from '../workshop/manifest-parts.js';

/** midline_clash's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const midlineClashVariants = [
  { id: 'origin', heldOut: false, description: '13x8 arena; SWORD, BOW and AXE crates and the counter in the midline wall; bench top and bin bottom on each side' },
  { id: 'armory', heldOut: true, description: 'four weapons (adds MACE); the counter high in the midline; benches next to it, bins low' },
  { id: 'far_forge', heldOut: true, description: 'two weapons, 60% High-grade orders, benches in the far bottom corners, 2.5 s upgrades' },
  { id: 'blitz', heldOut: true, description: 'small 11x7 arena; orders every 6.5 s that expire in 20-28 s; 4-minute round', timeLimitMs: 240_000 },
] as const satisfies readonly Variant[];

export const midlineClash: GameEntry = {
  id: 'midline_clash',
  name: 'Midline Clash',
  regime: 'pvp',
  view: 'top-down',
  summary: 'Two rivals race to fill one timed order list with weapons, each with a workbench and bin on their side of a midline wall.',
  slots: VERSUS_SLOTS,
  controls: WORKSHOP_CONTROLS,
  frame: WIDE_FRAME,
  timeLimitMs: 320_000,
  stepBudget: 120,
  progress: 'share of the points scored: own points / both players\' points (0.5 each while nobody has scored); the winner has more points at the end',
  variants: [...midlineClashVariants],
  prompt: {
    rules:
      'Two players race on one shared order list; the items are weapons (SWORD, BOW, AXE, MACE). A wall down the middle splits the arena: you stay on your side, your rival on theirs. ' +
      'The weapon crates and the SUBMIT counter sit in the middle wall and both players use them; each side has its own BENCH and BIN. ' +
      `Whoever submits first gets an order's points; the player with more points at the end wins. ${WORKSHOP_RULES}`,
    screen: `${WORKSHOP_SCREEN} Your side of the arena is lit, the rival's side is greyed; the top bar shows YOU and RIVAL points.`,
    controls: WORKSHOP_KEYS,
  },
  launch: { kind: 'builtin', module: 'games/midline-clash/main.ts' },
};
