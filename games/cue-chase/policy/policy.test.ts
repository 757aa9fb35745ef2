import { RandomAgent } from '../../../agents/index.js';
import { createCueChasePolicy } from '../../policies.js';
import { CueChaseState } from '../state.js';
import { cueChaseGame } from '../game.js';
import { describeSoloPolicy } from '../../../tests/support/policy-suite.js';

describeSoloPolicy({
  game: cueChaseGame,
  schema: CueChaseState,
  policy: () => createCueChasePolicy(),
  random: (seed) => new RandomAgent(seed),
  beats: 'completes far more trades than',
  margins: { idle: 0.6, random: 0.5 },
  minDecisions: 5,
  solves: { name: 'completes every trade on origin seed 1 within the step budget', reason: 'completed' },
  heldOut: 'progress',
});
