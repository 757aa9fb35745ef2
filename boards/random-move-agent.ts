/** The End-to-End random baseline: the `random` agent, answering moves drawn from the board's whole move space, legal or not. */
import { RandomAgent } from '../agents/index.js';
import type { Agent } from '../protocol/index.js';
import { tasksOf } from './samples.js';

/** The `random` agent on `game`: uniformly random moves of the match's variant in the game's notation, seeded. */
export function createRandomMoveAgent(game: string, seed: number): Agent {
  const tasks = tasksOf(game);
  return new RandomAgent(seed, (variant, rng) => tasks.randomMove(rng, variant));
}
