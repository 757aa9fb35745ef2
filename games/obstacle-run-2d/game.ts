/** The obstacle_run_2d game definition the GameLink host serves. */
import { obstacleRun2dPerception } from './perception.js';
import { defineGame } from '../common/define-game.js';
import { ObstacleRun2dSimulation } from './simulation.js';
import { VARIANTS } from './variants.js';

export const obstacleRun2dGame = defineGame({
  id: 'obstacle_run_2d',
  build: 'obstacle_run_2d@1',
  variants: VARIANTS,
  slots: [{ slot: 0, team: 0 }],
  perception: obstacleRun2dPerception,
  start: (variant, options) => new ObstacleRun2dSimulation(variant, options),
});
