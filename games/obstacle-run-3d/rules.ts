/** The rules of obstacle_run_3d, the same in every variant. Distances in metres, speeds in m/s, angles in degrees, times in ms. */
export const Rules = {
  /** Simulation tick, ms. */
  tickMs: 10,
  /** Walking speed, on the ground and (while a move key is held) in the air. */
  moveSpeed: 6,
  /**
   * Take-off speed of a jump; with `gravity` it rises 1.45 m and flies 0.73 s (4.4 m at walking speed) back
   * to the same height. In the air the body keeps its momentum while no move key is held, so a jump started
   * late in a chunk still lands during the pdq observation delay.
   */
  jumpSpeed: 8,
  gravity: 22,
  /** Half the side of the player's square footprint and its height, m. */
  radius: 0.3,
  height: 1.8,
  /** The episode ends once the feet are this far below the lowest platform top, m. */
  fallDepth: 4,
  /** Camera pitch limits and start, degrees (positive looks up); the start yaw looks along +z. */
  pitchMin: -80,
  pitchMax: 10,
  startPitch: -20,
} as const;
