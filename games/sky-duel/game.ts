/** The sky_duel game definition the GameLink host serves. */
import { skyDuelPerception } from './perception.js';
import { defineGame } from '../common/define-game.js';
import { SkyDuelSimulation } from './simulation.js';
import { VARIANTS } from './variants.js';

export const skyDuelGame = defineGame({
  id: 'sky_duel',
  build: 'sky_duel@1',
  variants: VARIANTS,
  slots: [
    { slot: 0, team: 0 },
    { slot: 1, team: 1 },
  ],
  perception: skyDuelPerception,
  start: (variant, options) => new SkyDuelSimulation(variant, options),
});
