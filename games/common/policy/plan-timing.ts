/** How long a planned chunk lasts and what follows it: the timing every scripted planner plans for. */
import { RunDefaults } from '../../../games-manifest/index.js';

/** Steps a chunk has and how long each one holds its keys. */
export interface ChunkTiming {
  readonly chunkSteps: number;
  /** Game time of one step, ms. */
  readonly stepMs: number;
}

/** A chunk's timing and the idle time after it. */
export interface IdleTiming extends ChunkTiming {
  /** Game time that passes with no keys held after the chunk and before the next observation, ms. */
  readonly idleMs: number;
}

/** Options of the policies that plan through the idle time after each chunk. */
export interface IdlePolicyOptions {
  /** Game time the gateway runs with no keys held after each chunk, ms; default the pdq observation delay (2000). */
  readonly idleMs?: number;
}

/** The timing of `chunkSteps` steps of the run defaults' step time, until `start` tells the game's own. */
export function chunkTiming(chunkSteps: number): ChunkTiming {
  return { chunkSteps, stepMs: RunDefaults.stepMs };
}

/** `chunkTiming` plus the idle time `options` give, by default the pdq observation delay. */
export function idleTiming(chunkSteps: number, options: IdlePolicyOptions): IdleTiming {
  return { chunkSteps, stepMs: RunDefaults.stepMs, idleMs: options.idleMs ?? RunDefaults.observationDelayMs };
}

/** Whole game ticks in one step (at least 1). */
export function ticksPerStep(timing: ChunkTiming, tickMs: number): number {
  return Math.max(1, Math.round(timing.stepMs / tickMs));
}
