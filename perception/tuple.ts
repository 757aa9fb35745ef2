/**
 * The reference and answer tuples of the perception benchmarks (Video-Arena's three tiers). A tuple is one
 * critical event: what happened and to whom, when (T1), the state update it caused (T2), and the resulting
 * task-relevant state (T3). Times are seconds of video from its first frame. Label values are short strings
 * from the game's declared vocabulary, so equality is exact string equality; `null` marks a tier with no label.
 */
import { z } from 'zod';

/** One event tuple, as a reference label or as a model's answer. */
export const PerceptionTuple = z.strictObject({
  /** Seconds from the video's first frame (the game time the event happened, minus the video's start). */
  t: z.number().finite().min(0),
  /** The event's name from the game's vocabulary (e.g. `goal`, `hit`, `pickup`). */
  event: z.string().min(1).max(64),
  /** Who the event concerns (a player or team label from the task text), or null when the event has no actor. */
  who: z.string().min(1).max(64).nullable(),
  /** T2: the state update the event caused, in the task text's words (e.g. `score_a+1`), or null. */
  update: z.string().min(1).max(128).nullable(),
  /** T3: the task-relevant state after the event (e.g. `2-1`, `A leads`), or null. */
  state: z.string().min(1).max(128).nullable(),
});
export type PerceptionTuple = z.infer<typeof PerceptionTuple>;

/** A tuple set: a case's references, or one answer. */
export const TupleSet = z.array(PerceptionTuple).max(10_000);
export type TupleSet = z.infer<typeof TupleSet>;

/** The fields that name an event's identity: greedy matching pairs only tuples with equal identity. */
export function eventIdentity(tuple: PerceptionTuple): string {
  return `${tuple.event}\u0000${tuple.who ?? ''}`;
}

/** The strict tolerance on |t_answer - t_reference|, seconds. */
export const TIME_TOLERANCE_S = 3;
