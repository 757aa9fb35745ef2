import { createObstacleRun2dPolicy } from '../../policies.js';
import { ObstacleRun2dState } from '../state.js';
import { obstacleRun2dGame } from '../game.js';
import { describeSoloPolicy } from '../../../tests/support/policy-suite.js';
import { randomChunkAgent } from '../../../tests/support/pdq-driver.js';

describeSoloPolicy({
  game: obstacleRun2dGame,
  schema: ObstacleRun2dState,
  policy: () => createObstacleRun2dPolicy(),
  random: (seed, controls) => randomChunkAgent(seed, controls.keys, controls.chunkSteps),
  beats: 'gets far further than',
  margins: { idle: 0.6, random: 0.6 },
  minDecisions: 10,
  solves: { name: 'reaches the finish line of origin seed 1 within the time limit', reason: 'finished' },
  heldOut: { finishes: 'reaches the finish line' },
  solvesLcrt: { name: 'reaches the finish line of origin seed 1 with an lcrt cadence: 500 ms idle before each chunk, none after', reason: 'finished' },
});
