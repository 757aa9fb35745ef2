/** obstacle_run_3d: jump across floating platforms in the sky in third person and reach the finish pad. */
export { obstacleRun3dGame } from './game.js';
export { ObstacleRun3dSimulation } from './simulation.js';
export { ObstacleRun3dState, ObstacleRun3dPlatformState } from './state.js';
export { Rules as ObstacleRun3dRules } from './rules.js';
export { VARIANTS as OBSTACLE_RUN_3D_VARIANTS, type ObstacleRun3dVariant } from './variants.js';
