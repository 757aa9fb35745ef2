import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WIDE_FRAME, controlSet } from '../../games-manifest/parts.js';

/** monster_shoot's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const monsterShootVariants = [
  { id: 'origin', heldOut: false, description: 'square arena with four pillars; 10 monsters of 60 HP arriving from all sides' },
  { id: 'horde', heldOut: true, description: 'larger arena; 18 weaker (40 HP), faster monsters arriving quickly' },
  { id: 'corridor', heldOut: true, description: 'long narrow hall; 12 fast monsters come from both ends' },
  { id: 'brutes', heldOut: true, description: 'you start between two low walls; 6 very tough (120 HP), slow monsters' },
  { id: 'rush', heldOut: true, description: 'wide arena, 9 fast monsters, 90 s timer', timeLimitMs: 90_000 },
] as const satisfies readonly Variant[];

export const monsterShoot: GameEntry = {
  id: 'monster_shoot',
  name: 'Monster Shoot',
  regime: 'solo',
  view: 'first-person',
  summary: 'Shoot down tough monsters with health bars before they reach you; a monster that touches you self-detonates.',
  slots: SOLO_SLOTS,
  controls: controlSet({ keys: ['W', 'A', 'S', 'D', 'Space'], buttons: ['LMB'], tapControls: ['LMB'], mouseAxes: ['x', 'y'], chunkSteps: 5 }),
  frame: WIDE_FRAME,
  timeLimitMs: 120_000,
  stepBudget: 300,
  progress: 'monster health removed by your shots / total monster health of the level (1 when every monster is shot down)',
  variants: [...monsterShootVariants],
  prompt: {
    rules:
      'Purple monsters walk towards you from around the arena. Each has a health bar above its head. Every shot that hits ' +
      'removes 10 health; a monster whose health reaches zero is destroyed. A monster that touches you self-detonates: ' +
      'you lose 25 HP and its remaining health no longer counts for you. You have 100 HP; at 0 HP the episode ends. ' +
      'Your score is the share of all monster health you shoot away, so shoot monsters before they reach you. ' +
      'The episode also ends when every monster is gone or the countdown reaches zero.',
    screen:
      'A first-person view. The crosshair in the centre marks where shots go; it turns red when a monster is under it. ' +
      'The view is about 90 degrees wide: something at the right edge of the screen is about 45 degrees to your right. ' +
      'Top left: your HP. Top centre: seconds left. Top right: monsters left and the share of monster health removed. ' +
      'Red arrows with a number at the left or right screen edge count monsters out of sight on that side. ' +
      'The screen edges flash red when a monster detonates on you.',
    controls:
      'Mouse X (degrees) turns the view right (positive) or left (negative); mouse Y tilts it up (positive) or down, and is applied ' +
      'once at the start of the action. LMB in a step fires one shot along the crosshair (list LMB in several steps to fire several). ' +
      'W/A/S/D move forward/left/back/right relative to the view; Space jumps. Walking backwards (S) keeps your aim on a monster ' +
      'that walks straight at you.',
  },
  launch: { kind: 'builtin', module: 'games/monster-shoot/main.ts' },
};
