/** obstacle_run_2d: run right across floating platforms in side view and reach the finish line. */
export { obstacleRun2dGame } from './game.js';
export { ObstacleRun2dSimulation } from './simulation.js';
export { ObstacleRun2dState, ObstacleRun2dPlatformState } from './state.js';
export { Rules as ObstacleRun2dRules } from './rules.js';
export { VARIANTS as OBSTACLE_RUN_2D_VARIANTS, type ObstacleRun2dVariant } from './variants.js';
