/** The rules of obstacle_run_2d, the same in every variant. Distances in metres, speeds in m/s, times in ms. */
export const Rules = {
  /** Simulation tick, ms. */
  tickMs: 10,
  /** Running speed, on the ground and (while A or D is held) in the air. */
  runSpeed: 6,
  /**
   * Take-off speed of a jump; with `gravity` it rises 1.79 m and flies 0.71 s (4.3 m at run speed) back to
   * the same height. A jump keeps its sideways momentum while no key is held, so a jump started late in a
   * chunk still lands during the pdq observation delay.
   */
  jumpSpeed: 10,
  gravity: 28,
  /** Half the player's width and its full height, m. */
  halfWidth: 0.3,
  height: 1.6,
  /** The episode ends once the feet are this far below the lowest platform top, m. */
  fallDepth: 4,
  /** The player starts standing at x = 0 on the first platform. */
  startX: 0,
} as const;
