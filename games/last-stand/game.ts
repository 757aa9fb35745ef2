/** The last_stand game definition the GameLink host serves. */
import { lastStandPerception } from './perception.js';
import { defineGame } from '../common/define-game.js';
import { LastStandSimulation } from './simulation.js';
import { VARIANTS } from './variants.js';

export const lastStandGame = defineGame({
  id: 'last_stand',
  build: 'last_stand@1',
  variants: VARIANTS,
  slots: [{ slot: 0, team: 0 }],
  perception: lastStandPerception,
  start: (variant, options) => new LastStandSimulation(variant, options),
});
