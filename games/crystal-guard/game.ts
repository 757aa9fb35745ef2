/** The crystal_guard game definition the GameLink host serves. */
import type { GameDefinition } from '../host/simulation.js';
import { CrystalGuardSimulation } from './simulation.js';
import { VARIANTS, findVariant } from './variants.js';

export const crystalGuardGame: GameDefinition = {
  id: 'crystal_guard',
  build: 'crystal_guard@1',
  variants: VARIANTS.map((v) => v.id),
  slots: [
    { slot: 0, team: 0 },
    { slot: 1, team: 1 },
  ],
  create(options) {
    const variant = findVariant(options.variant);
    if (variant === undefined) throw new RangeError(`crystal_guard has no variant '${options.variant}'`);
    return new CrystalGuardSimulation(variant, options);
  },
};
