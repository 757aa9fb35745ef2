import { RandomAgent } from '../../../agents/index.js';
import { createSceneEscapePolicy, SceneEscapeView } from '../../policies.js';
import { sceneEscapeGame } from '../../index.js';
import { describeSoloPolicy } from '../../../tests/support/policy-suite.js';

describeSoloPolicy({
  game: sceneEscapeGame,
  schema: SceneEscapeView,
  policy: () => createSceneEscapePolicy(),
  random: (seed) => new RandomAgent(seed),
  beats: 'completes far more of the chain than',
  margins: { idle: 0.6, random: 0.5 },
  minDecisions: 5,
  solves: { name: 'escapes origin seed 1 within the step budget', reason: 'escaped' },
  heldOut: 'progress',
});
