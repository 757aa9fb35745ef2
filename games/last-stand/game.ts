/** The last_stand game definition the GameLink host serves. */
import type { GameDefinition } from '../host/simulation.js';
import { LastStandSimulation } from './simulation.js';
import { VARIANTS, findVariant } from './variants.js';

export const lastStandGame: GameDefinition = {
  id: 'last_stand',
  build: 'last_stand@1',
  variants: VARIANTS.map((v) => v.id),
  slots: [{ slot: 0, team: 0 }],
  create(options) {
    const variant = findVariant(options.variant);
    if (variant === undefined) throw new RangeError(`last_stand has no variant '${options.variant}'`);
    return new LastStandSimulation(variant, options);
  },
};
