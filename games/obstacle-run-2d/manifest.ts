import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WIDE_FRAME, controlSet } from '../../games-manifest/parts.js';

/** obstacle_run_2d's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const obstacleRun2dVariants = [
  { id: 'origin', heldOut: false, description: '200 m course; platforms 3.5-8 m long, gaps 1.4-3 m, heights change up to about 1 m' },
  { id: 'wide_gaps', heldOut: true, description: '180 m course; shorter platforms (3-6 m) and wide gaps (2.4-3.4 m) at nearly level heights' },
  { id: 'steps', heldOut: true, description: '170 m course; short platforms (2.5-5 m) with big climbs and drops (up to 1.4 m)' },
  { id: 'marathon', heldOut: true, description: '260 m course of short platforms (2-5 m), gaps 1.4-3 m; little time to spare' },
] as const satisfies readonly Variant[];

export const obstacleRun2d: GameEntry = {
  id: 'obstacle_run_2d',
  name: 'Obstacle Run 2D',
  regime: 'solo',
  view: 'side',
  summary: 'Run right across floating platforms in side view, jumping the gaps, and reach the finish flag before the 3-minute timer ends; falling ends the episode.',
  slots: SOLO_SLOTS,
  controls: controlSet({ keys: ['A', 'D', 'Space'], buttons: [], tapControls: [], mouseAxes: [], chunkSteps: 8 }),
  frame: WIDE_FRAME,
  timeLimitMs: 180_000,
  stepBudget: 300,
  progress: 'furthest x stood on / finish-line x (1 at the finish line; never decreases)',
  variants: [...obstacleRun2dVariants],
  prompt: {
    rules:
      'A side-scrolling obstacle course of floating platforms in the sky. Run to the right, jump over the gaps between ' +
      'platforms and reach the chequered finish flag before the 3-minute countdown ends. Falling into a gap ends the episode. ' +
      'Platforms differ in length and height and gaps differ in width. Progress is the furthest point you have stood on, ' +
      'as a share of the way to the finish line.',
    screen:
      'A side view that follows your runner (the blue figure, 1.6 m tall, looking the way it last moved). Platforms are ' +
      'brown slabs with green tops; open sky between them is a gap. The countdown (minutes:seconds) is at the top centre; ' +
      'DISTANCE with a green bar at the top right shows how far along the course you are. The finish is a chequered flag ' +
      'labelled FINISH on the last platform.',
    controls:
      'D runs right and A runs left, on the ground and in the air; with neither held you stop at once on the ground but ' +
      'keep drifting in the air. Space jumps (hold D with it to jump forward): a jump rises about 1.8 m and carries you ' +
      'about 4.3 m forward on the level. One 120 ms step of running covers about 0.7 m. The mouse is not used.',
  },
  launch: { kind: 'builtin', module: 'games/obstacle-run-2d/main.ts' },
};
