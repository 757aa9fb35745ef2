/** The sky_duel game definition the GameLink host serves. */
import type { GameDefinition } from '../host/simulation.js';
import { SkyDuelSimulation } from './simulation.js';
import { VARIANTS, findVariant } from './variants.js';

export const skyDuelGame: GameDefinition = {
  id: 'sky_duel',
  build: 'sky_duel@1',
  variants: VARIANTS.map((v) => v.id),
  slots: [
    { slot: 0, team: 0 },
    { slot: 1, team: 1 },
  ],
  create(options) {
    const variant = findVariant(options.variant);
    if (variant === undefined) throw new RangeError(`sky_duel has no variant '${options.variant}'`);
    return new SkyDuelSimulation(variant, options);
  },
};
