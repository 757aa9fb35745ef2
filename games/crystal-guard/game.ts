/** The crystal_guard game definition the GameLink host serves. */
import { crystalGuardPerception } from './perception.js';
import { defineGame } from '../common/define-game.js';
import { CrystalGuardSimulation } from './simulation.js';
import { VARIANTS } from './variants.js';

export const crystalGuardGame = defineGame({
  id: 'crystal_guard',
  build: 'crystal_guard@1',
  variants: VARIANTS,
  slots: [
    { slot: 0, team: 0 },
    { slot: 1, team: 1 },
  ],
  perception: crystalGuardPerception,
  start: (variant, options) => new CrystalGuardSimulation(variant, options),
});
