/** The benchmark's run defaults, used as ours so results compare (see GAMES.md). */
export const RunDefaults = {
  /** Game time each chunk step holds its controls, ms. */
  stepMs: 120,
  /** Game time a tap control is held, ms. */
  tapMs: 30,
  /** Game time run after each chunk before the next observation, ms, under every clock (the environment's, not the clock's). */
  observationDelayMs: 2000,
  /** Observation/answer pairs a model sees besides the current frame. */
  historyLength: 3,
  temperature: 0,
  jpegQuality: 85,
} as const;
