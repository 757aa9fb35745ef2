/**
 * An in-process pdq driver for tests: observe, let the agent decide, run its chunk as the gateway compiles it
 * for the game's control set, then run the observation delay with nothing held. Also the test players
 * (idle, random) the policy tests compare against.
 */
import { compileChunk as compileForControls } from '../../gateway/index.js';
import type { ActionChunk, Agent, ControlSet, InputEvent } from '../../protocol/index.js';
import type { Simulation } from '../../games/runtime/simulation.js';
import { runPdq } from './pdq-loop.js';

export { advance } from './pdq-loop.js';

export interface PdqOptions {
  /** The game's control set: chunks are cut to its steps and compiled for it (tap controls, LMB as a button). */
  readonly controls: ControlSet;
  /** Game time run with nothing held after each chunk, ms; default 2000. */
  readonly observationDelayMs?: number;
  /** Game time run with nothing held before each chunk, ms; default 0 (500 with no delay after is an lcrt cadence). */
  readonly leadMs?: number;
  /** Most decisions before the driver gives up; default 1000. */
  readonly maxDecisions?: number;
}

/** Controls under which a chunk compiles to plain held keys: no taps, steps of `stepMs`. */
function heldKeys(stepMs: number): ControlSet {
  return { keys: [], buttons: [], tapControls: [], mouseAxes: [], maxLookDeg: 360, chunkSteps: 64, stepMs, tapMs: 1 };
}

/** The input schedule a chunk of held keys compiles to with the gateway's compiler, `at` in ms from the chunk's start. */
export function compileChunk(chunk: ActionChunk, stepMs: number, slot = 0): InputEvent[] {
  return [...compileForControls(chunk, heldKeys(stepMs), slot).inputs];
}

/** Plays one episode of `sim` with `agent` in slot 0 in pdq; returns the player's final progress. */
export async function playPdq(sim: Simulation, agent: Agent, options: PdqOptions): Promise<number> {
  const decisions = options.maxDecisions ?? 1000;
  await runPdq(sim, [{ slot: 0, agent }], { controls: options.controls, decisions, observationDelayMs: options.observationDelayMs ?? 2000, leadMs: options.leadMs ?? 0 });
  return sim.progress()[0]?.progress ?? 0;
}

/** A seeded 32-bit PRNG (mulberry32) for test players. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An agent that answers every observation with `chunk(step)`: idle, random or scripted test players. */
export function chunkAgent(chunk: (step: number) => ActionChunk): Agent {
  return {
    kind: 'test',
    privileged: false,
    frameEncoding: 'rgb',
    async start() {},
    async decide(observation) {
      return { kind: 'chunk', chunk: chunk(observation.step), timings: { wallMs: 0 } };
    },
    async close() {},
  };
}

/** A player that holds each of `keys` in each step with probability 0.3 and looks around at random. */
export function randomChunkAgent(seed: number, keys: readonly string[], chunkSteps = 6): Agent {
  const random = seededRandom(seed);
  return chunkAgent(() => ({
    look: { dx: Math.round((random() * 2 - 1) * 45), dy: Math.round((random() * 2 - 1) * 10) },
    steps: Array.from({ length: chunkSteps }, () => keys.filter(() => random() < 0.3)),
  }));
}
