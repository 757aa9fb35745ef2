/** The scene_escape game definition the GameLink host serves. */
import type { GameDefinition } from '../host/simulation.js';
import { SceneEscapeSimulation } from './simulation.js';
import { VARIANTS, findVariant } from './variants.js';

export const sceneEscapeGame: GameDefinition = {
  id: 'scene_escape',
  build: 'scene_escape@1',
  variants: VARIANTS.map((v) => v.id),
  slots: [{ slot: 0, team: 0 }],
  create(options) {
    const variant = findVariant(options.variant);
    if (variant === undefined) throw new RangeError(`scene_escape has no variant '${options.variant}'`);
    return new SceneEscapeSimulation(variant, options);
  },
};
