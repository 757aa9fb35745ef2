/** The End-to-End random baseline: answers a move drawn from the board's whole move space, legal or not. */
import { Prng, formatChunk, type Agent, type AgentStart, type Decision } from '../protocol/index.js';
import { tasksOf } from './samples.js';

/** An agent answering uniformly random moves of `game` in its notation, seeded. */
export function createRandomMoveAgent(game: string, seed: number): Agent {
  const tasks = tasksOf(game);
  let rng = new Prng(seed, 9);
  return {
    kind: 'random-move',
    privileged: false,
    frameEncoding: 'rgb',
    async start(info: AgentStart) {
      rng = new Prng(seed, 9 + info.slot);
    },
    async decide(): Promise<Decision> {
      const started = performance.now();
      return { kind: 'answer', answer: formatChunk({ look: { dx: 0, dy: 0 }, steps: [[]], move: tasks.randomMove(rng) }), timings: { wallMs: performance.now() - started } };
    },
    async close() {},
  };
}
