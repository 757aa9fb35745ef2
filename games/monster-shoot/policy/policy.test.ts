import { RandomAgent } from '../../../agents/index.js';
import { createMonsterShootPolicy } from '../../policies.js';
import { MonsterShootState } from '../state.js';
import { monsterShootGame } from '../game.js';
import { describeSoloPolicy } from '../../../tests/support/policy-suite.js';

describeSoloPolicy({
  game: monsterShootGame,
  schema: MonsterShootState,
  policy: () => createMonsterShootPolicy(),
  random: (seed) => new RandomAgent(seed),
  beats: 'removes far more monster health than',
  margins: { idle: 0.6, random: 0.6 },
  minDecisions: 5,
  heldOut: 'progress',
});
