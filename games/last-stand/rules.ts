/** The rules of last_stand, the same in every variant. Distances in metres, speeds in m/s, times in ms. */
export const Rules = {
  /** Simulation tick, ms. */
  tickMs: 10,
  /** Side of one square tile, m. */
  tileSize: 2,
  /** Visual thickness of a tile, m. */
  tileThickness: 0.5,
  /** Walking speed: 3 tiles a second. */
  moveSpeed: 6,
  /** Take-off speed of a jump; with `gravity` it flies 0.59 s and 3.5 m, enough to clear one missing tile. */
  jumpSpeed: 6,
  gravity: 20,
  /**
   * How long a tile glows red before it drops. Chosen for the pdq cadence (6 x 120 ms chunk + 2000 ms delay =
   * 2720 ms between observations): a tile that starts warning just after an observation still has 480 ms
   * left at the next one, enough to step off it (about 170 ms from the tile centre).
   */
  warnMs: 3200,
  /** A fall ends the episode once the player's feet are this far below the tile tops, m. */
  fallDepth: 2,
  /** Camera pitch limits and start, degrees (positive looks up). */
  pitchMin: -80,
  pitchMax: 10,
  startPitch: -36,
} as const;
