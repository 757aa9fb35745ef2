/** The cue_chase game definition the GameLink host serves. */
import { cueChasePerception } from './perception.js';
import { defineGame } from '../common/define-game.js';
import { CueChaseSimulation } from './simulation.js';
import { VARIANTS } from './variants.js';

export const cueChaseGame = defineGame({
  id: 'cue_chase',
  build: 'cue_chase@1',
  variants: VARIANTS,
  slots: [{ slot: 0, team: 0 }],
  perception: cueChasePerception,
  start: (variant, options) => new CueChaseSimulation(variant, options),
});
