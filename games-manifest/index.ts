/** games-manifest: what games exist, how to launch them, their controls, progress, variants and prompts. */
export {
  DesktopProbe,
  DesktopReady,
  DesktopRecipe,
  GameEntry,
  LaunchRecipe,
  LogRule,
  Regime,
  RemoteInputRecipe,
  Variant,
  View,
} from './schema.js';
export { RunDefaults } from './defaults.js';
export { hostAxes, withGamepad } from './gamepad.js';
export { getGame, getVariant, listGames } from './registry.js';
export { actionFormatText, composeGamePrompt } from './prompt.js';
export { entryAt, type Environment, genericEntry, isEnvironmentUrl, parseEnvironment } from './environment.js';
export { ue5Maps } from './ue5-maps.js';
export {
  parseRunnerAnswer,
  type Profile,
  PROFILES,
  RUNNER_EMPTY_ATTEMPTS,
  RUNNER_GAMES,
  RUNNER_MAP_WAIT_MS,
  RUNNER_MIN_MOVE_UNITS,
  RUNNER_NO_TIME_LIMIT_MS,
  RUNNER_STEP_MS,
  RUNNER_TAP_MS,
  RUNNER_UNITS_PER_DEGREE,
  RUNNER_UNITS_PER_TURN,
  RUNNER_DEGREES_PER_UNIT,
  RUNNER_KEY_NAMES,
  RUNNER_BUTTONS,
  runnerUnits,
  runnerKeyName,
  type RunnerUnsent,
  type RunnerChunk,
  runnerChunkParse,
  runnerControls,
  runnerEntry,
  runnerFormatText,
  type RunnerGame,
  runnerGame,
  runnerGamePrompt,
  runnerMapPath,
  runnerMaps,
  RunnerMapsConfig,
  runnerNoop,
  type RunnerParse,
  runnerSaysDone,
  type RunnerScore,
  runnerScore,
  type RunnerScoreRule,
  type RunnerTimeline,
  runnerTimeline,
  type ScoreReadings,
} from './omnigamearena/index.js';
