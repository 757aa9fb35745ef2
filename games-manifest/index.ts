/** games-manifest: what games exist, how to launch them, their controls, progress, variants and prompts. */
export { DesktopProbe, DesktopRecipe, GameEntry, LogRule, Regime, RemoteInputRecipe, Variant } from './schema.js';
export { RunDefaults } from './defaults.js';
export { hostAxes, withGamepad } from './gamepad.js';
export { getGame, getVariant, listGames } from './registry.js';
export { composeGamePrompt } from './prompt.js';
export { entryAt, genericEntry, isEnvironmentUrl, parseEnvironment } from './environment.js';
export { ue5Maps } from './ue5-maps.js';
export { parseRunnerAnswer, type Profile, PROFILES, RUNNER_EMPTY_ATTEMPTS, RUNNER_GAMES, RUNNER_MAP_WAIT_MS, RUNNER_NO_TIME_LIMIT_MS, RUNNER_UNITS_PER_DEGREE, RUNNER_UNITS_PER_TURN, RUNNER_BUTTONS, runnerKeyName, runnerChunkParse, runnerEntry, type RunnerGame, runnerGame, runnerGamePrompt, runnerMaps, RunnerMapsConfig, missingRunnerMaps, runnerSaysDone, type RunnerScore, runnerScore, seatScore, runnerTimeline } from './omnigamearena/index.js';
