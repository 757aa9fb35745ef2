/** Pieces several entries share: slot line-ups, the default frame, control sets on the run defaults, common prompt text. */
import type { GameEntry } from './schema.js';
import { RunDefaults } from './defaults.js';

type Controls = GameEntry['controls'];

/** One player. */
export const SOLO_SLOTS: GameEntry['slots'] = [{ slot: 0, team: 0 }];

/** Two players on opposing teams. */
export const VERSUS_SLOTS: GameEntry['slots'] = [
  { slot: 0, team: 0 },
  { slot: 1, team: 1 },
];

/** Two players on one team. */
export const TEAM_SLOTS: GameEntry['slots'] = [
  { slot: 0, team: 0 },
  { slot: 1, team: 0 },
];

/** 640x360 frames. */
export const WIDE_FRAME: GameEntry['frame'] = { width: 640, height: 360 };

/** A control set timed by the run defaults (step and tap), with mouse moves of up to 180 degrees. */
export function controlSet(c: Pick<Controls, 'keys' | 'buttons' | 'tapControls' | 'mouseAxes' | 'chunkSteps'>): Controls {
  return { keys: c.keys, buttons: c.buttons, tapControls: c.tapControls, mouseAxes: c.mouseAxes, maxLookDeg: 180, chunkSteps: c.chunkSteps, stepMs: RunDefaults.stepMs, tapMs: RunDefaults.tapMs };
}

/** WASD and Space held, both mouse axes, six steps: walking and jumping in third person (last_stand, obstacle_run_3d). */
export const WALK_JUMP_CONTROLS = controlSet({ keys: ['W', 'A', 'S', 'D', 'Space'], buttons: [], tapControls: [], mouseAxes: ['x', 'y'], chunkSteps: 6 });

/** WASD and Space held, F a tap, both mouse axes, five steps: walking up to things and using them (scene_escape, cue_chase). */
export const WALK_USE_CONTROLS = controlSet({ keys: ['W', 'A', 'S', 'D', 'Space', 'F'], buttons: [], tapControls: ['F'], mouseAxes: ['x', 'y'], chunkSteps: 5 });

/** The controls prompt of the walk-up-and-use games, where F `action` (e.g. 'uses the object') in front of the player. */
export function walkUseControlsText(action: string): string {
  return (
    'Mouse X (degrees) turns the camera and the way you face: positive turns right; mouse Y tilts the camera. W/A/S/D walk ' +
    `forward/left/back/right relative to the camera (about 0.54 m per step). F (tap) ${action} in front of you, ` +
    'within about 1.8 m and within 50 degrees of where you face. Space jumps.'
  );
}

/** The controls of a turn-based board: no keys or mouse, one move per answer in `notation`; a move is one second of game time. */
export function moveControls(notation: string, example: string): Controls {
  return { keys: [], buttons: [], tapControls: [], mouseAxes: [], maxLookDeg: 180, chunkSteps: 1, stepMs: 1000, tapMs: 1, move: { notation, example } };
}
