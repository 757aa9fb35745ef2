/** What travels through the queues: an episode to play, and its outcome on the way back. */
import { z } from 'zod';
import { EndpointLimits } from '../../spec/sweep-spec.js';
import { EpisodeJob, EpisodeOutcome } from '../episode-job.js';

/** An episode job as a worker's queue carries it. */
export const WorkPayload = z.strictObject({
  job: EpisodeJob,
  attempt: z.number().int().min(0),
  /** Where the coordinator placed it: the worker and the slot that plays it (a coordinator that resumes reads it back). */
  placed: z.strictObject({ worker: z.string(), slot: z.number().int().min(0) }),
  /** The results queue of the coordinator that wants the outcome. */
  results: z.string().min(1),
  endpoints: z.record(z.string(), EndpointLimits),
});
export type WorkPayload = z.infer<typeof WorkPayload>;

/** An outcome as a results queue carries it. */
export const ResultPayload = z.strictObject({
  job: EpisodeJob,
  attempt: z.number().int().min(0),
  outcome: EpisodeOutcome,
  /** The hash holding the run directory's files; null when the run went to a shared path. */
  files: z.string().nullable(),
});
export type ResultPayload = z.infer<typeof ResultPayload>;

/**
 * The BullMQ job id of an attempt: one per batch, episode and attempt (and runs folder, when the item names its
 * own, as a curve's rounds do with their repeated episode ids), so re-adding it is a no-op.
 */
export const attemptId = (batchKey: string, episodeId: string, attempt: number, folder?: string): string =>
  folder === undefined ? `${batchKey}.${episodeId}.a${attempt}` : `${batchKey}.${folder}.${episodeId}.a${attempt}`;
