/** The rules of scene_escape, the same in every variant. Distances in metres, speeds in m/s, times in ms. */
export const Rules = {
  /** Simulation tick, ms. */
  tickMs: 10,
  /** Side of one square room, m. */
  roomSize: 8,
  /** Width of a doorway in a wall between rooms, m. */
  doorWidth: 2,
  wallThickness: 0.3,
  wallHeight: 2.6,
  doorHeight: 2.3,
  playerRadius: 0.35,
  moveSpeed: 4.5,
  jumpSpeed: 5,
  gravity: 20,
  /** An object can be used from this far (player centre to the object's centre, horizontally), m. */
  reach: 1.8,
  /** ... and when it lies within this angle of the camera heading, degrees. */
  facingDeg: 50,
  /** How long a message ("Done: ...", "Not the current task") stays on screen, ms: longer than one pdq cycle. */
  messageMs: 3200,
  /** Camera pitch limits and start, degrees (positive looks up). */
  pitchMin: -80,
  pitchMax: 10,
  startPitch: -35,
} as const;

/** The colours objects and doors come in; a task names one. */
export const COLOURS = ['red', 'blue', 'green', 'yellow', 'purple', 'orange'] as const;
export type ColourName = (typeof COLOURS)[number];
