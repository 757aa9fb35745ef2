import { createLastStandPolicy } from '../../policies.js';
import { LastStandState } from '../state.js';
import { lastStandGame } from '../game.js';
import { describeSoloPolicy } from '../../../tests/support/policy-suite.js';
import { randomChunkAgent } from '../../../tests/support/pdq-driver.js';

describeSoloPolicy({
  game: lastStandGame,
  schema: LastStandState,
  policy: () => createLastStandPolicy(),
  random: (seed, controls) => randomChunkAgent(seed, controls.keys, controls.chunkSteps),
  beats: 'survives far longer than',
  margins: { idle: 0.4, random: 0.4 },
  minDecisions: 10,
  solves: { name: 'survives origin seed 1 to the time limit', reason: 'time_limit' },
});
