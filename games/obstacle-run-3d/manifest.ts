import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WALK_JUMP_CONTROLS, WIDE_FRAME } from '../../games-manifest/parts.js';

/** obstacle_run_3d's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const obstacleRun3dVariants = [
  { id: 'origin', heldOut: false, description: '22 platforms 2.5-5 m wide, gaps 1-2.4 m, small height changes and sideways shifts' },
  { id: 'zigzag', heldOut: true, description: '20 platforms shifted 3.5-5.5 m to alternating sides: diagonal jumps' },
  { id: 'stairway', heldOut: true, description: '20 platforms that keep climbing, 0.2-1.1 m per jump' },
  { id: 'switchback', heldOut: true, description: '24 small platforms (2-3.5 m); the course turns sideways and back at right angles' },
] as const satisfies readonly Variant[];

export const obstacleRun3d: GameEntry = {
  id: 'obstacle_run_3d',
  name: 'Obstacle Run 3D',
  regime: 'solo',
  view: 'third-person',
  summary: 'Jump across floating platforms of varied size, height and offset in open sky and reach the finish pad; falling ends the episode.',
  slots: SOLO_SLOTS,
  controls: WALK_JUMP_CONTROLS,
  frame: WIDE_FRAME,
  timeLimitMs: 180_000,
  stepBudget: 300,
  progress: '1 - remaining path distance / total path distance, from start centre to finish centre through every platform (furthest stood on; 1 on the finish pad)',
  variants: [...obstacleRun3dVariants],
  prompt: {
    rules:
      'An obstacle course of floating platforms in open sky. Jump from platform to platform along the course and land on ' +
      'the gold finish pad with the chequered flag before the 3-minute countdown ends. Platforms differ in size, height and ' +
      'sideways offset, and the course may turn; falling off ends the episode. Progress is how far along the course you ' +
      'have stood, as a share of the whole course.',
    screen:
      'A third-person view from behind and above your character (the blue figure) with its shadow below it. Platforms are ' +
      'coloured boxes: the start is grey, then the colours repeat orange, blue, purple, green in course order (so the next ' +
      'platform has the next colour), and the finish pad is gold with a red-and-white flag, marked FINISH. The countdown ' +
      '(minutes:seconds) is at the top centre; DISTANCE with a green bar at the top right shows how far along the course you are.',
    controls:
      'W/A/S/D move forward/left/back/right relative to the camera, on the ground and in the air; with no key held you stop ' +
      'at once on the ground but keep drifting in the air. Space jumps (hold W with it to jump forward): a jump rises about ' +
      '1.4 m and carries you about 4.4 m forward on the level. One 120 ms step of walking covers about 0.7 m. Moving the ' +
      'mouse horizontally (X, degrees, positive = right) turns the camera and so your walking direction; vertically (Y) tilts it.',
  },
  launch: { kind: 'builtin', module: 'games/obstacle-run-3d/main.ts' },
};
