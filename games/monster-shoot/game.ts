/** The monster_shoot game definition the GameLink host serves. */
import type { GameDefinition } from '../host/simulation.js';
import { MonsterShootSimulation } from './simulation.js';
import { VARIANTS, findVariant } from './variants.js';

export const monsterShootGame: GameDefinition = {
  id: 'monster_shoot',
  build: 'monster_shoot@1',
  variants: VARIANTS.map((v) => v.id),
  slots: [{ slot: 0, team: 0 }],
  create(options) {
    const variant = findVariant(options.variant);
    if (variant === undefined) throw new RangeError(`monster_shoot has no variant '${options.variant}'`);
    return new MonsterShootSimulation(variant, options);
  },
};
