/**
 * The agent shell every scripted policy shares: privileged, raw RGB frames, timing (and slot) taken from
 * `start`, the observed state parsed with the policy's schema once per observed state (every slot's policy of
 * a match gets the same state object), and a no-op chunk with a note when the state is missing or does not parse.
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

/** Each schema's parse of each observed state object: one parse per observation, whichever slot's policy reads it. */
const parsedStates = new WeakMap<z.ZodType, WeakMap<object, z.ZodSafeParseResult<unknown>>>();

/** `schema.safeParse(state)`, once per state object (the plans read their view and never change it). */
export function parseStateOnce<V>(schema: z.ZodType<V>, state: unknown): z.ZodSafeParseResult<V> {
  if (typeof state !== 'object' || state === null) return schema.safeParse(state);
  let bySchema = parsedStates.get(schema);
  if (bySchema === undefined) parsedStates.set(schema, (bySchema = new WeakMap()));
  let parsed = bySchema.get(state);
  if (parsed === undefined) bySchema.set(state, (parsed = schema.safeParse(state)));
  return parsed as z.ZodSafeParseResult<V>;
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
      const parsed = parseStateOnce(spec.schema, observation.state);
      if (!parsed.success) return chunk(noopChunk(timing.chunkSteps), `no usable ${spec.game} state`);
      const planned = spec.plan(parsed.data, { timing, slot, observation });
      return 'idle' in planned ? chunk(noopChunk(timing.chunkSteps), planned.note) : chunk(planned);
    },
    async close() {},
  };
}
