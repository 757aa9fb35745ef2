/** The obstacle_run_3d game definition the GameLink host serves. */
import { obstacleRun3dPerception } from './perception.js';
import { defineGame } from '../common/define-game.js';
import { ObstacleRun3dSimulation } from './simulation.js';
import { VARIANTS } from './variants.js';

export const obstacleRun3dGame = defineGame({
  id: 'obstacle_run_3d',
  build: 'obstacle_run_3d@1',
  variants: VARIANTS,
  slots: [{ slot: 0, team: 0 }],
  perception: obstacleRun3dPerception,
  start: (variant, options) => new ObstacleRun3dSimulation(variant, options),
});
