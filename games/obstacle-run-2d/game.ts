/** The obstacle_run_2d game definition the GameLink host serves. */
import type { GameDefinition } from '../host/simulation.js';
import { ObstacleRun2dSimulation } from './simulation.js';
import { VARIANTS, findVariant } from './variants.js';

export const obstacleRun2dGame: GameDefinition = {
  id: 'obstacle_run_2d',
  build: 'obstacle_run_2d@1',
  variants: VARIANTS.map((v) => v.id),
  slots: [{ slot: 0, team: 0 }],
  create(options) {
    const variant = findVariant(options.variant);
    if (variant === undefined) throw new RangeError(`obstacle_run_2d has no variant '${options.variant}'`);
    return new ObstacleRun2dSimulation(variant, options);
  },
};
