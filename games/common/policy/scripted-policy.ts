/**
 * The agent shell every scripted policy shares: privileged, raw RGB frames, timing (and slot) taken from
 * `start`, the observed state parsed with the policy's schema on every decision, and a no-op chunk with a
 * note when the state is missing or does not parse.
 */
import type { z } from 'zod';
import { noopChunk, type ActionChunk, type Agent, type AgentStart, type Decision, type Observation } from '../../../protocol/index.js';
import type { ChunkTiming } from './plan-timing.js';

/** A plan's answer when it has nothing to do: the policy plays a no-op chunk, with `note` if given. */
export interface IdlePlan {
  readonly idle: true;
  readonly note?: string;
}

/** An `IdlePlan`, noted when `note` is given. */
export function idlePlan(note?: string): IdlePlan {
  return note === undefined ? { idle: true } : { idle: true, note };
}

/** What a plan is told besides the parsed state. */
export interface PlanContext<T extends ChunkTiming> {
  /** The policy's timing: the control set's steps once `start` ran. */
  readonly timing: T;
  /** The slot `start` gave; undefined before `start`. */
  readonly slot: number | undefined;
  readonly observation: Observation;
}

export interface ScriptedPolicySpec<V, T extends ChunkTiming> {
  /** Game id, named in the note on an unusable state. */
  readonly game: string;
  /** The part of the privileged state the plan reads, checked on every observation. */
  readonly schema: z.ZodType<V>;
  /** Timing before `start` replaces its steps and step time with the control set's. */
  readonly timing: T;
  readonly plan: (view: V, context: PlanContext<T>) => ActionChunk | IdlePlan;
}

/** A privileged agent that answers each observation with `spec.plan` of its parsed state. */
export function scriptedPolicy<V, T extends ChunkTiming>(spec: ScriptedPolicySpec<V, T>): Agent {
  let timing = spec.timing;
  let slot: number | undefined;
  return {
    kind: 'scripted',
    privileged: true,
    frameEncoding: 'rgb',
    async start(info: AgentStart) {
      timing = { ...timing, chunkSteps: info.controls.chunkSteps, stepMs: info.controls.stepMs };
      slot = info.slot;
    },
    async decide(observation: Observation): Promise<Decision> {
      const started = performance.now();
      const chunk = (planned: ActionChunk, note?: string): Decision => ({
        kind: 'chunk',
        chunk: planned,
        timings: { wallMs: performance.now() - started },
        ...(note === undefined ? {} : { note }),
      });
      const parsed = spec.schema.safeParse(observation.state);
      if (!parsed.success) return chunk(noopChunk(timing.chunkSteps), `no usable ${spec.game} state`);
      const planned = spec.plan(parsed.data, { timing, slot, observation });
      return 'idle' in planned ? chunk(noopChunk(timing.chunkSteps), planned.note) : chunk(planned);
    },
    async close() {},
  };
}
