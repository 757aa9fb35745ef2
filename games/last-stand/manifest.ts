import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WALK_JUMP_CONTROLS, WIDE_FRAME } from '../../games-manifest/parts.js';

/** last_stand's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const lastStandVariants = [
  { id: 'origin', heldOut: false, description: '9x9 square platform, steady random tile drops' },
  { id: 'ring', heldOut: true, description: 'ring-shaped platform around a central hole, faster drops' },
  { id: 'waves', heldOut: true, description: '11x11 platform; tiles drop in sweeping row waves' },
  { id: 'short_fuse', heldOut: true, description: '7x7 platform, 60 s timer, drops speed up over time', timeLimitMs: 60_000 },
] as const satisfies readonly Variant[];

export const lastStand: GameEntry = {
  id: 'last_stand',
  name: 'Last Stand',
  regime: 'solo',
  view: 'third-person',
  summary: 'Survive on a tile platform whose tiles fall away over time; falling ends the episode.',
  slots: SOLO_SLOTS,
  controls: WALK_JUMP_CONTROLS,
  frame: WIDE_FRAME,
  timeLimitMs: 120_000,
  stepBudget: 300,
  progress: 'survival time / time limit (1 if the player survives to the end)',
  variants: [...lastStandVariants],
  prompt: {
    rules:
      'You stand on a platform of square tiles floating in the sky. Tiles flash red for about three seconds and then fall away. ' +
      'If you step onto a gap or walk off the edge you fall and the episode ends. Survive until the countdown reaches zero.',
    screen:
      'A third-person view from behind your character (the blue figure). Intact tiles are grey; tiles about to fall ' +
      'flash red. The countdown in seconds is at the top centre of the screen.',
    controls:
      'W/A/S/D move forward/left/back/right relative to the camera; Space jumps (a jump crosses a one-tile gap); ' +
      'moving the mouse horizontally (X, degrees) turns the camera; vertically (Y) tilts it.',
  },
  gamepad: { axes: ['LX', 'LY'], controls: 'With a gamepad, the left stick walks too (LY forward/back, LX right/left), as fast as it is pushed.' },
  launch: { kind: 'builtin', module: 'games/last-stand/main.ts' },
};
