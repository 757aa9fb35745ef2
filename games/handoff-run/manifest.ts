import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { TEAM_SLOTS, WIDE_FRAME } from '../../games-manifest/parts.js';
import { WORKSHOP_CONTROLS, WORKSHOP_KEYS, WORKSHOP_RULES, WORKSHOP_SCREEN } from '../workshop/manifest-parts.js';

/** handoff_run's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const handoffRunVariants = [
  { id: 'origin', heldOut: false, description: '13x8 arena split down the middle with two transfer points; crates on the left, counter and bench on the right' },
  { id: 'bench_first', heldOut: true, description: 'the bench is on the supply side, three transfer points; 45% High-grade orders' },
  { id: 'single_pass', heldOut: true, description: 'one transfer point in the middle of the wall; crates in the far left wall' },
  { id: 'mirrored', heldOut: true, description: 'supplies on the right (slot 1 fetches), counter and bench on the left; four parts, three transfer points, 2.5 s upgrades' },
] as const satisfies readonly Variant[];

export const handoffRun: GameEntry = {
  id: 'handoff_run',
  name: 'Handoff Run',
  regime: 'coop',
  view: 'top-down',
  summary: 'Two teammates in split areas: the supplies are on one side, the counter on the other, so parts are handed across transfer points.',
  slots: TEAM_SLOTS,
  controls: WORKSHOP_CONTROLS,
  frame: WIDE_FRAME,
  timeLimitMs: 810_000,
  stepBudget: 300,
  progress: 'combined points of both players / points available (the sum of the values of every order posted so far); the same for both players',
  variants: [...handoffRunVariants],
  prompt: {
    rules:
      'You and a teammate each work in your own area of the arena; a wall divides them and neither of you can cross it. ' +
      'The supply crates are on one side and the SUBMIT counter on the other, so parts must be handed across: the purple PASS transfer points in the wall hold one item each and both of you can reach them. ' +
      'Tap F at a PASS point to put down what you carry (if it is empty) or to take what it holds (if your hands are empty). ' +
      WORKSHOP_RULES,
    screen: `${WORKSHOP_SCREEN} Your own area is lit, your teammate's area (tagged MATE) is greyed; items on PASS points are drawn on them. The top bar shows the TEAM points out of the points available and your own points.`,
    controls: WORKSHOP_KEYS,
  },
  launch: { kind: 'builtin', module: 'games/handoff-run/main.ts' },
};
