/** The cue_chase game definition the GameLink host serves. */
import type { GameDefinition } from '../host/simulation.js';
import { CueChaseSimulation } from './simulation.js';
import { VARIANTS, findVariant } from './variants.js';

export const cueChaseGame: GameDefinition = {
  id: 'cue_chase',
  build: 'cue_chase@1',
  variants: VARIANTS.map((v) => v.id),
  slots: [{ slot: 0, team: 0 }],
  create(options) {
    const variant = findVariant(options.variant);
    if (variant === undefined) throw new RangeError(`cue_chase has no variant '${options.variant}'`);
    return new CueChaseSimulation(variant, options);
  },
};
