import { RandomAgent } from '../../../agents/index.js';
import { createSceneEscapePolicy } from '../../policies.js';
import { SceneEscapeState } from '../state.js';
import { sceneEscapeGame } from '../game.js';
import { describeSoloPolicy } from '../../../tests/support/policy-suite.js';

describeSoloPolicy({
  game: sceneEscapeGame,
  schema: SceneEscapeState,
  policy: () => createSceneEscapePolicy(),
  random: (seed) => new RandomAgent(seed),
  beats: 'completes far more of the chain than',
  margins: { idle: 0.6, random: 0.5 },
  minDecisions: 5,
  solves: { name: 'escapes origin seed 1 within the step budget', reason: 'escaped' },
  heldOut: 'progress',
});
