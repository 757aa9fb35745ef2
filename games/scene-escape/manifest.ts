import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WALK_USE_CONTROLS, WIDE_FRAME, walkUseControlsText } from '../../games-manifest/parts.js';

/** scene_escape's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const sceneEscapeVariants = [
  { id: 'origin', heldOut: false, description: 'four rooms in a square; 7 tasks: keys, doors, a lever-opened gate, a button, the exit' },
  { id: 'hallway', heldOut: true, description: 'four rooms in a row; 5 tasks starting with a chest', timeLimitMs: 420_000 },
  { id: 'wing', heldOut: true, description: 'six rooms in two rows, start in the middle; 7 tasks' },
  { id: 'vault', heldOut: true, description: 'nine rooms around a central hall; 9 tasks', timeLimitMs: 720_000 },
] as const satisfies readonly Variant[];

export const sceneEscape: GameEntry = {
  id: 'scene_escape',
  name: 'Scene Escape',
  regime: 'solo',
  view: 'third-person',
  summary: 'Indoor task chain: find the object the current task names, face it, press F when the prompt shows; then escape.',
  slots: SOLO_SLOTS,
  controls: WALK_USE_CONTROLS,
  frame: WIDE_FRAME,
  timeLimitMs: 600_000,
  stepBudget: 500,
  progress: 'tasks completed / length of the task chain (1 after the final task, opening the exit door)',
  variants: [...sceneEscapeVariants],
  prompt: {
    rules:
      'You are locked in a set of rooms and escape by completing a chain of tasks in order. The current task, shown at the top ' +
      'of the screen, names one object: a coloured key, door, lever, button or chest, or the exit door. Walk up to that object, ' +
      'face it, and press F when the prompt "Press F to ..." appears at the bottom of the screen. Keys are picked up; a coloured ' +
      'door opens once its key is held; a lever or button opens the barred gate of the same colour. Using any other object does ' +
      'nothing ("Not the current task"). Doors, gates and walls block the way until opened. Finish every task before time runs out.',
    screen:
      'A third-person view from behind your character (blue shirt). Top centre: "CURRENT TASK: ...". Below it: time left (left) ' +
      'and tasks done (right). Coloured labels float over the objects and doors you can see. At the bottom: the prompt when you ' +
      'are close to and facing the current task\'s object, a message after using something, and the keys you hold.',
    controls: walkUseControlsText('uses the object'),
  },
  launch: { kind: 'builtin', module: 'games/scene-escape/main.ts' },
};
