/** The scripted player of every board: plays the puzzle's proven good move, else a legal move from the privileged state. */
import { Prng, formatChunk, type Agent, type AgentStart, type Decision, type Observation } from '../../protocol/index.js';

/** A privileged agent answering a legal move in the game's notation: the first one, or a seeded pick when `seed` is given. */
export function createBoardPolicy(seed?: number): Agent {
  let rng: Prng | undefined;
  return {
    kind: 'scripted',
    privileged: true,
    frameEncoding: 'rgb',
    async start(info: AgentStart) {
      rng = seed === undefined ? undefined : new Prng(seed, info.slot + 11);
    },
    async decide(observation: Observation): Promise<Decision> {
      const started = performance.now();
      const legal = Array.isArray(observation.state?.legalMoves) ? (observation.state.legalMoves as unknown[]).filter((m): m is string => typeof m === 'string') : [];
      // Solo puzzles name a move their solution proves good.
      const hint = typeof observation.state?.goodMove === 'string' ? observation.state.goodMove : undefined;
      const move = hint ?? (legal.length === 0 ? '' : legal[rng ? rng.int(legal.length) : 0]!);
      const answer = move === '' ? 'no legal move' : formatChunk({ look: { dx: 0, dy: 0 }, steps: [[]], move });
      return { kind: 'answer', answer, timings: { wallMs: performance.now() - started } };
    },
    async close() {},
  };
}
