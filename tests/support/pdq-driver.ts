/**
 * An in-process pdq driver for tests: observe, let the agent decide, run its chunk (look at the start,
 * keys held step by step, all released at the end), then run the observation delay with nothing held.
 */
import type { ActionChunk, Agent, ControlSet, InputEvent } from '../../protocol/index.js';
import { compileChunk as compileForControls } from '../../gateway/chunk-compiler.js';
import type { Simulation } from '../../games/host/simulation.js';

export interface PdqOptions {
  readonly stepMs?: number;
  readonly chunkSteps?: number;
  readonly observationDelayMs?: number;
  /** Most decisions before the driver gives up; default 1000. */
  readonly maxDecisions?: number;
  /** When given, chunks compile as the gateway compiles them for this control set (tap controls, LMB as a button); `stepMs` and `chunkSteps` default to its own. */
  readonly controls?: ControlSet;
}

/** The input schedule a chunk compiles to, `at` in ms from the chunk's start. */
export function compileChunk(chunk: ActionChunk, stepMs: number, slot = 0): InputEvent[] {
  const events: InputEvent[] = [];
  if (chunk.look.dx !== 0 || chunk.look.dy !== 0) events.push({ type: 'look', at: 0, slot, dx: chunk.look.dx, dy: chunk.look.dy });
  let held: readonly string[] = [];
  chunk.steps.forEach((step, i) => {
    for (const key of held) if (!step.includes(key)) events.push({ type: 'key', at: i * stepMs, slot, key, down: false });
    for (const key of step) if (!held.includes(key)) events.push({ type: 'key', at: i * stepMs, slot, key, down: true });
    held = step;
  });
  for (const key of held) events.push({ type: 'key', at: chunk.steps.length * stepMs, slot, key, down: false });
  return events;
}

/** Runs `ms` of game time, delivering each event at the start of the tick it falls in; stops early at the end. */
export function advance(sim: Simulation, ms: number, events: readonly InputEvent[]): void {
  const pending = [...events].sort((a, b) => a.at - b.at);
  for (let elapsed = 0; elapsed < ms && sim.ended() === undefined; elapsed += sim.tickMs) {
    while (pending.length > 0 && (pending[0]?.at ?? Infinity) < elapsed + sim.tickMs) {
      const event = pending.shift();
      if (event) sim.input(event);
    }
    sim.tick();
  }
}

/** Plays one episode of `sim` with `agent` in pdq; returns the player's final progress. */
export async function playPdq(sim: Simulation, agent: Agent, options: PdqOptions = {}): Promise<number> {
  const stepMs = options.stepMs ?? options.controls?.stepMs ?? 120;
  const chunkSteps = options.chunkSteps ?? options.controls?.chunkSteps ?? 6;
  const delayMs = options.observationDelayMs ?? 2000;
  const signal = new AbortController().signal;
  for (let step = 0; step < (options.maxDecisions ?? 1000) && sim.ended() === undefined; step++) {
    const state = sim.state();
    const decision = await agent.decide(
      {
        slot: 0,
        step,
        simMs: typeof state.simMs === 'number' ? state.simMs : 0,
        frame: { seq: step, width: 1, height: 1, encoding: 'rgb', data: new Uint8Array(3) },
        progress: sim.progress()[0]?.progress ?? 0,
        ...(agent.privileged ? { state } : {}),
      },
      signal,
    );
    if (decision.kind !== 'chunk') throw new Error('the pdq test driver takes chunk decisions only');
    const steps = decision.chunk.steps.slice(0, chunkSteps);
    const chunk = { look: decision.chunk.look, steps };
    const inputs = options.controls ? [...compileForControls(chunk, { ...options.controls, stepMs }, 0).inputs] : compileChunk(chunk, stepMs);
    advance(sim, steps.length * stepMs + delayMs, inputs);
  }
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
