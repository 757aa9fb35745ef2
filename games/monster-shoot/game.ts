/** The monster_shoot game definition the GameLink host serves. */
import { monsterShootPerception } from './perception.js';
import { defineGame } from '../common/define-game.js';
import { MonsterShootSimulation } from './simulation.js';
import { VARIANTS } from './variants.js';

export const monsterShootGame = defineGame({
  id: 'monster_shoot',
  build: 'monster_shoot@1',
  variants: VARIANTS,
  slots: [{ slot: 0, team: 0 }],
  perception: monsterShootPerception,
  start: (variant, options) => new MonsterShootSimulation(variant, options),
});
