import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { VERSUS_SLOTS, WIDE_FRAME, controlSet } from '../../games-manifest/parts.js';

/** sky_duel's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const skyDuelVariants = [
  { id: 'origin', heldOut: false, description: '12 m square, fighters 6 m apart facing each other, 2 min timer' },
  { id: 'small', heldOut: true, description: '8 m square, fighters 5 m apart, 90 s timer', timeLimitMs: 90_000 },
  { id: 'large', heldOut: true, description: '16 m square, fighters 10 m apart, 150 s timer', timeLimitMs: 150_000 },
  { id: 'corners', heldOut: true, description: '12 m square, fighters start near opposite corners, facing each other diagonally' },
] as const satisfies readonly Variant[];

export const skyDuel: GameEntry = {
  id: 'sky_duel',
  name: 'Sky Duel',
  regime: 'pvp',
  view: 'third-person',
  summary: '1v1 sword duel on a floating square: a strike in front and close deals 10 HP; falling off the edge loses at once.',
  slots: VERSUS_SLOTS,
  controls: controlSet({ keys: ['W', 'A', 'S', 'D', 'Space'], buttons: ['LMB'], tapControls: ['LMB'], mouseAxes: ['x'], chunkSteps: 6 }),
  frame: WIDE_FRAME,
  timeLimitMs: 120_000,
  stepBudget: 500,
  progress:
    'at the end: win 1, draw 0.5, loss 0; during play 0.5 + (own HP - opponent HP) / 200, clipped to [0, 1]; score is the HP margin',
  variants: [...skyDuelVariants],
  prompt: {
    rules:
      'A one-on-one sword duel on a square platform floating in the sky. Both fighters start with 100 HP. ' +
      'A sword strike hits only if the opponent is in front of you (roughly where your camera looks) and close, about two body lengths or less; ' +
      'each hit removes 10 HP and shoves the opponent back. After a swing you must wait about half a second before the next one. ' +
      'Falling off the edge of the platform is an instant defeat, and so is reaching 0 HP. ' +
      'When the timer runs out, the fighter with more HP wins; equal HP is a draw.',
    screen:
      'A third-person view from behind your own fighter, which is in the middle of the screen (blue if you are BLUE, red if you are RED). ' +
      'The opponent is the other figure, with a small HP bar over its head. The yellow-and-black stripe marks the platform edge; beyond it is empty sky. ' +
      'Your HP is bottom-left (YOU ... HP), the opponent\'s top-right (FOE ... HP), the time left top centre, and top-left shows SWING READY or SWING RECHARGING.',
    controls:
      'W/A/S/D walk forward/left/back/right relative to where you face; Space jumps; LMB swings the sword (a tap). ' +
      'Moving the mouse horizontally (X, degrees) turns you and the camera together: turn until the opponent is straight ahead in the middle of the screen, walk up to it, then swing.',
  },
  launch: { kind: 'builtin', module: 'games/sky-duel/main.ts' },
};
