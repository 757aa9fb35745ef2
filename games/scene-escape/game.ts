/** The scene_escape game definition the GameLink host serves. */
import { sceneEscapePerception } from './perception.js';
import { defineGame } from '../common/define-game.js';
import { SceneEscapeSimulation } from './simulation.js';
import { VARIANTS } from './variants.js';

export const sceneEscapeGame = defineGame({
  id: 'scene_escape',
  build: 'scene_escape@1',
  variants: VARIANTS,
  slots: [{ slot: 0, team: 0 }],
  perception: sceneEscapePerception,
  start: (variant, options) => new SceneEscapeSimulation(variant, options),
});
